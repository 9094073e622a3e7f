/**
 * Prerenders the email step into index.html at build time (`src/prerender.tsx`, loaded through
 * Vite's module runner so it is transformed like the app), from the very variables the build bakes
 * into the bundle. The root element gets the markup; nothing inline is added (no script, no style).
 *
 * Then one variant per other locale, `index.<tag>.html` beside it (`index.de.html`,
 * `index.ar.html`): the same page in that language from its first paint (`<html lang dir>`, title,
 * description, `<noscript>`, the prerendered step) and with the locale's texts in the page, a JSON
 * data block at the end of the body (build/pageTextsBlock.ts), so the client hydrates it from them
 * at once: its first load is the same four requests as English's (the page, the entry, the views,
 * the icon), neither the switching chunk nor the texts' chunk (src/i18n/pageTexts.ts).
 * deploy/nginx.conf serves the variant the visit asks for at `/`; a host without it serves
 * index.html and the client switches right after load.
 *
 * Every page also gets, before its template of scripts, `<template id="views-failed">`: the card
 * the entry shows in the page's language when the views' chunk cannot be loaded
 * (`prerenderViewsFailed`, src/showViewsFailed.ts), and `<template id="signing-in">`: the card the
 * loader shows on a return from a provider (`prerenderSigningIn`, src/signingInTemplate.ts).
 */
import { fileURLToPath } from 'node:url'
import { runnerImport } from 'vite'
import type { Plugin, ResolvedConfig } from 'vite'
import type * as Prerender from '../src/prerender'
import { VIEWS_FAILED_TEMPLATE } from '../src/showViewsFailed.ts'
import { SIGNING_IN_TEMPLATE } from '../src/signingInTemplate.ts'
import { pageTextsBlock } from './pageTextsBlock.ts'
import { SCRIPTS_TEMPLATE } from './scriptsAfterFirstFrame.ts'

const ROOT_ELEMENT = '<div id="root"></div>'

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** `html` with `pattern`'s first match replaced; a build error when the page has no such part. */
function replaceOnce(html: string, pattern: RegExp, replacement: string): string {
  if (!pattern.test(html)) throw new Error(`index.html has no ${pattern}`)
  return html.replace(pattern, replacement)
}

export function prerenderEmailStep(): Plugin {
  let config: ResolvedConfig
  /** Each variant's file name and how it differs from the final index.html. */
  const variants = new Map<string, (html: string) => string>()
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
        const englishRoot = `<div id="root">${module.prerenderEmailStep(config.env)}</div>`
        // The cards the page shows without React, in its language: when the views' chunk cannot
        // be loaded (src/showViewsFailed.ts: the texts come with the page, not from the network
        // that just failed), and on a return from a provider until React has rendered its step
        // (src/signingInTemplate.ts).
        const cards = (translator: ReturnType<typeof module.createTranslator>) =>
          `<template id="${VIEWS_FAILED_TEMPLATE}">${module.prerenderViewsFailed(translator)}</template>\n    ` +
          `<template id="${SIGNING_IN_TEMPLATE}">${module.prerenderSigningIn(config.env, translator)}</template>\n    `
        const englishCards = cards(module.createTranslator('en'))
        if (!html.includes(SCRIPTS_TEMPLATE))
          throw new Error(`index.html has no ${SCRIPTS_TEMPLATE}`)
        const english = html
          .replace(ROOT_ELEMENT, englishRoot)
          .replace(SCRIPTS_TEMPLATE, () => `${englishCards}${SCRIPTS_TEMPLATE}`)
        for (const locale of module.LOCALES) {
          if (locale === 'en') continue
          const messages = module.messagesFor(locale)
          if (Object.keys(messages).length === 0) throw new Error(`no texts for ${locale}`)
          const translator = module.createTranslator(locale, messages)
          const text = (key: Parameters<typeof module.documentText>[1]) =>
            escapeHtml(module.documentText(translator, key))
          const markup = module.prerenderEmailStep(config.env, translator)
          variants.set(`index.${locale}.html`, (final) => {
            let page = replaceOnce(
              final,
              /<html lang="en"[^>]*>/,
              `<html lang="${locale}" dir="${translator.dir}">`,
            )
            page = replaceOnce(
              page,
              /<title>[^<]*<\/title>/,
              `<title>${escapeHtml(translator.t('documentTitle'))}</title>`,
            )
            page = replaceOnce(
              page,
              /<meta name="description" content="[^"]*" \/>/,
              `<meta name="description" content="${text('meta.description')}" />`,
            )
            page = replaceOnce(
              page,
              /(<noscript>\s*<p class="noscript">)[\s\S]*?(<\/p>)/,
              `$1${text('noscript')}$2`,
            )
            if (!page.includes(englishRoot)) throw new Error('index.html lost its prerendered root')
            if (!page.includes(englishCards))
              throw new Error('index.html lost its prerendered cards')
            // The locale's texts, read by the views at start (src/i18n/pageTexts.ts): no request.
            return page
              .replace(englishRoot, () => `<div id="root">${markup}</div>`)
              .replace(
                englishCards,
                () => `${cards(translator)}${pageTextsBlock(locale, messages)}\n    `,
              )
          })
        }
        return english
      },
    },
    // After Vite has written the final index.html (asset URLs in place): each variant from it.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html']
        if (index?.type !== 'asset') throw new Error('the bundle has no index.html')
        const final = String(index.source)
        for (const [fileName, make] of variants)
          this.emitFile({ type: 'asset', fileName, source: make(final) })
      },
    },
  }
}
