/**
 * `@mapping-platform/auth-react/testing`: render components signed in or signed out, over a
 * session in memory (no cookies, no requests, no navigation).
 *
 * ```tsx
 * render(<Profile />, { wrapper: signedIn({ name: 'Grace Hopper' }) })
 * ```
 */
export { createTestSession, TEST_USER } from './createTestSession'
export type { TestSession, TestSessionOptions } from './createTestSession'
export { sessionWrapper, signedIn, signedOut } from './sessionWrapper'
export type { SessionWrapper } from './sessionWrapper'
