/**
 * Bad input never escapes as a TypeError: every malformed setting, variable, cookie or token
 * answer becomes a typed AuthError, a `{ ok: false }` result or a clear null, and nothing
 * half-checked is written to the cookies.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { COOKIE_NAMES } from '../cookies/cookie.types'
import { AuthError } from '../errors/authError'
import { createTestCookieJar } from '../testing/createTestCookieJar'
import { TEST_NOW_S, fakeAccessToken, fakeIdToken } from '../testing/fakeTokens'
import { TEST_SESSION_CONFIG } from '../testing/createTestSession'
import { createPlatformSession } from './createPlatformSession'
import { readSessionConfig } from './readSessionConfig'
import { REFRESH_LEASE_COOKIE_NAME } from './session.types'
import type { SessionConfig, SessionDeps } from './session.types'

const NOW_MS = TEST_NOW_S * 1000
const STATUSES = ['signedOut', 'signedIn', 'expired', 'signingOut', 'error']

/** Any JavaScript value a loosely typed caller might pass. */
const anyValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
)
/** Strings near the accepted ones: trailing slashes, http, paths, user info, no leading dot. */
const oddUrl = fc.constantFrom(
  'https://login.example.com',
  'https://login.example.com/',
  'https://login.example.com//',
  'http://login.example.com',
  'https://login.example.com/oauth2',
  'https://user:pw@login.example.com',
  'https://login.example.com#x',
  'https://login.example.com?x=1',
  'login.example.com',
  'https://',
  '',
  ' https://login.example.com ',
  'https://signin.example.com/',
  'https://signin.evil.com/',
  'https://evilexample.com/',
  'javascript:alert(1)',
)
const oddDomain = fc.constantFrom(
  '.example.com',
  'example.com',
  '.EXAMPLE.com',
  '.com',
  '.',
  '',
  '..example.com',
  '.example.com.',
  '.exa mple.com',
)
const field = <T>(good: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: good, weight: 3 }, { arbitrary: anyValue, weight: 1 })

const configArbitrary = fc.record(
  {
    oktaOrgUrl: field(oddUrl),
    authServerId: field(fc.constantFrom('default', 'aus1', 'default/../x', '', 'a b')),
    clientId: field(fc.constantFrom('0oa1abc', '', '-x', 'a'.repeat(300))),
    parentDomain: field(oddDomain),
    localMode: field(fc.boolean()),
    signInUrl: field(oddUrl),
    clockSkewSeconds: field(fc.oneof(fc.nat(), fc.double())),
    refreshLeewaySeconds: field(fc.oneof(fc.nat(), fc.double())),
    refreshAheadSeconds: field(fc.oneof(fc.nat(), fc.double())),
    googleCookieNames: field(fc.array(fc.string(), { maxLength: 3 })),
  },
  { requiredKeys: [] },
)
/** No override, one odd field, or many at once (so some creations succeed). */
const overridesArbitrary = fc.oneof(
  fc.constant({}),
  configArbitrary.chain((all) =>
    fc.constantFrom(...Object.keys(all)).map((key) => ({ [key]: all[key as keyof typeof all] })),
  ),
  configArbitrary,
)
const randomIdArbitrary = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 2 },
  { arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/).map((id) => () => id), weight: 2 },
  anyValue.map((id) => () => id),
  fc.constant(() => {
    throw new Error('no randomness')
  }),
  anyValue,
)
const timeoutArbitrary = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  fc.integer(),
  fc.double(),
  anyValue,
)

describe('createPlatformSession and readSessionConfig on arbitrary settings (properties)', () => {
  // Shrunk counter-examples the properties below found, kept as fixed regressions.
  it('refuses a parentDomain that is not a string as configuration_error, not a TypeError', () => {
    const config = { ...TEST_SESSION_CONFIG, parentDomain: false } as unknown as SessionConfig
    expect(() => createPlatformSession(config, deps())).toThrow(
      expect.objectContaining({ name: 'AuthError', code: 'configuration_error' }),
    )
  })

  it('reports a variable that is not a string as a problem, not a TypeError', () => {
    const result = readSessionConfig({ VITE_OKTA_ORG_URL: 0 } as unknown as Record<string, string>)
    expect(result.ok).toBe(false)
    expect(result.ok ? [] : result.problems.map((problem) => problem.variable)).toContain(
      'VITE_OKTA_ORG_URL',
    )
  })

  it('creation succeeds or throws AuthError configuration_error, never anything else', () => {
    let created = 0
    fc.assert(
      fc.property(
        overridesArbitrary,
        randomIdArbitrary,
        timeoutArbitrary,
        (overrides, randomId, timeoutMs) => {
          const config = { ...TEST_SESSION_CONFIG, ...overrides } as unknown as SessionConfig
          const deps = {
            cookies: createTestCookieJar(),
            navigate: () => undefined,
            sleep: async () => undefined,
            randomId,
            timeoutMs,
          } as unknown as SessionDeps
          try {
            createPlatformSession(config, deps)
            created += 1
          } catch (error) {
            expect(error).toBeInstanceOf(AuthError)
            expect((error as AuthError).code).toBe('configuration_error')
          }
        },
      ),
      { numRuns: 200 },
    )
    expect(created).toBeGreaterThan(0)
  })

  it('readSessionConfig on any environment answers ok or every problem, never throws', () => {
    const names = fc.constantFrom(
      'VITE_OKTA_ORG_URL',
      'VITE_OKTA_AUTH_SERVER_ID',
      'VITE_OKTA_CLIENT_ID',
      'VITE_PARENT_DOMAIN',
      'VITE_LOCAL_MODE',
      'VITE_SIGNIN_URL',
      'MODE',
    )
    const value = fc.oneof(oddUrl, oddDomain, fc.constantFrom('true', 'false', 'default'), anyValue)
    fc.assert(
      fc.property(fc.dictionary(names, value), (env) => {
        const result = readSessionConfig(env as Record<string, string>)
        if (result.ok) expect(createPlatformSession(result.config, deps())).toBeDefined()
        else expect(result.problems.length).toBeGreaterThan(0)
      }),
      { numRuns: 200 },
    )
  })
})

function deps(extra: Partial<SessionDeps> = {}): SessionDeps {
  return { cookies: createTestCookieJar(), navigate: () => undefined, now: () => NOW_MS, ...extra }
}

/* --- Cookies --- */

const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const jwtLike = fc.oneof(
  fc.constant(fakeAccessToken()),
  fc.constant(fakeAccessToken({ exp: TEST_NOW_S - 1 })),
  fc
    .record({ sub: anyValue, exp: anyValue, email: anyValue, scp: anyValue, scope: anyValue })
    .map((claims) => `${base64urlJson({ alg: 'RS256' })}.${base64urlJson(claims)}.c2ln`),
  fc.string().map((text) => `eyJhbGciOiJSUzI1NiJ9.${text}.sig`),
  fc.jsonValue().map((value) => `e30.${base64urlJson(value)}.x`),
  fc.constant(`e30.${'A'.repeat(5000)}.x`),
)
const cookieText = fc.oneof(
  jwtLike,
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.stringMatching(/^[A-Za-z0-9._-]{0,80}$/),
  fc.constant(''),
  fc.constant('x'.repeat(5000)),
)
/** One to three copies (a duplicate has another Path), or none. */
const copies = fc.array(cookieText, { maxLength: 3 })
const cookieSet = fc.record({
  [COOKIE_NAMES.accessToken]: copies,
  [COOKIE_NAMES.refreshToken]: copies,
  [REFRESH_LEASE_COOKIE_NAME]: copies,
})

function jarWith(values: Record<string, readonly string[]>) {
  const jar = createTestCookieJar({}, { domain: '.example.com' })
  for (const [name, list] of Object.entries(values))
    list.forEach((value, index) => jar.put(name, value, { path: index === 0 ? '/' : `/p${index}` }))
  return jar
}

describe('the session on arbitrary cookies (properties)', () => {
  it('getSnapshot never throws and has a status of the union; getAccessToken gives null, a token or an AuthError', async () => {
    await fc.assert(
      fc.asyncProperty(cookieSet, fc.boolean(), async (values, withLease) => {
        const jar = jarWith(values)
        const session = createPlatformSession(
          TEST_SESSION_CONFIG,
          deps({
            cookies: jar,
            fetch: async () => new Response('{}', { status: 400 }),
            ...(withLease ? { sleep: async () => undefined, randomId: () => 'holder-1234' } : {}),
          }),
        )
        const snapshot = session.getSnapshot()
        expect(STATUSES).toContain(snapshot.status)
        expect(session.getSnapshot()).toBe(snapshot)
        try {
          const token = await session.getAccessToken()
          expect(token === null || typeof token === 'string').toBe(true)
        } catch (error) {
          expect(error).toBeInstanceOf(AuthError)
        }
        expect(STATUSES).toContain(session.getSnapshot().status)
      }),
      { numRuns: 150 },
    )
  })
})

/* --- Token endpoint answers --- */

const idToken = fakeIdToken(TEST_SESSION_CONFIG)
const validBody = {
  token_type: 'Bearer',
  expires_in: 3600,
  access_token: fakeAccessToken({ jti: 'AT.new' }),
  refresh_token: 'rt-new',
  scope: 'openid offline_access',
  id_token: idToken,
}
const tokenBody = fc.oneof(
  fc.constant(JSON.stringify(validBody)),
  fc
    .record(
      {
        token_type: field(fc.constantFrom('Bearer', 'bearer', 'DPoP', '')),
        expires_in: field(fc.oneof(fc.integer({ min: -5, max: 100_000 }), fc.double())),
        access_token: field(
          fc.oneof(fc.constant(validBody.access_token), fc.string(), fc.constant('')),
        ),
        refresh_token: field(fc.oneof(fc.constant('rt-new'), fc.string())),
        scope: field(fc.string()),
        id_token: field(fc.oneof(fc.constant(idToken), fc.string())),
        error: field(fc.constantFrom('invalid_grant', 'invalid_client', 'server_error')),
      },
      { requiredKeys: [] },
    )
    .map((body) => JSON.stringify(body)),
  fc.jsonValue().map((value) => JSON.stringify(value)),
  fc.string(),
  fc.constant(`{"access_token":"${'a'.repeat(300_000)}","token_type":"Bearer","expires_in":60}`),
)
const tokenStatus = fc.oneof(
  { arbitrary: fc.constant(200), weight: 3 },
  fc.constantFrom(201, 204, 301, 400, 401, 403, 429, 500, 503),
)
const NULL_BODY = new Set([204, 205, 304])

describe('the session on arbitrary token-endpoint answers (properties)', () => {
  it('rejects with AuthError or resolves; token cookies are written only from a valid token response', async () => {
    let refreshed = 0
    await fc.assert(
      fc.asyncProperty(tokenBody, tokenStatus, async (body, status) => {
        const jar = createTestCookieJar(
          {
            [COOKIE_NAMES.accessToken]: fakeAccessToken({ exp: TEST_NOW_S - 60 }),
            [COOKIE_NAMES.refreshToken]: 'rt-0',
          },
          { domain: '.example.com' },
        )
        const fetch: typeof globalThis.fetch = async (input) =>
          String(input).endsWith('/v1/token')
            ? new Response(NULL_BODY.has(status) ? null : body, {
                status,
                headers: { 'content-type': 'application/json' },
              })
            : new Response(null, { status: 200 })
        const session = createPlatformSession(TEST_SESSION_CONFIG, deps({ cookies: jar, fetch }))
        let token: string | null = null
        try {
          token = await session.getAccessToken()
        } catch (error) {
          expect(error).toBeInstanceOf(AuthError)
        }
        const tokenWrites = jar.writes.filter(
          (write) =>
            (write.name === COOKIE_NAMES.accessToken || write.name === COOKIE_NAMES.refreshToken) &&
            write.maxAgeSeconds !== 0,
        )
        if (tokenWrites.length === 0) {
          expect(token).toBeNull()
          return
        }
        refreshed += 1
        // Written: the answer was a 200 with a usable token response, and what was written is it.
        const parsed = JSON.parse(body) as Record<string, unknown>
        expect(status).toBe(200)
        expect(String(parsed.token_type).toLowerCase()).toBe('bearer')
        expect(Number.isInteger(parsed.expires_in)).toBe(true)
        expect(token).toBe(parsed.access_token)
        expect(tokenWrites.find((write) => write.name === COOKIE_NAMES.accessToken)?.value).toBe(
          parsed.access_token,
        )
      }),
      { numRuns: 150 },
    )
    expect(refreshed).toBeGreaterThan(0)
  })
})

/* --- Programming errors of the caller --- */

describe('redirectToSignIn and signOut on arbitrary arguments (properties)', () => {
  const subSite = fc.oneof(
    fc.constantFrom('citystream', 'a', 'A', 'a.b', '-a', 'a'.repeat(64), ''),
    anyValue,
  )
  const returnPath = fc.oneof(
    fc.constantFrom('/', '/maps?x=1', '//evil.test/', '/a;b', '/\\evil', 'https://x.test/'),
    fc.string().map((text) => `/${text}`),
    anyValue,
    fc.constant(undefined),
  )

  it('redirectToSignIn writes and navigates, or throws usage_error having written nothing', () => {
    fc.assert(
      fc.property(subSite, returnPath, (site, path) => {
        const jar = createTestCookieJar({}, { domain: '.example.com' })
        const navigations: string[] = []
        const session = createPlatformSession(
          TEST_SESSION_CONFIG,
          deps({ cookies: jar, navigate: (url) => navigations.push(url) }),
        )
        try {
          session.redirectToSignIn(site as string, { returnPath: path as string })
          expect(navigations).toEqual([TEST_SESSION_CONFIG.signInUrl])
          expect(jar.get('post_login_redirect')).toBe(site)
        } catch (error) {
          expect(error).toBeInstanceOf(AuthError)
          expect((error as AuthError).code).toBe('usage_error')
          expect(jar.writes).toEqual([])
          expect(navigations).toEqual([])
        }
      }),
      { numRuns: 150 },
    )
  })

  it('signOut leaves, or rejects with usage_error before anything is sent or removed', async () => {
    const returnTo = fc.oneof(oddUrl, anyValue)
    await fc.assert(
      fc.asyncProperty(returnTo, async (target) => {
        const jar = createTestCookieJar(
          { [COOKIE_NAMES.accessToken]: fakeAccessToken(), [COOKIE_NAMES.refreshToken]: 'rt-0' },
          { domain: '.example.com' },
        )
        const requests: string[] = []
        const navigations: string[] = []
        const session = createPlatformSession(
          TEST_SESSION_CONFIG,
          deps({
            cookies: jar,
            navigate: (url) => navigations.push(url),
            fetch: async (input) => {
              requests.push(String(input))
              return new Response(null, { status: 200 })
            },
          }),
        )
        try {
          await session.signOut({ returnTo: target as string })
          expect(navigations).toHaveLength(1)
        } catch (error) {
          expect(error).toBeInstanceOf(AuthError)
          expect((error as AuthError).code).toBe('usage_error')
          expect([requests, jar.removals, navigations]).toEqual([[], [], []])
          expect(session.getSnapshot().status).toBe('signedIn')
        }
      }),
      { numRuns: 100 },
    )
  })
})
