import { AuthError } from '../errors/authError'
import type { CookieRemoval } from './cookie.types'
import { cookieScope, isCookieName } from './cookieRules'
import type { CookieScopeConfig } from './cookieRules'

/**
 * How to delete a platform cookie: the same name, Domain and Path it was written with (a cookie
 * is only removed when all three match), so `post_login_redirect` and the token cookies really go.
 *
 * @throws AuthError `unknown_error` for a name outside the cookie-name rule.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.3 (step 11: replacing a cookie)
 */
export function planCookieRemoval(config: CookieScopeConfig, name: string): CookieRemoval {
  if (!isCookieName(name)) throw new AuthError('unknown_error', 'Not a valid cookie name.')
  return { name, ...cookieScope(config) }
}
