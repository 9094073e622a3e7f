import { isAuthError } from '@mapping-platform/auth-core/session'
import type { AuthenticatedFetchSession } from '@mapping-platform/auth-core/session'

/** What a loader or action guard reads of its arguments: the request being routed. */
export interface RouteRequestArgs {
  /** The request the router made for the navigation or submission (`request.url`: where to). */
  readonly request: Request
}

/** What {@link createSessionGuard} needs: a platform session (or a test session). */
export type GuardedSession = Pick<AuthenticatedFetchSession, 'getAccessToken' | 'redirectToSignIn'>

/** Options of {@link createSessionGuard}. */
export interface SessionGuardOptions {
  /** This sub-site's name, as the sign-in app allows it: where sign-in brings the person back. */
  readonly subSite: string
}

/**
 * Wraps a React Router loader or action so that it runs only for a signed-in person, made by
 * {@link createSessionGuard}: `loader: requireSession(async ({ params }) => …)`, or
 * `loader: requireSession()` for a route with no data of its own (its data is then `null`).
 */
export interface SessionGuard {
  /** `handler` (a loader or action) behind the guard: it runs only for a signed-in person. */
  <Args extends RouteRequestArgs, Result>(
    handler: (args: Args) => Result,
  ): (args: Args) => Promise<Awaited<Result>>
  /** A loader with no data of its own: `null` for a signed-in person. */
  (): (args: RouteRequestArgs) => Promise<null>
  /**
   * Resolves once the person is signed in (the token refreshed first if it had expired); when
   * signed out, sends them to sign in back to `returnPath` (a path with its query) and never
   * settles, as the page is leaving. For any router: TanStack Router's `beforeLoad` would call
   * it with `location.pathname + location.searchStr`.
   * @throws AuthError when the session cannot tell (a refresh failed, e.g. `network_error`).
   */
  readonly ensureSignedIn: (returnPath: string) => Promise<void>
}

/** The navigation of a page that is leaving for sign-in: it never completes. */
const leaving = (): Promise<never> => new Promise<never>(() => {})

/**
 * A guard for React Router 7's loaders and actions (`createBrowserRouter`): before the wrapped
 * loader or action runs, `session.getAccessToken()` (a refresh first when the token expired).
 * Signed out, the person is sent to sign in, back to the route's own location (path and query of
 * the loader's `request.url`, basename included), and the loader never settles: the page leaves
 * without the route's element or its error element ever rendering (the page shown, or the
 * `HydrateFallback` on a first load, stays until it does). One redirect however many guarded
 * loaders a navigation runs, again allowed once the person was seen signed in. The same when
 * the handler rejects with an `AuthError` `session_expired` (the session ended while it ran: its
 * `createAuthenticatedFetch` found no token; give that fetch `onSignedOut: 'none'` so that the
 * guard's redirect, back to the route, is the only one). A refresh that fails (`network_error`,
 * `invalid_grant`…) is thrown: the error element shows it (a redirect would not fix it).
 *
 * The session is the one the provider shares, created once in a module of the app:
 * `<PlatformSessionProvider session={session} …>` (loaders run outside React).
 *
 * @example
 * ```tsx
 * const requireSession = createSessionGuard(session, { subSite: 'citystream' })
 * createBrowserRouter([{ path: '/projects/:id', loader: requireSession(({ params }) => loadProject(params.id)), Component: Project }])
 * ```
 * @see https://reactrouter.com/start/data/data-loading
 */
export function createSessionGuard(
  session: GuardedSession,
  options: SessionGuardOptions,
): SessionGuard {
  const { subSite } = options
  let redirecting = false
  async function ensureSignedIn(returnPath: string): Promise<void> {
    if ((await session.getAccessToken()) !== null) {
      redirecting = false
      return
    }
    if (!redirecting) {
      session.redirectToSignIn(subSite, { returnPath })
      redirecting = true
    }
    return leaving()
  }
  function guard<Args extends RouteRequestArgs, Result>(
    handler?: (args: Args) => Result,
  ): (args: Args) => Promise<Awaited<Result> | null> {
    return async (args): Promise<Awaited<Result> | null> => {
      const { pathname, search } = new URL(args.request.url)
      await ensureSignedIn(pathname + search)
      if (handler === undefined) return null
      try {
        return await handler(args)
      } catch (error) {
        // The session ended while the handler ran (its authenticated fetch found no token):
        // sign in again, back to this route, instead of showing the error element.
        if (isAuthError(error) && error.code === 'session_expired')
          await ensureSignedIn(pathname + search)
        throw error
      }
    }
  }
  return Object.assign(guard as SessionGuard, { ensureSignedIn })
}
