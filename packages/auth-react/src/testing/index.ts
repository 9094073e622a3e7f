/**
 * `@mapping-platform/auth-react/testing`: render components signed in or signed out, over a
 * session in memory (no cookies, no requests, no navigation), with a stub for the network.
 *
 * ```tsx
 * render(<Project />, { wrapper: signedIn(undefined, { fetch: stub }) })
 * ```
 */
export { createStubSession, STUB_USER } from './createStubSession'
export type { StubSession, StubSessionOptions } from './createStubSession'
export { createTestSession, TEST_USER } from './createTestSession'
export type { TestSession, TestSessionOptions } from './createTestSession'
export { sessionWrapper, signedIn, signedOut } from './sessionWrapper'
export type { SessionWrapper, SessionWrapperOptions, StubFetch } from './sessionWrapper'
