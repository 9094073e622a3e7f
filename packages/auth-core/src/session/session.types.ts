/**
 * Types of `@mapping-platform/auth-core/session`: how a sub-site reads, refreshes and ends the platform session
 * that the sign-in app wrote as cookies on the parent domain.
 */
import type { AuthConfig } from '../config/authConfig'
import type { AuthError } from '../errors/authError'
import type { CookieJar } from '../cookies/cookie.types'
import type { TokenSet } from '../oauth/oauth.types'

/* --- Configuration --- */

/**
 * What a sub-site needs to know: the identity provider and client of the sign-in app (the same
 * values, so refreshes and logouts reach the same authorization server), the parent domain the
 * cookies live on, and where the sign-in page is.
 */
export type SessionConfig = Pick<
  AuthConfig,
  'oktaOrgUrl' | 'authServerId' | 'clientId' | 'parentDomain' | 'localMode'
> & {
  /** The sign-in page, absolute (`https://`, or `http://` in local mode), e.g. `https://signin.example.com/`. */
  readonly signInUrl: string
  /**
   * Clock-skew allowance in seconds (default {@link DEFAULT_CLOCK_SKEW_SECONDS}): an access token
   * counts as expired once `now + clockSkewSeconds >= exp`, i.e. this long before its `exp`, so a
   * server whose clock runs ahead does not reject a token this page still believes valid. For a
   * token that lives less than five times this (from its `iat`), the skew, the refresh leeway and
   * the refresh ahead are at most a fifth of its life, so a short-lived token is still used
   * (and one that lives no longer than the skew is reported once to `deps.warn`).
   */
  readonly clockSkewSeconds?: number
  /**
   * Refresh leeway in seconds (default {@link DEFAULT_REFRESH_LEEWAY_SECONDS}): `getAccessToken()`
   * refreshes when the token expires within this time, so a request sent now still carries a
   * token that is valid when it arrives.
   */
  readonly refreshLeewaySeconds?: number
  /**
   * The names the sign-in page may write from the product API's cookie map on the Google path
   * (the sign-in app's `VITE_GOOGLE_COOKIE_NAMES`; default `access_token,refresh_token`): sign-out
   * removes them too.
   */
  readonly googleCookieNames?: readonly string[]
  /**
   * Proactive refresh, on by default ({@link DEFAULT_REFRESH_AHEAD_SECONDS}, 120 s; `0` turns it
   * off): while someone is subscribed ({@link PlatformSession.subscribe}) and the page is
   * visible, the session refreshes on its own this long before the access token expires (never
   * before half the token's life), so a page that shows the session never sees its token expire
   * while the person stays signed in (no `expired` snapshot, no loading state, no remount). It is
   * the same refresh as `getAccessToken()`, under the lock and the lease, so other tabs and
   * sub-sites use its result instead of refreshing too. It also raises `getAccessToken()`'s own
   * threshold ({@link SessionConfig.refreshLeewaySeconds}) to at least this value, so a refresh
   * due by this rule is never skipped as "still fresh".
   */
  readonly refreshAheadSeconds?: number
}

/** Default {@link SessionConfig.clockSkewSeconds}. */
export const DEFAULT_CLOCK_SKEW_SECONDS = 60
/** Default {@link SessionConfig.refreshLeewaySeconds}. */
export const DEFAULT_REFRESH_LEEWAY_SECONDS = 60
/**
 * Default {@link SessionConfig.refreshAheadSeconds}: 120 s, twice the clock-skew allowance, so
 * the background refresh runs a minute before the token would count as expired, leaving time
 * for a retry after a transient failure (back-off from 2 s) before anything shows. One refresh
 * per token lifetime, as without it.
 */
export const DEFAULT_REFRESH_AHEAD_SECONDS = 120
/** Lifetime of the `post_login_redirect` cookie written by `redirectToSignIn`: ten minutes. */
export const POST_LOGIN_REDIRECT_MAX_AGE_SECONDS = 600
/** Name of the lock (Web Locks: the tabs of one origin) every refresh runs under. */
export const REFRESH_LOCK_NAME = 'platform-session-refresh'
/**
 * Name of the platform-wide refresh lease: a cookie on the parent domain (same Domain, Path,
 * `Secure` and `SameSite=Lax` as the token cookies) whose value is `{holder}.{expiry}` (a random
 * holder id, 8 to 64 of `[A-Za-z0-9_-]`, and the epoch milliseconds it lasts until), with a
 * Max-Age of {@link REFRESH_LEASE_MS} (16 s). A sub-site refreshes (or signs out), and the
 * sign-in page writes or replaces the token cookies, only while holding it; another holder finding
 * it waits and then uses the tokens the holder wrote.
 */
export const REFRESH_LEASE_COOKIE_NAME = 'refresh_lease'
/**
 * The lifetime of every refresh lease, the same on every sub-site and on the sign-in page: 16 000
 * ms. A holder's work (one request to the provider, at most `MAX_SESSION_TIMEOUT_MS`) ends
 * within it; a waiter waits at most this long; a lease value claiming to last longer is forged or
 * mis-clocked and ignored. One constant, not each sub-site's own timeout: a sub-site with a short
 * timeout must not take a longer-configured holder's lease for implausible and overwrite it.
 */
export const REFRESH_LEASE_MS = 16_000
/**
 * The longest request timeout a session accepts (`SessionDeps.timeoutMs`): 15 000 ms, one second
 * inside {@link REFRESH_LEASE_MS}, so a refresh ends (or is aborted) while its lease still holds.
 * A longer timeout is refused when the session is created.
 */
export const MAX_SESSION_TIMEOUT_MS = 15_000
/**
 * The hard ceiling on token requests: at most 4 refreshes in any 60 s, per browser (every tab
 * and sub-site together, counted in the {@link REFRESH_BUDGET_COOKIE_NAME} cookie). A healthy
 * session refreshes once per token lifetime; four in a minute already means something is wrong
 * (a clock, an API answering 401 by mistake), and Okta's rate limit on the token endpoint is
 * per org, so one browser must not spend it for everyone. Past it no request is sent:
 * `getAccessToken()` rejects with an AuthError `rate_limited` (reported to `onError`) until the
 * oldest of the four is 75 s old (counted over a minute plus the longest request timeout, so
 * that no minute at the provider sees a fifth).
 */
export const MAX_REFRESHES_PER_MINUTE = 4
/**
 * Name of the refresh budget: a cookie on the parent domain (same Domain, Path, `Secure` and
 * `SameSite=Lax` as the token cookies, Max-Age 75) whose value lists the device times (epoch
 * milliseconds, dot-separated) of the refreshes sent in the last 75 s by any sub-site of this
 * browser. Written under the refresh lease just before each request; see
 * {@link MAX_REFRESHES_PER_MINUTE}.
 */
export const REFRESH_BUDGET_COOKIE_NAME = 'refresh_budget'

/* --- Injected dependencies --- */

export type { CookieJar } from '../cookies/cookie.types'

/**
 * Runs `task` while holding the lock called `name`, exclusive across the tabs of this ORIGIN
 * (Web Locks are per origin: two sub-sites do not share them), and resolves with its result.
 * The lock is released when `task` settles. Across sub-sites, the refresh lease cookie
 * ({@link REFRESH_LEASE_COOKIE_NAME}) takes over, and a refresh that still loses a race notices
 * the other's rotated cookie instead of signing everyone out (`getAccessToken`).
 */
export type SessionLock = <T>(name: string, task: () => Promise<T>) => Promise<T>

/** Everything with a side effect, injected so the session runs in tests and any framework. */
export interface SessionDeps {
  readonly cookies: CookieJar
  /** Defaults to `globalThis.fetch`. */
  readonly fetch?: typeof fetch
  /** The clock, in epoch milliseconds. Defaults to the system clock. */
  readonly now?: () => number
  /** Sends the browser to `url` (a top-level navigation, e.g. `location.assign`). */
  readonly navigate: (url: string) => void
  /** Exclusion for refreshes across the tabs of this origin. Defaults to an in-memory lock (this page only). */
  readonly lock?: SessionLock
  /**
   * Resolves after `ms` milliseconds (in a browser: `setTimeout`). With `randomId`, it turns on
   * the platform-wide refresh lease ({@link REFRESH_LEASE_COOKIE_NAME}): a sub-site waits while
   * another holds it. Without both, only the lock and the `invalid_grant` re-read coordinate.
   */
  readonly sleep?: (ms: number) => Promise<void>
  /**
   * A fresh unguessable id for each lease taken: 8 to 64 of `[A-Za-z0-9_-]` (in a browser, from
   * `crypto.getRandomValues`).
   */
  readonly randomId?: () => string
  /**
   * Time allowed for each request to the identity provider: 1 to {@link MAX_SESSION_TIMEOUT_MS}
   * ms (default and maximum 15000), so a refresh always ends inside its refresh lease.
   */
  readonly timeoutMs?: number
  /**
   * The current page's path (`location.pathname`): sign-out also expires the token cookies at
   * every ancestor path of it (cookies tossed in with a deeper Path). Defaults to `/` only.
   */
  readonly pagePath?: () => string
  /**
   * Starts watching for changes of the cookies made outside this object (another tab or
   * sub-site): calls `onChange` whenever they may have changed, and returns a function that
   * stops watching. Used only while someone is subscribed. In a browser:
   * {@link browserWatchCookies} (`cookieStore` change events, else focus / visibility re-reads
   * and a bounded poll). Without it, only this object's own changes and the expiry are seen.
   */
  readonly watchCookies?: CookieWatch
  /**
   * Runs `task` once after `ms` milliseconds and returns a function that cancels it (in a
   * browser: `setTimeout` / `clearTimeout`). Without it, no expiry event and no proactive refresh.
   */
  readonly schedule?: Schedule
  /** Whether the page is visible now (`document.visibilityState`). Defaults to always visible. */
  readonly isVisible?: () => boolean
  /**
   * Told of an error the session caught and went on without: a `subscribe` listener that threw
   * (the other listeners still hear the event, and the refresh, the request or the cookie watch
   * that told it goes on as if nothing had thrown), a refresh answer whose ID token fails its
   * local check (the tokens are kept, the ID token is not), the refresh ceiling
   * ({@link MAX_REFRESHES_PER_MINUTE}) reached. {@link browserSessionDeps} passes
   * `console.error`; without it such errors are dropped. Must not throw.
   */
  readonly onError?: (error: unknown) => void
  /**
   * Told once, in development, of a setting the session had to work around: an access token
   * that lives no longer than `clockSkewSeconds` (the margins are then capped at a fifth of its
   * life). Default: `console.warn` in local mode, nothing otherwise. Must not throw.
   */
  readonly warn?: (message: string) => void
  /**
   * A uniform random number in [0, 1): the jitter of the back-off after a failed refresh (in a
   * browser, from `crypto.getRandomValues`). Defaults to no jitter (0.5).
   */
  readonly random?: () => number
  /**
   * Starts watching for moments worth retrying a refresh that failed for a transient reason
   * (network, timeout, 5xx): calls `onSignal` on each, returns a function that stops. In a
   * browser: `online`, `focus` and `visibilitychange` of `window`. Used only while someone is
   * subscribed and a retry is pending.
   */
  readonly watchRetrySignals?: CookieWatch
}

/** See {@link SessionDeps.watchCookies}: `onChange` on every possible change; returns stop. */
export type CookieWatch = (onChange: () => void) => () => void

/** See {@link SessionDeps.schedule}: runs `task` once after `ms` ms; returns cancel. */
export type Schedule = (task: () => void, ms: number) => () => void

/* --- Snapshot --- */

/** The claims of the access token, decoded but NOT verified: for display and expiry only. */
export interface AccessTokenClaims {
  /** `sub`. */
  readonly subject: string
  /** `email`, when the token carries one as a string. */
  readonly email: string | null
  /** `exp`, epoch seconds. */
  readonly expiresAt: number
  /** `iat`, epoch seconds, when present as a number. */
  readonly issuedAt: number | null
  /** Okta's `scp` array, else a space-separated `scope` string split, else empty. */
  readonly scopes: readonly string[]
}

/**
 * Who is signed in, for display (never for an authorization decision). `subject` and, by
 * default, `email` come from the access token's claims; `name` (and `email` when the access
 * token has none) from the ID token of a refresh this object made, else the provider's userinfo
 * endpoint, cached per access token (see {@link PlatformSession.getUser}). `name` is null until
 * known, and stays null when the provider does not give one (the `profile` scope is needed).
 */
export interface SessionUser {
  /** The access token's `sub` (at Okta: the person's login). */
  readonly subject: string
  readonly email: string | null
  readonly name: string | null
}

/** The `name` and `email` claims the provider gave for an access token (ID token or userinfo). */
export interface UserProfile {
  readonly email: string | null
  readonly name: string | null
}

/**
 * Signed in: the access token is valid beyond the clock-skew allowance. Like every snapshot, it
 * never holds the refresh token: snapshots and events reach every listener (and their logs); only
 * the session itself reads the refresh cookie.
 */
export interface SignedInSession {
  readonly status: 'signedIn'
  readonly accessToken: string
  readonly claims: AccessTokenClaims
  /** The access token's `exp` in epoch seconds. */
  readonly expiresAt: number
  readonly user: SessionUser
}

/**
 * The access token is expired (or about to be within the skew), or absent while a refresh token
 * remains (refreshable).
 */
export interface ExpiredSession {
  readonly status: 'expired'
  readonly accessToken: string | null
  /**
   * Whether a refresh token cookie is there, so `getAccessToken()` can try to refresh (the token
   * itself is never in a snapshot).
   */
  readonly refreshable: boolean
  readonly claims: AccessTokenClaims | null
  /** The access token's `exp` in epoch seconds, or null without an access token. */
  readonly expiresAt: number | null
}

/**
 * The former name of {@link SignedInSession}, when the status was `active`.
 * @deprecated Use `SignedInSession` (status `signedIn`, the word auth-react shows).
 */
export type ActiveSession = SignedInSession

/** The session cookies, present and well-formed: signed in or expired. */
export type SessionTokens = SignedInSession | ExpiredSession

/**
 * What the cookies say right now, a union on `status`, in the words auth-react's `useSession()`
 * shows (one vocabulary; `active` and `invalid` before 0.3): `signedIn` (a valid access token),
 * `expired` (refreshable or not), `signedOut`: no access and no refresh cookie. `signingOut`:
 * `signOut()` has started (until the page leaves). `error`: a cookie is tampered or truncated
 * (not a JWT, bad base64url, non-JSON claims, no numeric `exp`, over-long) or has a copy out of
 * reach; `error` is an `unknown_error` AuthError whose message says which.
 */
export type SessionSnapshot =
  | { readonly status: 'signedOut' }
  | SignedInSession
  | ExpiredSession
  | { readonly status: 'signingOut' }
  | { readonly status: 'error'; readonly error: AuthError }

/**
 * What a {@link PlatformSession.subscribe} listener hears, with the new snapshot:
 * - `refreshed`: this object refreshed the tokens;
 * - `signedOut`: the cookies are gone (here or elsewhere), or `signOut()` started;
 * - `expired`: the access token passed its `exp` (minus the skew) with no refresh;
 * - `changedElsewhere`: another tab or sub-site wrote the cookies;
 * - `userLoaded`: `user.name` or `user.email` became known.
 * One change gives one event: a refresh whose ID token names the person is `refreshed`.
 */
export type SessionEvent = {
  readonly type: 'refreshed' | 'signedOut' | 'expired' | 'changedElsewhere' | 'userLoaded'
  readonly snapshot: SessionSnapshot
}

/* --- Refresh --- */

/** Tokens from a refresh; `refreshToken` is null when the provider did not rotate it. */
export interface RefreshedTokens extends TokenSet {
  /** The validated ID token's `exp` (epoch seconds), or null without an ID token. */
  readonly idTokenExpiresAt: number | null
  /** The validated ID token's string `name` and `email` claims, or null without an ID token. */
  readonly idTokenProfile: UserProfile | null
  /**
   * The provider's clock minus the device's, in ms, measured on this answer (the access token's
   * `iat`, else `exp - expires_in`, against the receipt time); null when the token carries neither.
   */
  readonly clockOffsetMs: number | null
  /**
   * Why the answer's ID token failed its local check (`idToken` is then null and the other
   * tokens are kept: the provider issued them), else null.
   */
  readonly idTokenError: AuthError | null
}

/* --- The session object --- */

/** Options of {@link PlatformSession.signOut}. */
export interface SignOutOptions {
  /**
   * Where the browser lands after the provider's logout: an absolute `https://` URL (`http://` in
   * local mode), registered with the provider as a post-logout redirect URI.
   */
  readonly returnTo: string
}

/** Options of {@link PlatformSession.redirectToSignIn}. */
export interface RedirectToSignInOptions {
  /**
   * The page on this sub-site to come back to after sign-in: a path with an optional query, such
   * as `location.pathname + location.search` (`/projects/42?tab=map`). Written as
   * `post_login_path` when it is a same-origin path by the contract's rules and not `/`;
   * otherwise ignored (the person comes back to the sub-site's root) and any earlier
   * `post_login_path` is deleted.
   */
  readonly returnPath?: string
}

/** Options of {@link PlatformSession.getAccessToken}. */
export interface GetAccessTokenOptions {
  /**
   * Refresh even though the access token looks valid (e.g. the resource server answered 401):
   * one refresh, shared with any refresh already in flight.
   */
  readonly forceRefresh?: boolean
  /**
   * With `forceRefresh`: the access token the resource server refused. When the cookie already
   * holds another access token (refreshed meanwhile by this or another tab or sub-site), that
   * one is returned with no request; otherwise the refresh replaces this one, once for all
   * callers naming it.
   */
  readonly failedToken?: string
}

/** The platform session as one sub-site sees it. */
export interface PlatformSession {
  /** The same as {@link PlatformSession.getSnapshot} (kept for compatibility). */
  readonly readSession: () => SessionSnapshot
  /**
   * The session as the cookies describe it now: the SAME object until something changed (the
   * cookie values, the status the clock derives, the user, sign-out), so it is safe as React's
   * `useSyncExternalStore` snapshot. Never throws.
   */
  readonly getSnapshot: () => SessionSnapshot
  /**
   * Calls `listener` after the snapshot changed. The first subscriber starts watching (the
   * `watchCookies` dep, a timer for the expiry and the optional proactive refresh, the user's
   * name); the last unsubscribe stops all of it. Returns the unsubscribe function.
   */
  readonly subscribe: (listener: (event: SessionEvent) => void) => () => void
  /**
   * A valid access token, refreshed when needed; null when there is no session (any more) or
   * while signing out.
   */
  readonly getAccessToken: (options?: GetAccessTokenOptions) => Promise<string | null>
  /** The signed-in person with the name loaded when it can be; null without a session. Never rejects. */
  readonly getUser: () => Promise<SessionUser | null>
  /** Revokes the refresh token, clears the token cookies and leaves through the provider's logout. */
  readonly signOut: (options: SignOutOptions) => Promise<void>
  /**
   * Remembers this sub-site in `post_login_redirect` (and `options.returnPath` in
   * `post_login_path`) and goes to the sign-in page. Does nothing while signing out (a guard
   * re-running then must not bring the cookie back).
   */
  readonly redirectToSignIn: (subSite: string, options?: RedirectToSignInOptions) => void
}
