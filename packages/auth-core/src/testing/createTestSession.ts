/**
 * A {@link PlatformSession} wired to the test kit: an in-memory cookie jar, a fake token
 * endpoint, a clock the test moves and recorded navigations. For a sub-site's own tests (a
 * component that shows the user, a fetch wrapper, a sign-out button) without a browser or Okta.
 */
import { COOKIE_NAMES } from '../cookies/cookie.types'
import { cookieScope } from '../cookies/cookieRules'
import { createPlatformSession } from '../session/createPlatformSession'
import type { PlatformSession, SessionConfig, SessionDeps } from '../session/session.types'
import { createFakeTokenEndpoint, type FakeTokenEndpoint } from './createFakeTokenEndpoint'
import { createTestCookieJar, type TestCookieJar } from './createTestCookieJar'
import { TEST_NOW_S, TEST_USER, fakeAccessToken, type FakeUser } from './fakeTokens'

/** The configuration of a test session unless one is given: production mode on `.example.com`. */
export const TEST_SESSION_CONFIG: SessionConfig = {
  oktaOrgUrl: 'https://login.example.com',
  authServerId: 'default',
  clientId: '0oa1abc',
  parentDomain: '.example.com',
  localMode: false,
  signInUrl: 'https://signin.example.com/',
}

/** How the test session starts. */
export interface TestSessionOptions {
  /** Overrides of {@link TEST_SESSION_CONFIG}. */
  readonly config?: Partial<SessionConfig>
  /**
   * `signedIn` (default): a valid access token and a refresh token. `expired`: an expired access
   * token and a refresh token (the first `getAccessToken()` refreshes). `signedOut`: no cookies.
   */
  readonly state?: 'signedIn' | 'expired' | 'signedOut'
  /** The person (default {@link TEST_USER}). */
  readonly user?: FakeUser
  /** Where the clock starts, epoch ms (default {@link TEST_NOW_S}). */
  readonly nowMs?: number
  /** Any other dependency (e.g. `pagePath`, `timeoutMs`); `cookies`, `fetch` and `now` included. */
  readonly deps?: Partial<SessionDeps>
}

/** A test session and everything around it. */
export interface TestSession {
  readonly session: PlatformSession
  readonly config: SessionConfig
  /** The cookies, at the session's Domain (`.example.com`, or host-only in local mode). */
  readonly jar: TestCookieJar
  /** The identity provider's endpoints: requests, valid and revoked tokens, `failNext`. */
  readonly endpoint: FakeTokenEndpoint
  /** The clock: set `clock.nowMs` to move time (cookies with a Max-Age run out with it). */
  readonly clock: { nowMs: number }
  /** Every URL the session navigated to (sign-in, logout), in order. */
  readonly navigations: readonly string[]
}

/**
 * A {@link PlatformSession} over {@link createTestCookieJar} and {@link createFakeTokenEndpoint},
 * signed in (or expired, or signed out) as `user`, at a clock the test controls.
 *
 * @example
 * ```ts
 * const { session, endpoint, navigations } = createTestSession({ state: 'expired' })
 * await session.getAccessToken() // one refresh
 * expect(endpoint.requests.map((r) => r.endpoint)).toEqual(['token'])
 * await session.signOut({ returnTo: 'https://citystream.example.com/' })
 * expect(navigations[0]).toMatch(/\/v1\/logout\?/)
 * ```
 */
export function createTestSession(options: TestSessionOptions = {}): TestSession {
  const config: SessionConfig = { ...TEST_SESSION_CONFIG, ...options.config }
  const clock = { nowMs: options.nowMs ?? TEST_NOW_S * 1000 }
  const now = () => clock.nowMs
  const user = options.user ?? TEST_USER
  const state = options.state ?? 'signedIn'
  const nowS = Math.floor(clock.nowMs / 1000)
  const accessToken = fakeAccessToken({
    sub: user.subject,
    email: user.email,
    cid: config.clientId,
    iat: nowS - 60,
    exp: state === 'expired' ? nowS - 60 : nowS + 3600,
  })
  const jar = createTestCookieJar(
    state === 'signedOut'
      ? {}
      : { [COOKIE_NAMES.accessToken]: accessToken, [COOKIE_NAMES.refreshToken]: 'rt-0' },
    { domain: cookieScope(config).domain ?? null, now },
  )
  const endpoint = createFakeTokenEndpoint({
    config,
    now,
    user,
    refreshTokens: state === 'signedOut' ? [] : ['rt-0'],
    accessTokens: state === 'signedOut' ? [] : [accessToken],
  })
  const navigations: string[] = []
  const session = createPlatformSession(config, {
    cookies: jar,
    fetch: endpoint.fetch,
    now,
    navigate: (url) => navigations.push(url),
    ...options.deps,
  })
  return { session, config, jar, endpoint, clock, navigations }
}
