import type { CookieJar } from '../cookies/cookie.types'
import { isCookieValue } from '../cookies/cookieRules'

/**
 * The plain cookie values of every copy of `name` the page sees, each value once (none when the
 * jar throws): what sign-out revokes, a copy tossed in with another Domain or Path included.
 */
export function readCookieCopies(cookies: Pick<CookieJar, 'getAll'>, name: string): string[] {
  try {
    return [...new Set(cookies.getAll(name))].filter((value) => isCookieValue(value, name))
  } catch {
    return []
  }
}
