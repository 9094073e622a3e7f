import { createAuthenticatedFetch } from '@mapping-platform/auth-core/session'
import type { SessionUser } from '@mapping-platform/auth-core/session'
import type { ReactNode } from 'react'
import { PlatformSessionProvider } from '../PlatformSessionProvider'
import { FetchFactoryContext } from '../sessionContext'
import { createStubSession } from './createStubSession'
import type { StubSession } from './createStubSession'

/** A component that wraps what a test renders (Testing Library's `wrapper` option). */
export type SessionWrapper = (props: { readonly children?: ReactNode }) => ReactNode

/** The network behind `useSession().fetch` in a test: called as the component called it. */
export type StubFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

/** Options of {@link sessionWrapper}, {@link signedIn} and {@link signedOut}. */
export interface SessionWrapperOptions {
  /** The provider's `subSite`: with it, a call with no session records a redirect. */
  readonly subSite?: string
  /**
   * The origin relative URLs resolve against, as the page's would in the browser (in Node and
   * jsdom `new Request('/api')` throws): default the test page's (`location.origin` under
   * happy-dom or jsdom), else `http://localhost`.
   */
  readonly origin?: string
  /**
   * The origins `useSession().fetch` treats as the APIs that take the platform token, as the
   * provider's `apiOrigins`: default the `origin` itself (a relative URL is the page's own API).
   */
  readonly apiOrigins?: readonly string[]
  /**
   * Stands for the network: `useSession().fetch(input, init)` calls it with `input` and `init`
   * exactly as the component wrote them (`'/api/projects/42'`, `{ method: 'PUT', body }`), so
   * `expect(stub).toHaveBeenCalledWith(...)` reads like the component. Everything else is the
   * app's: to an API origin with no session the stub is not called, a redirect is recorded
   * (with `subSite`) and the call rejects `session_expired`; an API's 401 is retried once. The
   * stub session's token is not added to `init`. Without it, requests go to `globalThis.fetch`
   * as a `Request` (with the test token for the API origins).
   */
  readonly fetch?: StubFetch
}

/** `input` with a relative URL made absolute against `origin`; a `Request` or absolute URL as is. */
function resolved(input: string | URL | Request, origin: string): string | URL | Request {
  return typeof input === 'string' ? new URL(input, origin).href : input
}

/**
 * `useSession().fetch` for tests: the app's authenticated fetch (`createAuthenticatedFetch`) over
 * URLs resolved against `origin`, whose requests reach `stub` as the caller wrote them.
 */
function testFetchFactory(origin: string, stub: StubFetch | undefined) {
  return ((session, options) => {
    const plain = createAuthenticatedFetch(session, options)
    return (input, init) =>
      (stub === undefined
        ? plain
        : createAuthenticatedFetch(session, { ...options, fetch: () => stub(input, init) }))(
        resolved(input, origin),
        init,
      )
  }) satisfies typeof createAuthenticatedFetch
}

/**
 * Wraps the rendered component in a `PlatformSessionProvider` over `session`:
 * `render(<Page />, { wrapper: sessionWrapper(session, { fetch }) })`. `useSession().fetch` sends
 * the test token only to `apiOrigins` (default: `origin`, the test page's), as in the app,
 * and resolves relative URLs against `origin`; with `fetch`, that stub receives each call.
 */
export function sessionWrapper(
  session: StubSession,
  options: SessionWrapperOptions = {},
): SessionWrapper {
  const origin = new URL(options.origin ?? globalThis.location?.origin ?? 'http://localhost').origin
  const apiOrigins = options.apiOrigins ?? [origin]
  const factory = testFetchFactory(origin, options.fetch)
  const localMode = apiOrigins.some((named) => named.startsWith('http:'))
  return function StubSessionProvider({ children }) {
    return (
      <FetchFactoryContext.Provider value={factory}>
        <PlatformSessionProvider
          session={session}
          subSite={options.subSite}
          apiOrigins={apiOrigins}
          localMode={localMode}
        >
          {children}
        </PlatformSessionProvider>
      </FetchFactoryContext.Provider>
    )
  }
}

/**
 * Renders signed in, as `user` merged over the default (`STUB_USER`: `ada@example.com`, no
 * name, as the platform's scopes give): `render(<Page />, { wrapper: signedIn() })`.
 */
export function signedIn(
  user?: Partial<SessionUser>,
  options?: SessionWrapperOptions,
): SessionWrapper {
  return sessionWrapper(createStubSession({ user }), options)
}

/** Renders signed out: `render(<Page />, { wrapper: signedOut() })`. */
export function signedOut(options?: SessionWrapperOptions): SessionWrapper {
  return sessionWrapper(createStubSession({ signedIn: false }), options)
}
