import { COOKIE_NAMES } from '../cookies/cookie.types'
import type { CookieJar, CookieRemoval, CookieWrite } from '../cookies/cookie.types'
import type { CookieScopeConfig } from '../cookies/cookieRules'
import type { HttpOptions } from '../http/httpOptions'
import { readCookieCopies } from './readCookieCopies'
import { withRefreshLease } from './refreshLease'
import type { RefreshLeaseEnv } from './refreshLease'
import { revokeToken } from './revokeToken'
import type { SessionOAuthConfig } from './sessionRequestOptions'

/** Where {@link changeSessionCookies} works: the provider, the cookies, requests and the lease. */
export interface SessionCookiesEnv {
  /** The provider (revocation) and where the platform's cookies live. */
  readonly config: SessionOAuthConfig & CookieScopeConfig
  /** The cookies of the parent domain, as the page sees them. */
  readonly cookies: CookieJar
  /** The options of each revocation request: a fresh deadline, the `fetch` to use. */
  readonly http: () => HttpOptions
  /** The platform-wide refresh lease; `null`: none (no waits or holder ids, not a browser). */
  readonly lease: RefreshLeaseEnv | null
}

/** What {@link changeSessionCookies} does to the session cookies, in this order. */
export interface SessionCookieChange {
  /** The cookies expired first (a sign-in's earlier tokens; a sign-out's every name and path). */
  readonly remove: readonly CookieRemoval[]
  /** The cookies written after the removals (a sign-in's new tokens). */
  readonly write?: readonly CookieWrite[]
  /**
   * The change ends the session: every refresh and access token the cookies held just before the
   * removals (each copy), and those in `alsoRevoke`, are revoked, side by side, best effort.
   */
  readonly revoke?: boolean
  /** Token values seen earlier (copies expired meanwhile), revoked with those the cookies hold. */
  readonly alsoRevoke?: {
    readonly refreshTokens: readonly string[]
    readonly accessTokens: readonly string[]
  }
}

/**
 * Changes the platform's token cookies while holding the platform-wide refresh lease, so no
 * sub-site refresh is under way meanwhile (one in flight finishes first, at most
 * `REFRESH_LEASE_MS`) and none starts before the change is done. Under the lease it reads the
 * tokens (those a sub-site refresh just rotated), removes, writes, then revokes what it read when
 * `revoke` is set; a failed revocation is ignored. The lease is advisory: when it cannot be taken
 * at all (cookies or holder ids refused), the change runs without it rather than leave the person
 * where they are. `signOut` of `createPlatformSession` and the sign-in page's final cookie write
 * and "Sign in with a different account" all end or write the session through it.
 *
 * @returns when the cookies are changed and every revocation has answered or failed; rejects only
 *   when the jar throws.
 * @see https://www.rfc-editor.org/rfc/rfc7009 (token revocation)
 * @see ../../../../shared/docs/contracts.md (Cookies)
 */
export async function changeSessionCookies(
  env: SessionCookiesEnv,
  change: SessionCookieChange,
): Promise<void> {
  const { config, cookies } = env
  const task = async (): Promise<void> => {
    const held = (name: string, seen: readonly string[] = []) =>
      change.revoke === true ? [...new Set([...seen, ...readCookieCopies(cookies, name)])] : []
    const refreshTokens = held(COOKIE_NAMES.refreshToken, change.alsoRevoke?.refreshTokens)
    const accessTokens = held(COOKIE_NAMES.accessToken, change.alsoRevoke?.accessTokens)
    for (const removal of change.remove) cookies.remove(removal)
    for (const write of change.write ?? []) cookies.set(write)
    const revoke = (hint: 'refresh_token' | 'access_token') => (token: string) =>
      revokeToken(config, token, hint, env.http()).catch(() => undefined)
    await Promise.all([
      ...refreshTokens.map(revoke('refresh_token')),
      ...accessTokens.map(revoke('access_token')),
    ])
  }
  if (env.lease === null) return task()
  let started = false
  try {
    await withRefreshLease(
      env.lease,
      () => undefined,
      () => {
        started = true
        return task()
      },
    )
  } catch (error) {
    if (started) throw error
    await task()
  }
}
