/**
 * The texts of a language variant, written into its page (build/prerenderPlugin.ts) as a JSON
 * data block the views read at start (src/i18n/pageTexts.ts). Every `<` is written `\u003c`
 * (the same string to JSON), so no text can end the element (`</script`) or open a comment or
 * another script inside it (`<!--`, `<script`), whatever a translation holds.
 * @see https://html.spec.whatwg.org/multipage/scripting.html#restrictions-for-contents-of-script-elements
 */
import type { Locale, LocaleMessages } from '@mapping-platform/auth-core'
import { PAGE_TEXTS } from '../src/i18n/pageTexts.ts'

/** `<script type="application/json" id="page-texts" lang="…">` holding `messages`. */
export function pageTextsBlock(locale: Locale, messages: LocaleMessages): string {
  const json = JSON.stringify(messages).replace(/</g, '\\u003c')
  return `<script type="application/json" id="${PAGE_TEXTS}" lang="${locale}">${json}</script>`
}
