/**
 * The first frame independent of JavaScript: the prerendered email step is painted as soon as the
 * HTML is there, on a slow phone and in Lighthouse's simulation alike.
 *
 * The page's stylesheet inline: the entry's CSS (all of it: 13 KiB, under 4 KiB gzipped, so the
 * HTML and its styles still arrive in the first round trip) goes into a `<style>` in each page's
 * head instead of a render-blocking `<link rel="stylesheet">`, so the prerendered email step is
 * painted as soon as the HTML is there, before any script. The CSS file is dropped from the build.
 *
 * The strict CSP stays: the `<style>`'s SHA-256 (as CSP hashes an element's text) is written to
 * `.vite/csp-style-src` (one `'sha256-…'` source a line; not served), which deploy/render.sh puts
 * into `style-src` beside `'self'`. scripts/checkDist.mjs checks every inline element against the
 * CSP render.sh makes from the build (scripts/inlineHashCheck.mjs).
 *
 * The entry module script with `fetchpriority="low"`: a module script is deferred (it runs after
 * the document is parsed and never blocks rendering), and the priority says so to the browser's
 * scheduler and to Lighthouse's simulation, which otherwise counts every high-priority script that
 * arrived before the observed first paint as render-blocking, download and all.
 * @see https://www.w3.org/TR/CSP3/#match-element-to-source-list
 * @see https://html.spec.whatwg.org/multipage/urls-and-fetching.html#fetch-priority-attributes
 */
import { createHash } from 'node:crypto'
import type { Plugin, Rollup } from 'vite'

/** Where the style hashes go, for deploy/render.sh (under .vite/: nginx answers 404 there). */
export const STYLE_HASHES_FILE = '.vite/csp-style-src'

/** The CSP source for `text` as the content of an inline element. */
export function cspHashOf(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

const STYLESHEET = /<link rel="stylesheet"[^>]*\shref="([^"]+)"[^>]*>/g

export function firstPaint(): Plugin {
  let base = '/'
  const hashes = new Set<string>()
  return {
    name: 'signin:first-paint',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {}
        const page = html.replace(STYLESHEET, (_tag, href: string) => {
          const fileName = href.slice(base.length)
          const asset = bundle[fileName]
          if (asset?.type !== 'asset') throw new Error(`${href} is not a stylesheet of this build`)
          const css = String(asset.source).trim()
          if (/<\/style/i.test(css)) throw new Error(`${href} cannot be inlined: it holds </style`)
          hashes.add(cspHashOf(css))
          delete bundle[fileName]
          // Not in the manifest either: no file, no request.
          for (const output of Object.values(bundle))
            (output as Rollup.OutputChunk).viteMetadata?.importedCss.delete(fileName)
          return `<style>${css}</style>`
        })
        const entry = /<script type="module" crossorigin src=/g
        if ((page.match(entry) ?? []).length !== 1)
          throw new Error('the page has no one entry script')
        return page.replace(entry, '<script type="module" crossorigin fetchpriority="low" src=')
      },
    },
    generateBundle: {
      order: 'post',
      handler() {
        if (hashes.size === 0) throw new Error('no stylesheet was inlined: nothing to hash')
        this.emitFile({
          type: 'asset',
          fileName: STYLE_HASHES_FILE,
          source: `${[...hashes].join('\n')}\n`,
        })
      },
    },
  }
}
