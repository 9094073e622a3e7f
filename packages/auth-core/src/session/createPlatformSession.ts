import { COOKIE_NAMES } from '../cookies/cookie.types'
import { AuthError } from '../errors/authError'
import { toTransportError } from '../errors/toTransportError'
import type { HttpOptions } from '../http/httpOptions'
import { systemClock } from '../clock/systemClock'
import { createMemoryLock } from './createMemoryLock'
import { capToTokenLife } from './capToTokenLife'
import { checkSessionSettings, requireReturnTo } from './checkSessionSettings'
import { createSessionStore } from './createSessionStore'
import { createSnapshotReader } from './createSnapshotReader'
import { endPlatformSession } from './endPlatformSession'
import { endsSession } from './endsSession'
import { expireTossedCopies } from './expireTossedCopies'
import { fetchUserInfo } from './fetchUserInfo'
import { measureClockOffset } from './measureClockOffset'
import { refreshBackoffMs } from './refreshBackoffMs'
import { withRefreshLease } from './refreshLease'
import type { RefreshLeaseEnv } from './refreshLease'
import { readRefreshCookieAfter } from './readRefreshCookieAfter'
import { readTokenCookie } from './readTokenCookie'
import { refreshSessionTokens } from './refreshSessionTokens'
import { revokeToken } from './revokeToken'
import { sendToSignIn } from './sendToSignIn'
import { spendRefresh } from './spendRefresh'
import {
  MAX_REFRESHES_PER_MINUTE,
  REFRESH_BUDGET_COOKIE_NAME,
  REFRESH_LEASE_COOKIE_NAME,
  REFRESH_LOCK_NAME,
} from './session.types'
import type {
  CookieJar,
  GetAccessTokenOptions,
  PlatformSession,
  RedirectToSignInOptions,
  RefreshedTokens,
  SessionConfig,
  SessionDeps,
  SessionUser,
  SignOutOptions,
} from './session.types'
import { planRefreshedTokenCookies, planSessionCookieRemovals } from './sessionCookies'

/**
 * The platform session for a sub-site: read the token cookies the sign-in app wrote
 * (`getSnapshot`, `subscribe`), keep the access token fresh (`getAccessToken`: one refresh at a
 * time across tabs and sub-sites), end the session (`signOut`) and send people to sign in
 * (`redirectToSignIn`). Everything with an effect comes from `deps`. What each method does, and
 * how (tossed cookie copies, the lock and the lease, compare and swap, the refresh budget, the
 * provider's clock): the README, "How the session works".
 *
 * @throws AuthError `configuration_error`, naming every problem, when a setting is not
 *   acceptable (`checkSessionSettings`); `usage_error` from `redirectToSignIn` and `signOut` for
 *   an unacceptable sub-site or `returnTo`.
 * @see ../../README.md (How the session works)
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6 (refreshing an access token)
 * @see https://www.rfc-editor.org/rfc/rfc7009 (token revocation)
 * @see https://openid.net/specs/openid-connect-rpinitiated-1_0.html (RP-initiated logout)
 * @see https://react.dev/reference/react/useSyncExternalStore (the snapshot contract)
 */
export function createPlatformSession(config: SessionConfig, deps: SessionDeps): PlatformSession {
  const { signInUrl, skewMs, leewayMs, refreshAheadMs, timeoutMs, randomId } = checkSessionSettings(
    config,
    deps,
  )
  const now = deps.now ?? systemClock
  const lock = deps.lock ?? createMemoryLock()
  const { sleep } = deps
  // Stryker disable next-line StringLiteral: no ancestor path of '/' or of '' is a removal to make
  const pagePath = (): string => deps.pagePath?.() ?? '/'
  const lease: RefreshLeaseEnv | null =
    sleep === undefined || randomId === undefined
      ? null
      : { config, cookies: deps.cookies, now, sleep, randomId, pagePath }
  /** The cookies whose copies must be unique before a refresh: the tokens, and the lease in use. */
  const trackedNames = [
    COOKIE_NAMES.accessToken,
    COOKIE_NAMES.refreshToken,
    ...(lease === null ? [] : [REFRESH_LEASE_COOKIE_NAME]),
  ]
  let inFlight: Promise<string | null> | null = null
  /**
   * The provider's clock minus the device's (ms): measured on every refresh answer, and on a
   * token another tab or sub-site wrote while this one waited to refresh. Expiry is judged by
   * `providerNow()` everywhere; the lease and the budget, shared by the tabs of one device, by `now()`.
   */
  let offsetMs = 0
  const providerNow = (): number => now() + offsetMs
  /** The session cookies still duplicated after expiring the copies tossed in at ancestor paths. */
  const duplicatedNames = () => expireTossedCopies(deps.cookies, config, trackedNames, pagePath())
  const readCookies = createSnapshotReader(
    deps.cookies,
    duplicatedNames,
    providerNow,
    skewMs,
    // Told once, in development: see {@link SessionDeps.warn}.
    deps.warn ?? (config.localMode ? (message: string) => console.warn(message) : undefined),
  )
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
  /** The ID token of the latest refresh by this object, with its `exp` in epoch seconds. */
  let latestIdToken: { readonly value: string; readonly expiresAt: number } | null = null

  const httpOptions = (): HttpOptions => ({
    fetch: deps.fetch,
    signal: AbortSignal.timeout(timeoutMs),
  })

  const store = createSessionStore({
    read: readCookies,
    now: providerNow,
    skewMs,
    refreshAheadMs,
    refresh: () => getAccessToken(),
    retryInMs: () => (lastFailure === null ? null : Math.max(0, retryAt - now())),
    retry: () => {
      retryAt = 0
      return getAccessToken()
    },
    watchRetrySignals: deps.watchRetrySignals,
    loadProfile: (token) => fetchUserInfo(config, token, httpOptions()),
    watchCookies: deps.watchCookies,
    schedule: deps.schedule,
    isVisible: deps.isVisible,
    onError: deps.onError,
  })

  /**
   * The access token if it is active and stays valid beyond the refresh leeway (at most a fifth of
   * the token's life), else null.
   */
  function usableAccessToken(): string | null {
    const snapshot = readCookies()
    if (snapshot.status !== 'signedIn') return null
    const leeway = capToTokenLife(leewayMs, snapshot.claims)
    return providerNow() + leeway < snapshot.expiresAt * 1000 ? snapshot.accessToken : null
  }

  const readAccessToken = () => readTokenCookie(deps.cookies, COOKIE_NAMES.accessToken)
  const readRefreshToken = () => readTokenCookie(deps.cookies, COOKIE_NAMES.refreshToken)

  /**
   * Whether every session cookie has at most one copy, after expiring the copies tossed in at the
   * ancestor paths of the page. While one stays duplicated no value can be trusted: no request.
   */
  function unambiguous(): boolean {
    return duplicatedNames().length === 0
  }

  /** The refresh cookie once a token answer for `sent` is back (compare and swap). */
  const refreshCookieAfter = (sent: string) =>
    readRefreshCookieAfter(deps.cookies, unambiguous(), sent)

  function clearTokenCookies(): void {
    for (const removal of planSessionCookieRemovals(config)) deps.cookies.remove(removal)
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

  function learnOffset(measured: number | null): void {
    if (measured !== null) offsetMs = measured
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
      tokens = await refreshSessionTokens(config, refreshToken, httpOptions(), now)
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
      latestIdToken = null
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
        await revokeToken(config, rotated.refreshToken, 'refresh_token', httpOptions()).catch(
          () => undefined,
        )
      return current === null ? null : usableAccessToken()
    }
    for (const write of planRefreshedTokenCookies(config, rotated)) deps.cookies.set(write)
    // Stryker disable next-line ConditionalExpression,LogicalOperator: both are null together (checkIdTokenClaims requires exp in a valid ID token), and an entry without exp reads as expired
    if (tokens.idToken !== null && tokens.idTokenExpiresAt !== null)
      latestIdToken = { value: tokens.idToken, expiresAt: tokens.idTokenExpiresAt }
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

  /** The ID token of the latest refresh while it has not expired (an `id_token_hint` must be valid). */
  function currentIdToken(): string | null {
    if (latestIdToken === null || providerNow() + skewMs >= latestIdToken.expiresAt * 1000)
      return null
    return latestIdToken.value
  }

  /** The signed-in person (name from the ID token or userinfo); never rejects. */
  async function getUser(): Promise<SessionUser | null> {
    // A failed refresh leaves the snapshot as it is: no user when that is not active.
    // Stryker disable next-line ArrowFunction: the value is dropped; only the rejection is swallowed
    await getAccessToken().catch(() => null)
    return store.loadUser()
  }

  async function signOut(options: SignOutOptions): Promise<void> {
    const returnTo = requireReturnTo(config, options.returnTo)
    store.setSigningOut(true)
    try {
      const leaveTo = await endPlatformSession(
        config,
        deps.cookies,
        lock,
        lease,
        httpOptions,
        pagePath,
        async () => {
          // Stryker disable next-line ArrowFunction: the value of the caught promise is never read
          await inFlight?.catch(() => null)
          // Stryker disable next-line ArrowFunction: the value of the caught promise is never read
          if (currentIdToken() === null) await refresh(true).catch(() => null)
          return currentIdToken()
        },
        returnTo,
      )
      latestIdToken = null
      deps.navigate(leaveTo)
    } catch (error) {
      store.setSigningOut(false)
      throw error
    }
  }

  function redirectToSignIn(subSite: string, options: RedirectToSignInOptions = {}): void {
    // A guard re-running while signing out (e.g. on visibilitychange) must not write the cookie
    // that sign-out removes, nor leave for the sign-in page instead of the provider's logout.
    if (!store.isSigningOut())
      sendToSignIn(config, deps.cookies, deps.navigate, signInUrl, subSite, options.returnPath)
  }

  return {
    readSession: store.getSnapshot,
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    getAccessToken,
    getUser,
    signOut,
    redirectToSignIn,
  }
}
