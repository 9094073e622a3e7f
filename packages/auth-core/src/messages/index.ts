/**
 * `@mapping-platform/auth-core/messages`: the platform's languages and its translated texts (the
 * error codes' and the sign-in page's), so a sub-site shows the same words as the sign-in page for
 * the same error, in the language the person chose there (the `locale` cookie).
 *
 * ```ts
 * const locale = negotiateLocale({ search: location.search, saved: readLocale(document.cookie),
 *   languages: navigator.languages })
 * const catalogue = await loadErrorMessages(locale)   // one small lazy chunk per locale
 * element.textContent = errorMessageIn(catalogue, error.code)
 * ```
 */
export type { ErrorCatalogue } from './errorCatalogue'
export type { AuthErrorCode, CatalogueErrorCode, DeveloperErrorCode } from '../errors/authError'
export { errorCatalogueOf, errorMessageIn, loadErrorMessages } from './loadErrorMessages'
export { loadMessages } from './loadMessages'
export type { LocaleMessages } from './loadMessages'
export { DEFAULT_LOCALE, LOCALE_NAMES, LOCALES, isLocale, localeDirection } from '../i18n/locales'
export type { Locale } from '../i18n/locales'
export { matchFirstLocale, matchLocale } from '../i18n/matchLocale'
export { localeFromQuery, negotiateLocale } from '../i18n/negotiateLocale'
export type { LocaleInputs } from '../i18n/negotiateLocale'
export {
  LOCALE_COOKIE_MAX_AGE_SECONDS,
  LOCALE_COOKIE_NAME,
  planLocaleCookie,
  readLocale,
} from '../i18n/localeCookie'
// The types the functions above take and return, so the report names no hidden type
export type { CookieScopeConfig } from '../cookies/cookieRules'
export type { CookieWrite } from '../cookies/cookie.types'
