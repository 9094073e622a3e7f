import { COOKIE_NAMES } from '../cookies/cookie.types'
import type { CookieJar } from '../cookies/cookie.types'
import { AuthError } from '../errors/authError'
import { toTransportError } from '../errors/toTransportError'
import type { HttpOptions } from '../http/httpOptions'
import type { SessionStore } from './createSessionStore'
import { endsSession } from './endsSession'
import { measureClockOffset } from './measureClockOffset'
import { readRefreshCookieAfter } from './readRefreshCookieAfter'
import { readTokenCookie } from './readTokenCookie'
import { refreshBackoffMs } from './refreshBackoffMs'
import { withRefreshLease } from './refreshLease'
import type { RefreshLeaseEnv } from './refreshLease'
import { refreshSessionTokens } from './refreshSessionTokens'
import { revokeToken } from './revokeToken'
import { spendRefresh } from './spendRefresh'
import {
  MAX_REFRESHES_PER_MINUTE,
  REFRESH_BUDGET_COOKIE_NAME,
  REFRESH_LOCK_NAME,
} from './session.types'
import type {
  GetAccessTokenOptions,
  RefreshedTokens,
  SessionConfig,
  SessionDeps,
  SessionLock,
} from './session.types'
import { planRefreshedTokenCookies, planSessionCookieRemovals } from './sessionCookies'

/** The ID token of a refresh, with its `exp` in epoch seconds. */
export interface KeptIdToken {
  readonly value: string
  readonly expiresAt: number
}

/**
 * What a refresh was decided on: the refresh token in the cookie then, whether it is forced, and
 * the access token a resource server refused.
 */
interface RefreshPlan {
  readonly decided: string | null
  readonly decidedAccess: string | null
  readonly force: boolean
  readonly failedToken: string | undefined
}

/**
 * `getAccessToken` and the refresh behind it: one at a time (page, lock, lease), compare and swap,
 * back-off and budget. The clock offset and the ID token it learns go to the factory's setters.
 * @see ../../README.md (How the session works: `getAccessToken()`; Expiry, refresh races and tabs)
 */
export function createSessionRefresh(
  config: SessionConfig,
  deps: SessionDeps,
  now: () => number,
  lock: SessionLock,
  lease: RefreshLeaseEnv | null,
  http: () => HttpOptions,
  usableAccessToken: () => string | null,
  unambiguous: () => boolean,
  learnOffset: (measured: number | null) => void,
  keepIdToken: (idToken: KeptIdToken | null) => void,
  store: SessionStore,
): readonly [
  getAccessToken: (options?: GetAccessTokenOptions) => Promise<string | null>,
  refresh: (force: boolean) => Promise<string | null>,
  inFlight: () => Promise<string | null> | null,
  retryInMs: () => number | null,
  retry: () => Promise<string | null>,
] {
  let inFlight: Promise<string | null> | null = null
  /** Transient refresh failures in a row, the latest, and the device time a refresh may be sent again. */
  let failures = 0
  let lastFailure: AuthError | null = null
  let retryAt = 0
  /**
   * Without the lease (no `sleep`/`randomId`: not a browser's deps), the refresh budget of this
   * object alone, in memory; with it, the `refresh_budget` cookie all sub-sites share.
   */
  const ownBudget: Pick<CookieJar, 'getAll' | 'set'> = {
    getAll: () => budget,
    set: (write) => {
      budget = [write.value]
    },
  }
  // Stryker disable next-line ArrayDeclaration: a budget value that is not a time is ignored (spendRefresh)
  let budget: string[] = []
  const report = (error: unknown): void => {
    try {
      ;(deps.onError ?? (() => undefined))(error)
    } catch {
      // The reporter is the last resort: nothing to tell of its own failure.
    }
  }

  const readAccessToken = () => readTokenCookie(deps.cookies, COOKIE_NAMES.accessToken)
  const readRefreshToken = () => readTokenCookie(deps.cookies, COOKIE_NAMES.refreshToken)

  /** The refresh cookie once a token answer for `sent` is back (compare and swap). */
  const refreshCookieAfter = (sent: string) =>
    readRefreshCookieAfter(deps.cookies, unambiguous(), sent)

  function clearTokenCookies(): void {
    for (const removal of planSessionCookieRemovals(config)) deps.cookies.remove(removal)
  }

  /** One refresh at a time in this page (shared promise) and across this origin's tabs (the lock). */
  function refresh(force: boolean, failedToken?: string): Promise<string | null> {
    const plan: RefreshPlan = {
      decided: readRefreshToken(),
      decidedAccess: readAccessToken(),
      force,
      failedToken,
    }
    inFlight ??= lock(REFRESH_LOCK_NAME, () => refreshUnderLock(plan)).finally(() => {
      inFlight = null
      store.check()
    })
    return inFlight
  }

  /**
   * What another tab or sub-site did since the refresh was decided: null when the refresh cookie
   * is gone (signed out), the access token to use instead of a request, or undefined (refresh).
   * A refresh token that changed meanwhile was rotated by someone else: its access token was
   * written within this wait, so its `iat` is the provider's recent time (the clock offset is
   * learnt from it) and it is used; a refresh is never made with a token that was already
   * rotated, nor twice for one token. With `failedToken`, any other access token in the cookie
   * is used. A forced refresh without one (sign-out needs an ID token) refreshes what is current.
   */
  function writtenElsewhere(plan: RefreshPlan): string | null | undefined {
    const current = readRefreshToken()
    if (current === null) return null
    const access = readAccessToken()
    if (current !== plan.decided) learnFromWrite(plan)
    if (plan.failedToken !== undefined)
      return access !== null && access !== plan.failedToken ? access : undefined
    if (plan.force || current === plan.decided) return undefined
    return usableAccessToken() ?? undefined
  }

  /**
   * An access token another tab or sub-site wrote while this one waited to refresh (it differs
   * from the one the refresh was decided on, so its `iat` is the provider's time of moments ago):
   * when this clock calls it expired already, the clock is wrong, not the token, and the offset is
   * learnt from it. A cookie merely read (at load, on focus) may be an hour old: it teaches
   * nothing, and a tab learns on its own first refresh instead.
   */
  function learnFromWrite(plan: RefreshPlan): void {
    const access = readAccessToken()
    if (access !== plan.decidedAccess && usableAccessToken() === null)
      learnOffset(measureClockOffset(access, null, now()))
  }

  /**
   * Under this origin's lock: then across sub-sites, under the lease. While another sub-site holds
   * it, a change of the refresh cookie means that sub-site refreshed: its access token is used
   * (null when the cookie disappeared: signed out). A forced refresh (sign-out needs an ID token)
   * waits for the lease and then refreshes with whatever token is current.
   */
  async function refreshUnderLock(plan: RefreshPlan): Promise<string | null> {
    if (!unambiguous()) return null
    if (lease === null) return refreshOnce(plan)
    const early = writtenElsewhere(plan)
    if (early !== undefined) return early
    if (!plan.force) {
      const current = usableAccessToken()
      if (current !== null) return current
    }
    return withRefreshLease(
      lease,
      () => writtenElsewhere(plan),
      () => refreshOnce(plan),
    )
  }

  /** A transient failure: the next refresh waits (back-off with jitter); a subscriber retries then. */
  function failed(reason: AuthError, waitMs: number): AuthError {
    failures += 1
    lastFailure = reason
    retryAt = now() + Math.max(waitMs, refreshBackoffMs(failures, (deps.random ?? (() => 0.5))()))
    store.rearm()
    return reason
  }

  /**
   * Re-reads the cookies (another tab or sub-site may have refreshed) and refreshes if still
   * needed, within the back-off and the browser-wide budget.
   */
  async function refreshOnce(plan: RefreshPlan): Promise<string | null> {
    const early = writtenElsewhere(plan)
    if (early !== undefined) return early
    if (!plan.force) {
      const current = usableAccessToken()
      if (current !== null) return current
    }
    const refreshToken = readRefreshToken() as string
    if (lastFailure !== null && now() < retryAt) throw lastFailure
    const waitMs = spendRefresh(config, lease === null ? ownBudget : deps.cookies, now())
    if (waitMs > 0) {
      const ceiling = new AuthError(
        'rate_limited',
        `The session refreshed ${MAX_REFRESHES_PER_MINUTE} times in the last 75 s (${REFRESH_BUDGET_COOKIE_NAME}); no request until one is 75 s old.`,
      )
      report(ceiling)
      throw failed(ceiling, waitMs)
    }
    let tokens: RefreshedTokens
    try {
      tokens = await refreshSessionTokens(config, refreshToken, http(), now)
    } catch (error) {
      const reason = toTransportError(error)
      if (!endsSession(reason)) throw failed(reason, 0)
      // Web Locks are per origin: another sub-site may have refreshed with the same token at
      // the same moment (it won, we got invalid_grant). Its rotated cookie is the session now.
      // Unknown (a copy out of reach): nothing is cleared, the cookie at Path=/ may be the winner's.
      const current = refreshCookieAfter(refreshToken)
      if (current === undefined) return null
      if (current !== null && current !== refreshToken) {
        learnFromWrite(plan)
        return usableAccessToken()
      }
      clearTokenCookies()
      keepIdToken(null)
      return null
    }
    failures = 0
    lastFailure = null
    learnOffset(tokens.clockOffsetMs)
    // The provider issued (and rotated) these tokens: a local check of the ID token that failed
    // is reported, and only the ID token is dropped.
    if (tokens.idTokenError !== null) report(tokens.idTokenError)
    const rotated = { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken }
    // Compare and swap: the answer is written only over the refresh token it replaces. A sign-out
    // or a sign-in as someone else while the request was at the provider changed the cookie; the
    // answer belongs to a session that is over, so it is revoked, never written. A copy tossed in
    // meanwhile is no sign-out: revoking then would leave the spent token at Path=/ for the next tab
    // to present again, and the provider's reuse detection ends the whole family. When which copy
    // is ours stays unknown (one out of reach holds another value), unknown is not signed out:
    // writing could put this person's tokens over another's, and revoking is a sign-out's answer
    // (were ours still the token sent, it would end this person's only live token). So nothing is
    // written or revoked and the result is null, as for every read while a copy is out of reach
    // (the snapshot is `error`); the rotated token is dropped with this answer.
    const current = refreshCookieAfter(refreshToken)
    if (current === undefined) return null
    if (current !== refreshToken) {
      if (current !== rotated.refreshToken)
        await revokeToken(config, rotated.refreshToken, 'refresh_token', http()).catch(
          () => undefined,
        )
      return current === null ? null : usableAccessToken()
    }
    for (const write of planRefreshedTokenCookies(config, rotated)) deps.cookies.set(write)
    // Stryker disable next-line ConditionalExpression,LogicalOperator: both are null together (checkIdTokenClaims requires exp in a valid ID token), and an entry without exp reads as expired
    if (tokens.idToken !== null && tokens.idTokenExpiresAt !== null)
      keepIdToken({ value: tokens.idToken, expiresAt: tokens.idTokenExpiresAt })
    store.refreshed(tokens.accessToken, tokens.idTokenProfile)
    return tokens.accessToken
  }

  async function getAccessToken(options: GetAccessTokenOptions = {}): Promise<string | null> {
    if (store.isSigningOut() || !unambiguous()) return null
    const { forceRefresh, failedToken } = options
    if (forceRefresh === true) {
      // Replaced since it failed (here or in another tab or sub-site): no request for it.
      const current = readAccessToken()
      if (failedToken !== undefined && current !== null && current !== failedToken)
        return getAccessToken()
      return inFlight === null && readRefreshToken() === null ? null : refresh(true, failedToken)
    }
    const current = usableAccessToken()
    if (current !== null) return current
    if (inFlight === null && readRefreshToken() === null) return null
    return refresh(false)
  }

  return [
    getAccessToken,
    refresh,
    () => inFlight,
    () => (lastFailure === null ? null : Math.max(0, retryAt - now())),
    () => {
      retryAt = 0
      return getAccessToken()
    },
  ]
}
