import { capToTokenLife } from './capToTokenLife'
import type {
  CookieWatch,
  Schedule,
  SessionEvent,
  SessionSnapshot,
  SessionUser,
  UserProfile,
} from './session.types'

/** The longest delay `setTimeout` honours (2^31 - 1 ms, about 24.8 days); longer ones fire at once. */
const MAX_TIMER_MS = 2_147_483_647
/** How many access tokens' profiles are kept (the current one, and a few just replaced). */
const PROFILE_CACHE_SIZE = 4
/** The one `signingOut` snapshot: nothing about it changes until the page leaves. */
const SIGNING_OUT: SessionSnapshot = Object.freeze({ status: 'signingOut' })

/** What the store is built on: the cookie reading, time, and the effects it may start. */
export interface SessionStoreEnv {
  /** The session as the cookies describe it now (`readSessionSnapshot` with the clock). */
  readonly read: () => SessionSnapshot
  /** The clock, in epoch milliseconds. */
  readonly now: () => number
  /** The access token counts as expired this long before its `exp` (at most a fifth of its life). */
  readonly skewMs: number
  /** How long before `exp` to refresh on its own while subscribed and visible; null: never. */
  readonly refreshAheadMs: number | null
  /** The refresh (`getAccessToken()`: one at a time, under the lock and the lease). */
  readonly refresh: () => Promise<unknown>
  /**
   * After a refresh failed for a transient reason: the ms until the back-off allows the next
   * (0: now); null when no retry is pending.
   */
  readonly retryInMs?: () => number | null
  /** The retry of a failed refresh, regardless of the back-off (it is due, or a signal came). */
  readonly retry?: () => Promise<unknown>
  /** `online`, `focus`, `visibilitychange`: good moments to retry (see `SessionDeps`). */
  readonly watchRetrySignals?: CookieWatch | undefined
  /** The `name` and `email` the provider gives for an access token (its userinfo endpoint). */
  readonly loadProfile: (accessToken: string) => Promise<UserProfile>
  readonly watchCookies?: CookieWatch | undefined
  readonly schedule?: Schedule | undefined
  readonly isVisible?: (() => boolean) | undefined
  /** Told of a listener that threw (the others are told all the same). */
  readonly onError?: ((error: unknown) => void) | undefined
}

/** The snapshot, its listeners and what keeps it current; see {@link createSessionStore}. */
export interface SessionStore {
  /** The same object until the cookie values, the derived status, the user or sign-out changed. */
  readonly getSnapshot: () => SessionSnapshot
  /** Adds a listener (the first one starts watching); returns its removal (the last one stops). */
  readonly subscribe: (listener: (event: SessionEvent) => void) => () => void
  /** Re-reads the cookies and tells the listeners when the snapshot changed. */
  readonly check: () => void
  /** Sets the timers again (a refresh failed: its retry is pending), then `check()`. */
  readonly rearm: () => void
  /** This object wrote refreshed tokens: `accessToken`, with its ID token's profile, if any. */
  readonly refreshed: (accessToken: string, profile: UserProfile | null) => void
  /** Sign-out started (true), or failed before the page could leave (false). */
  readonly setSigningOut: (signingOut: boolean) => void
  readonly isSigningOut: () => boolean
  /** The current snapshot's user, its profile loaded first (again, if it failed before). */
  readonly loadUser: () => Promise<SessionUser | null>
}

/** A profile known for an access token; `profile` null while loading or after a failure. */
interface ProfileEntry {
  readonly profile: UserProfile | null
  readonly loading: Promise<void> | null
}

/**
 * A stable, observable snapshot of the platform session, the part of `createPlatformSession`
 * that React's `useSyncExternalStore` and other listeners rely on:
 * - `getSnapshot()` re-reads the cookies on every call (cheap: two cookie values and one JWT
 *   decode) and returns the previous object unless its identity key changed: the status, the
 *   access token, whether it is refreshable, the user's `email` and `name` (or the error message
 *   of `error`).
 *   The clock flips `signedIn` to `expired`, so the key covers the derived status, not the time.
 * - `subscribe` counts listeners; the first starts watching: `watchCookies(check)`, a timer at
 *   the moment the access token expires (`exp` minus the skew; a timer never exceeds
 *   {@link MAX_TIMER_MS}, it re-arms), the optional proactive refresh (`refreshAheadMs` before
 *   `exp`, but never before half the token's life from `iat`, so short-lived tokens cannot
 *   loop), and loading the user's profile. The last unsubscribe cancels every timer and stops watching.
 * - `check()` turns a changed snapshot into one {@link SessionEvent}, by what changed (see
 *   `classify`), for every listener: one that throws is reported to `onError` and changes
 *   nothing else (the others hear it; the refresh or cookie watch that called `check` goes on).
 *
 * The user's `name` (and `email` when the access token has none) is cached per access token:
 * - from the ID token of a refresh THIS object made (`refreshed`), when there was one: it came
 *   with the token, so no request;
 * - else from the provider's userinfo endpoint (`loadProfile`), once per access token (one
 *   request in flight per token; a failure is not retried until `loadUser` or the next token),
 *   started while someone is subscribed or by `loadUser`. The sign-in page does not keep the ID
 *   token, so after a page load only userinfo can say the name. A late answer is kept under the
 *   token it was asked for and never names the person of a newer token.
 */
export function createSessionStore(env: SessionStoreEnv): SessionStore {
  let cached: { readonly key: string; readonly snapshot: SessionSnapshot } | null = null
  /** What the listeners last heard; null while nobody listens. */
  let notified: SessionSnapshot | null = null
  const listeners = new Set<{ readonly listener: (event: SessionEvent) => void }>()
  let signingOut = false
  /** The access token this object's latest refresh wrote. */
  let lastRefreshed: string | null = null
  const profiles = new Map<string, ProfileEntry>()
  let stopWatching: (() => void) | null = null
  /** The snapshot the timers were set for, and their cancellations. */
  let armedFor: SessionSnapshot | null = null
  let cancels: (() => void)[] = []
  /** The access token a proactive refresh was started for (once per token). */
  let aheadDoneFor: string | null = null
  let aheadRunning = false

  function compose(): SessionSnapshot {
    if (signingOut) return SIGNING_OUT
    const raw = env.read()
    if (raw.status !== 'signedIn') return raw
    const profile = profiles.get(raw.accessToken)?.profile ?? null
    if (profile === null) return raw
    const user = { ...raw.user, email: raw.user.email ?? profile.email, name: profile.name }
    return { ...raw, user }
  }

  function getSnapshot(): SessionSnapshot {
    const next = compose()
    const key = identityKey(next)
    if (cached?.key === key) return cached.snapshot
    cached = { key, snapshot: next }
    return next
  }

  function check(): void {
    if (notified === null) return
    const next = getSnapshot()
    arm(next)
    if (next === notified) return
    const event: SessionEvent = { type: classify(notified, next, lastRefreshed), snapshot: next }
    notified = next
    for (const entry of [...listeners]) {
      try {
        entry.listener(event)
      } catch (error) {
        env.onError?.(error)
      }
    }
  }

  function disarm(): void {
    for (const cancel of cancels) cancel()
    cancels = []
    armedFor = null
  }

  /** Sets the expiry and proactive-refresh timers for `snapshot` and starts loading its user. */
  function arm(snapshot: SessionSnapshot): void {
    if (armedFor === snapshot) return
    disarm()
    armedFor = snapshot
    if (snapshot.status === 'expired') armRetry(snapshot)
    if (snapshot.status !== 'signedIn') return
    if (!profiles.has(snapshot.accessToken)) void profileFor(snapshot.accessToken)
    const { schedule } = env
    if (schedule === undefined) return
    const expiresAtMs = snapshot.expiresAt * 1000
    // Fired early or capped at MAX_TIMER_MS, the snapshot is the same: re-arm.
    const expire = () => {
      armedFor = null
      check()
    }
    const aheadMs = env.refreshAheadMs
    if (aheadMs !== null && aheadDoneFor !== snapshot.accessToken) {
      const token = snapshot.accessToken
      // Never before half the token's life (and at most a fifth of it before exp when `iat` is
      // known): tokens shorter-lived than the lead time would otherwise be refreshed the moment
      // they arrive, tab after tab, in a loop. Set before the expiry timer, which runs second
      // when both are due at once (a short-lived token).
      const issuedAtMs = (snapshot.claims.issuedAt ?? env.now() / 1000) * 1000
      const at = Math.max(
        expiresAtMs - capToTokenLife(aheadMs, snapshot.claims),
        (issuedAtMs + expiresAtMs) / 2,
      )
      cancels.push(schedule(() => refreshAhead(token), delayUntil(at)))
    }
    cancels.push(
      schedule(expire, delayUntil(expiresAtMs - capToTokenLife(env.skewMs, snapshot.claims))),
    )
  }

  /**
   * After a transient failure to refresh an expired session: the retry once the back-off is over,
   * or at the first retry signal (back online, focus, visible again), whichever comes first. The
   * session never stays expired for good while someone listens; the ceiling bounds the retries.
   */
  function armRetry(snapshot: Extract<SessionSnapshot, { status: 'expired' }>): void {
    const wait = env.retryInMs?.() ?? null
    if (wait === null || !snapshot.refreshable) return
    const retry = () => {
      disarm()
      void env
        .retry?.()
        .catch(() => undefined)
        .finally(rearm)
    }
    if (env.schedule !== undefined) cancels.push(env.schedule(retry, Math.min(wait, MAX_TIMER_MS)))
    const stop = env.watchRetrySignals?.(retry)
    if (stop !== undefined) cancels.push(stop)
  }

  function rearm(): void {
    armedFor = null
    check()
  }

  function delayUntil(atMs: number): number {
    return Math.min(Math.max(atMs - env.now(), 0), MAX_TIMER_MS)
  }

  /** The proactive refresh: only while visible (else again at the next check), one at a time. */
  function refreshAhead(token: string): void {
    if (env.isVisible?.() === false || aheadRunning) {
      armedFor = null
      return
    }
    aheadDoneFor = token
    aheadRunning = true
    env
      .refresh()
      .catch(() => undefined)
      .finally(() => {
        aheadRunning = false
        check()
      })
  }

  /** Loads (or reloads after a failure) the profile of `token`; one request per token at a time. */
  function profileFor(token: string): Promise<void> {
    const known = profiles.get(token)
    if (known?.loading) return known.loading
    if (known?.profile) return Promise.resolve()
    const loading = env.loadProfile(token).then(
      (profile) => remember(token, { profile, loading: null }),
      () => remember(token, { profile: null, loading: null }),
    )
    remember(token, { profile: null, loading })
    return loading
  }

  function remember(token: string, entry: ProfileEntry): void {
    profiles.delete(token)
    profiles.set(token, entry)
    for (const oldest of profiles.keys()) {
      if (profiles.size <= PROFILE_CACHE_SIZE) break
      profiles.delete(oldest)
    }
    if (entry.loading === null) check()
  }

  function start(): void {
    notified = getSnapshot()
    stopWatching = env.watchCookies?.(check) ?? null
    arm(notified)
  }

  function stop(): void {
    stopWatching?.()
    stopWatching = null
    disarm()
    notified = null
  }

  return {
    getSnapshot,
    check,
    rearm,
    subscribe(listener) {
      const entry = { listener }
      listeners.add(entry)
      if (listeners.size === 1) start()
      return () => {
        if (listeners.delete(entry) && listeners.size === 0) stop()
      }
    },
    refreshed(accessToken, profile) {
      lastRefreshed = accessToken
      if (profile !== null) remember(accessToken, { profile, loading: null })
      check()
    },
    setSigningOut(value) {
      signingOut = value
      check()
    },
    isSigningOut: () => signingOut,
    async loadUser() {
      const before = getSnapshot()
      if (before.status !== 'signedIn') return null
      await profileFor(before.accessToken)
      const after = getSnapshot()
      return after.status === 'signedIn' ? after.user : null
    },
  }
}

/** What makes two snapshots the same for a reader: everything but the decoded details. */
function identityKey(snapshot: SessionSnapshot): string {
  switch (snapshot.status) {
    case 'signedOut':
    case 'signingOut':
      return snapshot.status
    case 'error':
      return JSON.stringify([snapshot.status, snapshot.error.message])
    case 'expired':
      return JSON.stringify([snapshot.status, snapshot.accessToken, snapshot.refreshable])
    case 'signedIn':
      return JSON.stringify([
        snapshot.status,
        snapshot.accessToken,
        snapshot.user.email,
        snapshot.user.name,
      ])
  }
}

/**
 * The event for a change from `previous` to `next`: `signedOut` when the cookies are gone or
 * sign-out started; with the same access token, `expired` (active to expired: the clock) or
 * `userLoaded` (the user's profile arrived); with new tokens, `refreshed` when they are the
 * ones this object's refresh wrote, else `changedElsewhere` (another tab or sub-site).
 */
function classify(
  previous: SessionSnapshot,
  next: SessionSnapshot,
  lastRefreshed: string | null,
): SessionEvent['type'] {
  if (next.status === 'signedOut' || next.status === 'signingOut') return 'signedOut'
  if (isTokens(previous) && isTokens(next)) {
    if (previous.accessToken === next.accessToken && previous.status === 'signedIn')
      return next.status === 'expired' ? 'expired' : 'userLoaded'
  }
  if (isTokens(next) && next.accessToken !== null && next.accessToken === lastRefreshed)
    return 'refreshed'
  return 'changedElsewhere'
}

function isTokens(
  snapshot: SessionSnapshot,
): snapshot is Extract<SessionSnapshot, { status: 'signedIn' | 'expired' }> {
  return snapshot.status === 'signedIn' || snapshot.status === 'expired'
}
