import { AuthError } from '../errors/authError'
import type { CookieRemoval, CookieWrite } from './cookie.types'
import { isCookieName, isCookiePath, isCookieValue } from './cookieRules'

const DOMAIN = /^(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/

/**
 * The `document.cookie` string for a planned cookie, e.g.
 * `access_token=…; Domain=.example.com; Path=/; Max-Age=3600; Secure; SameSite=Lax`.
 * Domain is left out for a host-only cookie and Max-Age for a session cookie. Every part is
 * re-checked, so a hand-built `CookieWrite` cannot inject attributes.
 *
 * @throws AuthError `unknown_error` for an invalid name, value, domain or Max-Age.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1
 */
export function serializeCookie(write: CookieWrite): string {
  if (!isCookieValue(write.value, write.name)) throw invalid('value')
  // The platform's cookies are written at `/` only (deeper paths exist only to expire tosses).
  if (write.path !== '/') throw invalid('Path')
  if (
    write.maxAgeSeconds !== undefined &&
    !(Number.isSafeInteger(write.maxAgeSeconds) && write.maxAgeSeconds > 0)
  )
    throw invalid('Max-Age')
  const maxAge = write.maxAgeSeconds === undefined ? [] : [`Max-Age=${write.maxAgeSeconds}`]
  return attributes(write, write.value, maxAge)
}

/**
 * The `document.cookie` string that deletes a cookie: an empty value with `Max-Age=0` and the
 * same Domain and Path, e.g. `post_login_redirect=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax`.
 *
 * @throws AuthError `unknown_error` for an invalid name or domain.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.2.2 (Max-Age of zero)
 */
export function serializeCookieRemoval(removal: CookieRemoval): string {
  return attributes(removal, '', ['Max-Age=0'])
}

function attributes(cookie: CookieRemoval, value: string, maxAge: string[]): string {
  if (!isCookieName(cookie.name)) throw invalid('name')
  if (cookie.domain !== undefined && !DOMAIN.test(cookie.domain)) throw invalid('Domain')
  if (!isCookiePath(cookie.path)) throw invalid('Path')
  const domain = cookie.domain === undefined ? [] : [`Domain=${cookie.domain}`]
  return [
    `${cookie.name}=${value}`,
    ...domain,
    `Path=${cookie.path}`,
    ...maxAge,
    'Secure',
    'SameSite=Lax',
  ].join('; ')
}

function invalid(part: string): AuthError {
  return new AuthError('unknown_error', `Refused to serialize a cookie with an invalid ${part}.`)
}
