/**
 * The first frame independent of JavaScript: the prerendered email step can be painted as soon as
 * the HTML is there (on a throttled load the card paints before the entry script has arrived).
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
 * The entry module script keeps its default (high) priority: at low priority Lighthouse's simulation
 * painted earlier (FCP 0.95 s) but counted the bundle's evaluation as blocking time (TBT 0 → 352 ms)
 * and the other languages' LCP went over their budget (docs/performance.md).
 * @see https://www.w3.org/TR/CSP3/#match-element-to-source-list
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
        return page
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
