/**
 * `@mapping-platform/auth-core/testing`: test doubles for a sub-site's own tests of code that uses
 * `@mapping-platform/auth-core/session`, without a browser or an identity provider. No test
 * framework is assumed (plain objects and functions; use them from Vitest, Jest or node:test).
 * Import it from test files only: it is a separate entry point, so it never reaches a browser
 * bundle by accident.
 *
 * ```ts
 * const { session, jar, endpoint } = createTestSession({ state: 'expired' })
 * await session.getAccessToken() // refreshed by the fake token endpoint
 * ```
 */
export { createTestSession, TEST_SESSION_CONFIG } from './createTestSession'
export type { TestSession, TestSessionOptions } from './createTestSession'
export { createTestCookieJar } from './createTestCookieJar'
export type {
  TestCookie,
  TestCookieJar,
  TestCookieJarOptions,
  TestCookieScope,
} from './createTestCookieJar'
export { createFakeTokenEndpoint } from './createFakeTokenEndpoint'
export type {
  FakeEndpointRequest,
  FakeTokenEndpoint,
  FakeTokenEndpointOptions,
} from './createFakeTokenEndpoint'
export { fakeAccessToken, fakeIdToken, TEST_NOW_S, TEST_USER } from './fakeTokens'
export type { FakeUser } from './fakeTokens'

// Everything of `@mapping-platform/auth-core/session` too (the types above are built on it), so a
// test needs only this import
export * from '../session/index'
