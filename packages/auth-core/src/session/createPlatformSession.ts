import { COOKIE_NAMES } from '../cookies/cookie.types'
import type { HttpOptions } from '../http/httpOptions'
import { systemClock } from '../clock/systemClock'
import { createMemoryLock } from './createMemoryLock'
import { capToTokenLife } from './capToTokenLife'
import { checkSessionSettings, requireReturnTo } from './checkSessionSettings'
import { createSessionRefresh } from './createSessionRefresh'
import type { KeptIdToken } from './createSessionRefresh'
import { createSessionStore } from './createSessionStore'
import { createSnapshotReader } from './createSnapshotReader'
import { endPlatformSession } from './endPlatformSession'
import { expireTossedCopies } from './expireTossedCopies'
import { fetchUserInfo } from './fetchUserInfo'
import type { RefreshLeaseEnv } from './refreshLease'
import { sendToSignIn } from './sendToSignIn'
import { REFRESH_LEASE_COOKIE_NAME } from './session.types'
import type {
  PlatformSession,
  RedirectToSignInOptions,
  SessionConfig,
  SessionDeps,
  SessionUser,
  SignOutOptions,
} from './session.types'

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
  /** The ID token of the latest refresh by this object, with its `exp` in epoch seconds. */
  let latestIdToken: KeptIdToken | null = null

  const httpOptions = (): HttpOptions => ({
    fetch: deps.fetch,
    signal: AbortSignal.timeout(timeoutMs),
  })

  const store = createSessionStore({
    read: readCookies,
    now: providerNow,
    skewMs,
    refreshAheadMs,
    // These three come from createSessionRefresh below, which needs the store in turn.
    refresh: () => getAccessToken(),
    retryInMs: () => retryInMs(),
    retry: () => retry(),
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

  /** The session cookies all have at most one copy (see `duplicatedNames`): no request otherwise. */
  const unambiguous = (): boolean => duplicatedNames().length === 0
  const [getAccessToken, refresh, inFlight, retryInMs, retry] = createSessionRefresh(
    config,
    deps,
    now,
    lock,
    lease,
    httpOptions,
    usableAccessToken,
    unambiguous,
    (measured) => {
      if (measured !== null) offsetMs = measured
    },
    (idToken) => {
      latestIdToken = idToken
    },
    store,
  )

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
          await inFlight()?.catch(() => null)
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
