/**
 * The cookies a sub-site writes and deletes, planned by the same rules as the sign-in app's
 * (`src/cookies`), so both sides of the session contract agree byte for byte.
 */
import { COOKIE_NAMES } from '../cookies/cookie.types'
import type { CookieRemoval, CookieWrite } from '../cookies/cookie.types'
import { cookieScope, isCookieValue } from '../cookies/cookieRules'
import { planAncestorPathRemovals, planCookieRemoval } from '../cookies/planCookieRemoval'
import { planTokenCookies } from '../cookies/planTokenCookies'
import { AuthError } from '../errors/authError'
import type { TokenSet } from '../oauth/oauth.types'
import { isPostLoginPath } from '../redirect/isPostLoginPath'
import { isSubsiteLabel } from '../redirect/subsiteLabel'
import { POST_LOGIN_REDIRECT_MAX_AGE_SECONDS } from './session.types'
import type { SessionConfig } from './session.types'

/**
 * The `access_token` and `refresh_token` cookies after a refresh: exactly what
 * `planTokenCookies` plans after sign-in (parent domain or host-only in local mode, `Path=/`,
 * `Secure`, `SameSite=Lax`, Max-Age from `expires_in` clamped to 1 s .. 1 day for the access
 * token, 7 days for the refresh token).
 *
 * @throws AuthError `unknown_error` when a token is not a plain cookie value.
 * @see ../../../../shared/docs/contracts.md (Cookies the app writes)
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 (refreshing an access token)
 */
export function planRefreshedTokenCookies(config: SessionConfig, tokens: TokenSet): CookieWrite[] {
  return planTokenCookies(config, tokens)
}

/**
 * Deletions of the `access_token` and `refresh_token` cookies with the Domain and Path they were
 * written with (a cookie only goes when all three match).
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.3 (step 11)
 */
export function planSessionCookieRemovals(config: SessionConfig): CookieRemoval[] {
  return [COOKIE_NAMES.accessToken, COOKIE_NAMES.refreshToken].map((name) =>
    planCookieRemoval(config, name),
  )
}

/**
 * Everything sign-out expires: the token cookies, `post_login_redirect` and `post_login_path`,
 * the names the Google path may write (`googleCookieNames`), all at `Path=/`, and the token
 * cookies again at every ancestor path of the page (cookies tossed in by a sibling sub-domain with a deeper Path).
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-8.6 (weak integrity)
 */
export function planSignOutRemovals(config: SessionConfig, pagePath: string): CookieRemoval[] {
  const tokenNames = [COOKIE_NAMES.accessToken, COOKIE_NAMES.refreshToken]
  const names = [
    ...new Set([
      ...tokenNames,
      COOKIE_NAMES.postLoginRedirect,
      COOKIE_NAMES.postLoginPath,
      ...(config.googleCookieNames ?? []),
    ]),
  ]
  return [
    ...names.map((name) => planCookieRemoval(config, name)),
    ...planAncestorPathRemovals(config, tokenNames, pagePath),
  ]
}

/**
 * The `post_login_redirect` cookie naming the sub-site to come back to after sign-in: same
 * Domain, Path, `Secure` and `SameSite=Lax` as the token cookies, and a short Max-Age
 * ({@link POST_LOGIN_REDIRECT_MAX_AGE_SECONDS}, ten minutes) so a sign-in abandoned half-way does
 * not leave a stale target that a later, unrelated sign-in would follow.
 *
 * @throws AuthError `usage_error` when `subSite` is not one lowercase DNS label.
 * @see ../../../../shared/docs/contracts.md (post_login_redirect)
 * @see https://www.rfc-editor.org/rfc/rfc1123#section-2.1 (DNS labels)
 */
export function planPostLoginRedirectCookie(config: SessionConfig, subSite: string): CookieWrite {
  if (!isSubsiteLabel(subSite))
    throw new AuthError(
      'usage_error',
      'redirectToSignIn needs the sub-site name as one lowercase DNS label, such as "citystream".',
    )
  return {
    name: COOKIE_NAMES.postLoginRedirect,
    value: subSite,
    ...cookieScope(config),
    secure: true,
    sameSite: 'Lax',
    maxAgeSeconds: POST_LOGIN_REDIRECT_MAX_AGE_SECONDS,
  }
}

/**
 * The `post_login_path` cookie: the page on this sub-site to come back to after sign-in (a path
 * with an optional query), written with `post_login_redirect`, with the same Domain, Path, flags
 * and Max-Age. `,`, `;` and `"` (which `location.search` leaves as they are, as in
 * `?bbox=1.2,3.4`, but a cookie value cannot hold) are percent-encoded first: the escape means
 * the same to the page. Null when there is no page to remember: no `returnPath`, the root `/`,
 * or one that is not a same-origin path by the contract's rules (`isPostLoginPath`, after the
 * escapes): the sign-in app would ignore it, so the person comes back to the sub-site's root
 * instead. Never throws (the path usually comes from `location`).
 * @see ../../../../shared/docs/contracts.md (post_login_path)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1 (cookie-octet)
 */
export function planPostLoginPathCookie(
  config: SessionConfig,
  returnPath: string | undefined,
): CookieWrite | null {
  const value =
    typeof returnPath === 'string' ? returnPath.replace(/[,;"]/g, escapeCookieOctet) : returnPath
  if (value === '/' || !isPostLoginPath(value)) return null
  if (!isCookieValue(value, COOKIE_NAMES.postLoginPath)) return null
  return {
    name: COOKIE_NAMES.postLoginPath,
    value,
    ...cookieScope(config),
    secure: true,
    sameSite: 'Lax',
    maxAgeSeconds: POST_LOGIN_REDIRECT_MAX_AGE_SECONDS,
  }
}

const escapeCookieOctet = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`

/** Deletes a `post_login_path` left by an earlier, abandoned redirect (no page to remember now). */
export function planPostLoginPathRemoval(config: SessionConfig): CookieRemoval {
  return planCookieRemoval(config, COOKIE_NAMES.postLoginPath)
}
