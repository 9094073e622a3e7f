import type {
  AuthenticatedFetchSession,
  AuthError,
  PlatformSession,
  SessionSnapshot,
  SessionUser,
  SignOutOptions,
} from '@mapping-platform/auth-core/session'

/**
 * What a component shows, one of five:
 * - `loading`: not known yet (the server render and hydration, or an expired token being refreshed
 *   before anyone was shown signed in: once someone was, a refresh keeps showing them);
 * - `signedIn`: a valid access token; `user` is the person;
 * - `signedOut`: no session (no cookies, or an expired token with nothing to refresh it with);
 * - `signingOut`: `signOut()` started; the page is about to leave;
 * - `error`: damaged cookies, or the refresh of an expired token failed; `error` says which (a
 *   transient failure, e.g. `network_error`, is retried by the session, and the status changes
 *   with the next token).
 */
export type SessionStatus = 'loading' | 'signedIn' | 'signedOut' | 'signingOut' | 'error'

/** The status with what it carries: `user` only when signed in, `error` only on an error. */
export type SessionView =
  | { readonly status: 'signedIn'; readonly user: SessionUser; readonly error: null }
  | {
      readonly status: 'loading' | 'signedOut' | 'signingOut'
      readonly user: null
      readonly error: null
    }
  | { readonly status: 'error'; readonly user: null; readonly error: AuthError }

/** What `useSession()` returns: the view and the session's functions. */
export type SessionState = SessionView & {
  /** A valid access token, refreshed when needed; null without a session. */
  readonly getAccessToken: PlatformSession['getAccessToken']
  /**
   * Ends the session everywhere and leaves through the provider's logout, to `returnTo`: by
   * default the sub-site's home (`location.origin + '/'`, its registered sign-out redirect URI).
   */
  readonly signOut: (options?: SignOutOptions) => Promise<void>
  /** Sends the person to sign in, to come back to this sub-site (and `returnPath`). */
  readonly redirectToSignIn: AuthenticatedFetchSession['redirectToSignIn']
  /**
   * `fetch` with the access token (`createAuthenticatedFetch`): one forced refresh and retry on
   * a 401; without a session it redirects to sign in when the provider has a `subSite`, and
   * rejects with an `AuthError` `session_expired`.
   */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
}

/** The server render's (and hydration's) snapshot: nothing is known before the browser reads cookies. */
export const SERVER_SNAPSHOT = { status: 'loading' } as const

const LOADING: SessionView = { status: 'loading', user: null, error: null }
const SIGNED_OUT: SessionView = { status: 'signedOut', user: null, error: null }
const SIGNING_OUT: SessionView = { status: 'signingOut', user: null, error: null }

/**
 * The view of a snapshot, given the view shown before (`shown`). An `expired` one with a refresh
 * token is being refreshed (the provider refreshes it once): while the person shown signed in is
 * still the one in the cookies (or the access cookie ran out), it stays `shown` (nothing to re-render, nothing to unmount);
 * before anyone was shown it is `loading`. Without a refresh token there is nothing to refresh:
 * `signedOut`. `refreshError` is the failure of that refresh, for this very snapshot. A view
 * equal to `shown` is `shown` itself (the same object), so a refresh that changes only the
 * token changes nothing a component reads.
 */
export function sessionViewOf(
  snapshot: SessionSnapshot | typeof SERVER_SNAPSHOT,
  refreshError: AuthError | null,
  shown: SessionView | null = null,
): SessionView {
  const next = viewOf(snapshot, refreshError, shown)
  return shown !== null && sameView(next, shown) ? shown : next
}

/**
 * {@link sessionViewOf} with the view it returned last as `shown`: one per provider, so what a
 * provider shows depends on what it showed (a pure function of the calls, the same for
 * StrictMode's second render).
 */
export function rememberedView(): (
  snapshot: SessionSnapshot | typeof SERVER_SNAPSHOT,
  refreshError: AuthError | null,
) => SessionView {
  let shown: SessionView | null = null
  return (snapshot, refreshError) => (shown = sessionViewOf(snapshot, refreshError, shown))
}

function viewOf(
  snapshot: SessionSnapshot | typeof SERVER_SNAPSHOT,
  refreshError: AuthError | null,
  shown: SessionView | null,
): SessionView {
  switch (snapshot.status) {
    case 'signedIn':
      return { status: 'signedIn', user: snapshot.user, error: null }
    case 'expired':
      if (!snapshot.refreshable) return SIGNED_OUT
      if (refreshError !== null) return { status: 'error', user: null, error: refreshError }
      // The same person, or an access cookie that ran out (its Max-Age is the token's life) beside
      // the refresh token: a refresh naming someone else shows them (and remounts the guard).
      return shown?.status === 'signedIn' &&
        (snapshot.claims === null || shown.user.subject === snapshot.claims.subject)
        ? shown
        : LOADING
    case 'error':
      return { status: 'error', user: null, error: snapshot.error }
    case 'signedOut':
      return SIGNED_OUT
    case 'signingOut':
      return SIGNING_OUT
    case 'loading':
      return LOADING
  }
}

/** The same status, the same person by every field, the same error. */
function sameView(a: SessionView, b: SessionView): boolean {
  if (a.status !== b.status || a.error !== b.error) return false
  // The same status: both carry a person (signedIn) or neither does; `b`'s test is for the type checker.
  // Stryker disable next-line LogicalOperator: with the same status, a.user is null exactly when b.user is (|| and && agree)
  if (a.user === null || b.user === null) return a.user === b.user
  return (
    a.user.subject === b.user.subject &&
    a.user.email === b.user.email &&
    a.user.name === b.user.name
  )
}
