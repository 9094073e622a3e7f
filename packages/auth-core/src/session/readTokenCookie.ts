import type { CookieJar } from '../cookies/cookie.types'
import { isCookieValue } from '../cookies/cookieRules'

/**
 * The value of the token cookie `name` when it holds a plain cookie value; null when it is absent,
 * duplicated (`get` answers undefined), not a cookie value, or the jar throws.
 */
export function readTokenCookie(cookies: Pick<CookieJar, 'get'>, name: string): string | null {
  try {
    const value = cookies.get(name)
    return isCookieValue(value, name) ? value : null
  } catch {
    return null
  }
}
