/**
 * The views' chunk (React and the steps: `src/startApp.tsx`, one chunk by vite.config.ts's
 * `codeSplitting`) preloaded with the entry. The entry imports it only after the flow has started
 * (`src/startPage.ts`: a return from a provider sends its request first), yet a first visit fetches
 * it in parallel with the entry rather than after it, so the email step is not interactive any
 * later. The preload goes into the template of build/scriptsAfterFirstFrame.ts beside the entry
 * script, so it is requested with it (after the first frame, at once on a return); the language
 * variants are made from this page, and build/subresourceIntegrity.ts adds its digest there.
 * @see https://html.spec.whatwg.org/multipage/links.html#link-type-modulepreload
 */
import type { Plugin, Rollup } from 'vite'

const VIEWS_MODULE = /[\\/]src[\\/]startApp\.tsx$/
/** The template's scripts (build/scriptsAfterFirstFrame.ts), up to its end. */
const TEMPLATE_SCRIPTS = /<template id="scripts">[\s\S]*?(?=<\/template>)/

/** `html` with a modulepreload of `href` at the end of its template of scripts. */
export function preloadInTemplate(html: string, href: string): string {
  if (!TEMPLATE_SCRIPTS.test(html)) throw new Error('index.html has no template of scripts')
  return html.replace(
    TEMPLATE_SCRIPTS,
    (scripts) => `${scripts}<link rel="modulepreload" crossorigin href="${href}">`,
  )
}

export function preloadViews(): Plugin {
  let base = '/'
  return {
    name: 'signin:preload-views',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const views = Object.values(context.bundle ?? {}).find(
          (output): output is Rollup.OutputChunk =>
            output.type === 'chunk' && output.moduleIds.some((id) => VIEWS_MODULE.test(id)),
        )
        if (views === undefined) throw new Error('the build has no chunk for src/startApp.tsx')
        return preloadInTemplate(html, `${base}${views.fileName}`)
      },
    },
  }
}
