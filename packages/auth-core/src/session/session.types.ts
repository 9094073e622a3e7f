/**
 * Types of `@mapping-platform/auth-core/session`: how a sub-site reads, refreshes and ends the platform session
 * that the sign-in app wrote as cookies on the parent domain.
 */
import type { AuthConfig } from '../config/authConfig'
import type { AuthError } from '../errors/authError'
import type { CookieRemoval, CookieWrite } from '../cookies/cookie.types'
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
   * server whose clock runs ahead does not reject a token this page still believes valid.
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
}

/** Default {@link SessionConfig.clockSkewSeconds}. */
export const DEFAULT_CLOCK_SKEW_SECONDS = 60
/** Default {@link SessionConfig.refreshLeewaySeconds}. */
export const DEFAULT_REFRESH_LEEWAY_SECONDS = 60
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

/* --- Injected dependencies --- */

/** Reads and writes the platform cookies (in a browser: `document.cookie`; in tests: a map). */
export interface CookieJar {
  /**
   * The value of the cookie called `name`, or `undefined` when there is none, or when there is
   * more than one copy (another Domain or Path: neither value can be trusted).
   */
  get(name: string): string | undefined
  /**
   * The values of every copy of the cookie called `name` the page sees, in the browser's order
   * (longer paths first); empty when there is none. The session uses it to notice copies tossed
   * in with another Path and expire them.
   */
  getAll(name: string): readonly string[]
  /** Writes a cookie with exactly the planned attributes. */
  set(write: CookieWrite): void
  /** Deletes a cookie: the same name, Domain and Path, `Max-Age=0`. */
  remove(removal: CookieRemoval): void
}

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
}

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

/** The session cookies, present and well-formed. */
export interface SessionTokens {
  /**
   * `active`: the access token is valid beyond the clock-skew allowance. `expired`: it is expired
   * (or about to be within the skew), or absent while a refresh token remains (refreshable).
   */
  readonly status: 'active' | 'expired'
  readonly accessToken: string | null
  readonly refreshToken: string | null
  readonly claims: AccessTokenClaims | null
  /** The access token's `exp` in epoch seconds, or null without an access token. */
  readonly expiresAt: number | null
}

/**
 * What the cookies say right now. `signedOut`: no access and no refresh cookie. `invalid`: a
 * cookie is tampered or truncated (not a JWT, bad base64url, non-JSON claims, no numeric `exp`,
 * over-long); `error` is an `unknown_error` AuthError whose message says which.
 */
export type SessionSnapshot =
  | { readonly status: 'signedOut' }
  | SessionTokens
  | { readonly status: 'invalid'; readonly error: AuthError }

/* --- Refresh --- */

/** Tokens from a refresh; `refreshToken` is null when the provider did not rotate it. */
export interface RefreshedTokens extends TokenSet {
  /** The validated ID token's `exp` (epoch seconds), or null without an ID token. */
  readonly idTokenExpiresAt: number | null
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

/** The platform session as one sub-site sees it. */
export interface PlatformSession {
  /** The session as the cookies describe it now. Never throws. */
  readonly readSession: () => SessionSnapshot
  /** A valid access token, refreshed when needed; null when there is no session (any more). */
  readonly getAccessToken: () => Promise<string | null>
  /** Revokes the refresh token, clears the token cookies and leaves through the provider's logout. */
  readonly signOut: (options: SignOutOptions) => Promise<void>
  /** Remembers this sub-site in `post_login_redirect` and goes to the sign-in page. */
  readonly redirectToSignIn: (subSite: string) => void
}
