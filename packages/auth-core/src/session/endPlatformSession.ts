import { COOKIE_NAMES } from '../cookies/cookie.types'
import type { CookieJar } from '../cookies/cookie.types'
import type { HttpOptions } from '../http/httpOptions'
import { buildLogoutUrl } from '../oauth/buildLogoutUrl'
import { changeSessionCookies } from './changeSessionCookies'
import { readCookieCopies } from './readCookieCopies'
import type { RefreshLeaseEnv } from './refreshLease'
import { REFRESH_LOCK_NAME } from './session.types'
import type { SessionConfig, SessionLock } from './session.types'
import { planSignOutRemovals } from './sessionCookies'

/**
 * `signOut`'s work: removes and revokes the session under the lock and the lease (every copy seen,
 * also those expired on the way), and answers where to go: the provider's logout, or `returnTo`.
 * @see ../../README.md (How the session works: `signOut`)
 */
export async function endPlatformSession(
  config: SessionConfig,
  cookies: CookieJar,
  lock: SessionLock,
  lease: RefreshLeaseEnv | null,
  http: () => HttpOptions,
  pagePath: () => string,
  idToken: () => Promise<string | null>,
  returnTo: string,
): Promise<string> {
  const duplicated = (name: string): string[] => {
    const values = readCookieCopies(cookies, name)
    return values.length > 1 ? values : []
  }
  const seen = {
    refreshTokens: duplicated(COOKIE_NAMES.refreshToken),
    accessTokens: duplicated(COOKIE_NAMES.accessToken),
  }
  const hint = await idToken()
  // Alone across the platform: a refresh in progress on another sub-site finishes first, so
  // the tokens revoked and removed here are the current ones, and none is written back after.
  await lock(REFRESH_LOCK_NAME, () =>
    changeSessionCookies(
      { config, cookies, http, lease },
      { remove: planSignOutRemovals(config, pagePath()), revoke: true, alsoRevoke: seen },
    ),
  )
  return hint === null
    ? returnTo
    : buildLogoutUrl(config, {
        // Stryker disable next-line StringLiteral: any server but 'org' is the custom one
        server: 'custom',
        idTokenHint: hint,
        postLogoutRedirectUri: returnTo,
      })
}
