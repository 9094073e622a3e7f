/**
 * Subresource Integrity for every page the build emits (index.html and its language variants
 * index.<tag>.html): each `<script src>`, `<link rel="stylesheet">` and `<link rel="modulepreload">`
 * gets `integrity="sha384-…"`, computed from the bytes of the file AS WRITTEN to the output
 * directory. It runs in `writeBundle` (after every plugin's `generateBundle` and after Rollup has
 * written the files), last, and rewrites the pages on disk: the one place hashes are made, from
 * the final bytes, so a page can never disagree with its assets. scripts/checkDist.mjs checks the
 * result independently.
 *
 * Dynamic-import chunks (the lazy steps, Sentry, each locale's texts when not preloaded) cannot
 * carry integrity without an import map's `integrity` section; see deploy/README.md.
 * @see https://www.w3.org/TR/SRI/
 * @see https://html.spec.whatwg.org/multipage/links.html#link-type-modulepreload
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin } from 'vite'

/** `<script …>` or `<link …>` with its attributes. */
const TAG = /<(script|link)\b([^>]*)>/gi
const attribute = (attributes: string, name: string): string | undefined =>
  new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(attributes)?.[1]

/** The `integrity` value for `bytes`: one SHA-384 digest, base64 (SRI's recommended strength). */
export function integrityOf(bytes: Uint8Array): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`
}

/**
 * `html` with `integrity` on every script, stylesheet, modulepreload and script/style preload
 * that it loads, from `bytesOf(url)`. Throws for a tag that already has one (hashes are made in
 * one place only) or that loads something not under `base` (it cannot be hashed here).
 */
export function addIntegrity(
  html: string,
  base: string,
  bytesOf: (path: string) => Uint8Array,
): string {
  return html.replace(TAG, (tag, name: string, attributes: string) => {
    const isScript = name.toLowerCase() === 'script'
    const rel = attribute(attributes, 'rel')?.toLowerCase()
    const as = attribute(attributes, 'as')?.toLowerCase()
    const needsIntegrity = isScript
      ? attribute(attributes, 'src') !== undefined
      : rel === 'stylesheet' ||
        rel === 'modulepreload' ||
        (rel === 'preload' && (as === 'script' || as === 'style'))
    if (!needsIntegrity) return tag
    if (attribute(attributes, 'integrity') !== undefined)
      throw new Error(`${tag} already has an integrity attribute`)
    const urlAttribute = isScript ? 'src' : 'href'
    const url = attribute(attributes, urlAttribute)!
    if (!url.startsWith(base) || url.startsWith('//'))
      throw new Error(`${tag} loads ${url}, not a file of this build (under ${base})`)
    const path = decodeURIComponent(url.slice(base.length).split(/[?#]/)[0]!)
    const integrity = integrityOf(bytesOf(path))
    return tag.replace(
      new RegExp(`(\\s${urlAttribute}\\s*=\\s*"[^"]*")`, 'i'),
      `$1 integrity="${integrity}"`,
    )
  })
}

/** The plugin: every emitted `.html` file rewritten on disk with its subresources' integrity. */
export function subresourceIntegrity(): Plugin {
  let base = '/'
  let outDir = ''
  return {
    name: 'signin:subresource-integrity',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base
      outDir = resolve(config.root, config.build.outDir)
    },
    writeBundle: {
      order: 'post',
      sequential: true,
      handler(options, bundle) {
        const dir = options.dir ?? outDir
        const pages = Object.keys(bundle).filter((fileName) => fileName.endsWith('.html'))
        if (pages.length === 0) throw new Error('the build wrote no HTML page to add integrity to')
        for (const page of pages) {
          const path = join(dir, page)
          const html = readFileSync(path, 'utf8')
          writeFileSync(
            path,
            addIntegrity(html, base, (file) => readFileSync(join(dir, file))),
          )
        }
      },
    },
  }
}
