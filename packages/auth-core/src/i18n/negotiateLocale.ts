import { DEFAULT_LOCALE } from './locales'
import type { Locale } from './locales'
import { matchFirstLocale, matchLocale } from './matchLocale'

/** What the language of a page is chosen from, read by the caller (auth-core reads no globals). */
export interface LocaleInputs {
  /** The page's query string (`location.search`), with or without its `?`. */
  readonly search: string
  /** The `locale` cookie's value (see {@link readLocale}), or null. */
  readonly saved: string | null
  /** The browser's preferred languages (`navigator.languages`), most preferred first. */
  readonly languages: readonly string[]
}

/**
 * The locale a page asked for in its query: `ui_locales` (OpenID Connect's space-separated list,
 * sent by sub-sites that link here), then `lang`. Null when neither names a supported locale.
 * @see https://openid.net/specs/openid-connect-core-1_0.html#AuthRequest (ui_locales)
 */
export function localeFromQuery(search: string): Locale | null {
  const params = new URLSearchParams(search)
  const uiLocales = params.get('ui_locales')
  const lang = params.get('lang')
  return (
    (uiLocales === null ? null : matchFirstLocale(uiLocales.split(' '))) ??
    (lang === null ? null : matchLocale(lang))
  )
}

/**
 * The language to show: the query's `ui_locales` or `lang`, then the person's saved choice (the
 * `locale` cookie), then the browser's languages in order, then English. Each step falls back as
 * {@link matchLocale} describes and is skipped when it names nothing supported.
 * @see ../../../../shared/docs/contracts.md (the `locale` cookie)
 * @see https://html.spec.whatwg.org/multipage/system-state.html#dom-navigator-languages
 */
export function negotiateLocale(inputs: LocaleInputs): Locale {
  return (
    localeFromQuery(inputs.search) ??
    (inputs.saved === null ? null : matchLocale(inputs.saved)) ??
    matchFirstLocale(inputs.languages) ??
    DEFAULT_LOCALE
  )
}
