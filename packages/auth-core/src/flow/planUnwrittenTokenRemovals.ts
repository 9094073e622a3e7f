import { COOKIE_NAMES } from '../cookies/cookie.types'
import type { CookieRemoval, CookieWrite } from '../cookies/cookie.types'
import type { CookieScopeConfig } from '../cookies/cookieRules'
import { planCookieRemoval } from '../cookies/planCookieRemoval'

/**
 * Removals of the token cookies a sign-in does not write, so that every sign-in writes or
 * removes both: an answer without a refresh token (an Okta app without the refresh grant, a
 * Google cookie map with only `access_token`) must not leave the previous person's
 * `refresh_token` behind, or the sub-sites would renew the new person's session with it. Each
 * missing name is removed where the contract writes it and, outside local mode, as a host-only
 * copy on this page's host too (the parent-domain removal does not reach that one).
 * @see ../../../../shared/docs/contracts.md (Cookies the app writes)
 */
export function planUnwrittenTokenRemovals(
  config: CookieScopeConfig,
  written: readonly CookieWrite[],
): CookieRemoval[] {
  const names = new Set(written.map((cookie) => cookie.name))
  return [COOKIE_NAMES.accessToken, COOKIE_NAMES.refreshToken]
    .filter((name) => !names.has(name))
    .flatMap((name) => {
      const removal = planCookieRemoval(config, name)
      return removal.domain === undefined ? [removal] : [removal, { name, path: removal.path }]
    })
}
