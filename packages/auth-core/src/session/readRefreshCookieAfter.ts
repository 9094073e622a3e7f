import { COOKIE_NAMES } from '../cookies/cookie.types'
import type { CookieJar } from '../cookies/cookie.types'
import { readTokenCookie } from './readTokenCookie'

/**
 * The refresh cookie once a token answer for `sent` is back, for the compare and swap (finding
 * S-1 of the session simulation). `unambiguous`: whether every copy tossed in at the page's
 * ancestor paths meanwhile could be expired (two copies are not a sign-out). While a copy stays
 * out of reach, the cookie is `sent` when every copy holds the token sent (so does ours at
 * `Path=/`), else unknown (`undefined`): which copy is ours cannot be told.
 */
export function readRefreshCookieAfter(
  cookies: Pick<CookieJar, 'get' | 'getAll'>,
  unambiguous: boolean,
  sent: string,
): string | null | undefined {
  const current = () => readTokenCookie(cookies, COOKIE_NAMES.refreshToken)
  if (unambiguous) return current()
  try {
    const copies = cookies.getAll(COOKIE_NAMES.refreshToken)
    if (copies.length < 2) return current()
    return copies.every((value) => value === sent) ? sent : undefined
  } catch {
    return undefined
  }
}
