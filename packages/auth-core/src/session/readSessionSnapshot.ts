import { COOKIE_NAMES } from '../cookies/cookie.types'
import { isCookieValue } from '../cookies/cookieRules'
import { AuthError } from '../errors/authError'
import { capToTokenLife } from './capToTokenLife'
import { decodeAccessTokenClaims } from './decodeAccessTokenClaims'
import type { CookieJar, SessionSnapshot } from './session.types'

/** When the snapshot is taken and how much clock skew to allow. */
export interface SnapshotClock {
  /** Now, in epoch milliseconds. */
  readonly nowMs: number
  /**
   * The access token counts as expired once `now + skewSeconds >= exp` (the skew capped at a
   * fifth of the token's life, `capToTokenLife`).
   */
  readonly skewSeconds: number
}

/**
 * The platform session as the `access_token` and `refresh_token` cookies describe it, without
 * trusting them: the access token's claims are decoded, not verified. Never throws, so it is
 * safe to call while rendering:
 * - neither cookie (an empty value counts as none) → `signedOut`;
 * - a cookie that is not a plain cookie value or longer than the 4096-byte cookie limit, an access
 *   token that is not a decodable JWT with `sub` and numeric `exp`, or a jar that throws →
 *   `error` with an `unknown_error` AuthError saying which;
 * - otherwise `signedIn` while `now + skew < exp` (the skew at most a fifth of `exp - iat`; with `user` from the claims, `name` null: the
 *   cookies do not hold it), else `expired` (`refreshable` when there is a refresh token); a
 *   refresh token alone is `expired` (it can be refreshed). The refresh token's value is never
 *   in the snapshot (it goes to every listener).
 *
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-4.1.4 (exp, with "some small leeway")
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-6.1 (4096 bytes per cookie)
 */
export function readSessionSnapshot(cookies: CookieJar, clock: SnapshotClock): SessionSnapshot {
  try {
    const accessToken = readTokenCookie(cookies, COOKIE_NAMES.accessToken)
    const refreshToken = readTokenCookie(cookies, COOKIE_NAMES.refreshToken)
    if (accessToken === null && refreshToken === null) return { status: 'signedOut' }
    // No access token (so no exp) counts as expired; a refresh token is there.
    if (accessToken === null)
      return { status: 'expired', accessToken, refreshable: true, claims: null, expiresAt: null }
    const claims = decodeAccessTokenClaims(accessToken)
    if (clock.nowMs + capToTokenLife(clock.skewSeconds * 1000, claims) < claims.expiresAt * 1000)
      return {
        status: 'signedIn',
        accessToken,
        claims,
        expiresAt: claims.expiresAt,
        user: { subject: claims.subject, email: claims.email, name: null },
      }
    return {
      status: 'expired',
      accessToken,
      refreshable: refreshToken !== null,
      claims,
      expiresAt: claims.expiresAt,
    }
  } catch (error) {
    const reason =
      error instanceof AuthError
        ? error
        : new AuthError(
            'unknown_error',
            'The session cookies could not be read.',
            {},
            { cause: error },
          )
    return { status: 'error', error: reason }
  }
}

/** The cookie's value, null when absent or empty, or an AuthError when it is not a token value. */
function readTokenCookie(cookies: CookieJar, name: string): string | null {
  const value = cookies.get(name)
  if (value === undefined || value === '') return null
  if (!isCookieValue(value, name))
    throw new AuthError(
      'unknown_error',
      `The ${name} cookie is not a plain cookie value or is longer than a cookie can be.`,
    )
  return value
}
