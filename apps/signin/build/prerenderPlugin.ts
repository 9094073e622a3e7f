/**
 * Prerenders the email step into index.html at build time (`src/prerender.tsx`, loaded through
 * Vite's module runner so it is transformed like the app), from the very variables the build bakes
 * into the bundle. The root element gets the markup; nothing inline is added (no script, no style).
 */
import { fileURLToPath } from 'node:url'
import { runnerImport } from 'vite'
import type { Plugin, ResolvedConfig } from 'vite'
import type * as Prerender from '../src/prerender'

const ROOT_ELEMENT = '<div id="root"></div>'

export function prerenderEmailStep(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'signin:prerender-email-step',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no ${ROOT_ELEMENT}`)
        const entry = fileURLToPath(new URL('../src/prerender.tsx', import.meta.url))
        const { module } = await runnerImport<typeof Prerender>(entry, {
          configFile: false,
          root: config.root,
          mode: config.mode,
          logLevel: 'error',
          resolve: { alias: config.resolve.alias },
          define: { 'import.meta.env': JSON.stringify(config.env) },
        })
        const markup = module.prerenderEmailStep(config.env)
        return html.replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`)
      },
    },
  }
}
