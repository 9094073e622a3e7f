import type { CookieWrite } from '../cookies/cookie.types'
import { cookieScope } from '../cookies/cookieRules'
import { readCookieHeader } from '../cookies/readCookieHeader'
import type { CookieScopeConfig } from '../cookies/cookieRules'
import { isLocale } from './locales'
import type { Locale } from './locales'
import { matchLocale } from './matchLocale'

/** The cookie that holds the person's chosen language on the parent domain. */
export const LOCALE_COOKIE_NAME = 'locale'

/** One year, as `shared/docs/contracts.md` gives the `locale` cookie. */
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60

/**
 * The `locale` cookie for a chosen language: the parent domain (host-only in local mode),
 * `Path=/`, `Secure`, `SameSite=Lax`, one year. Every sub-site may write it the same way.
 * @see ../../../../shared/docs/contracts.md (the `locale` cookie)
 */
export function planLocaleCookie(config: CookieScopeConfig, locale: Locale): CookieWrite {
  return {
    name: LOCALE_COOKIE_NAME,
    value: locale,
    ...cookieScope(config),
    secure: true,
    sameSite: 'Lax',
    maxAgeSeconds: LOCALE_COOKIE_MAX_AGE_SECONDS,
  }
}

/**
 * The person's saved language from a `Cookie` header or `document.cookie` string: the `locale`
 * cookie's value matched to a supported locale (`pt` → `pt-BR`, `de-AT` → `de`), or null when
 * there is none, it names nothing supported, or the name appears twice (a damaged cookie: readers
 * use neither value, as for every platform cookie).
 *
 * ```ts
 * const locale = readLocale(document.cookie) ?? 'en'
 * ```
 * @see ../../../../shared/docs/contracts.md (Cookies)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.4
 */
export function readLocale(cookieHeader: string): Locale | null {
  const value = readCookieHeader(cookieHeader).get(LOCALE_COOKIE_NAME)
  if (value === undefined) return null
  return isLocale(value) ? value : matchLocale(value)
}
