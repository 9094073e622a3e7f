import { describe, expect, it } from 'vitest'
import { planTokenCookies } from '../cookies/planTokenCookies'
import { serializeCookie, serializeCookieRemoval } from '../cookies/serializeCookie'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import { createMemoryLock } from './createMemoryLock'
import { createPlatformSession } from './createPlatformSession'
import {
  accessToken,
  deferred,
  json,
  localSessionConfig,
  NOW_S,
  recordingJar,
  refreshBody,
  sessionConfig,
  setupSession,
  stubFetch,
} from '../testSupport/sessionTestKit'
import { rejection } from '../testSupport/rejection'

const config = sessionConfig()
const live = accessToken({ exp: NOW_S + 3600 })
const stale = accessToken({ exp: NOW_S - 1 })

describe('createPlatformSession: getAccessToken', () => {
  it('with a token valid beyond the leeway: returns it without a request', async () => {
    const { session, requests, jar } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
    })
    await expect(session.getAccessToken()).resolves.toBe(live)
    expect(requests).toHaveLength(0)
    expect(jar.writes).toHaveLength(0)
  })

  it.each([
    ['121 s before exp (one second outside the threshold)', 121, false],
    ['exactly the 120 s threshold before exp', 120, true],
    ['within the 60 s leeway', 59, true],
    ['exactly at exp', 0, true],
    ['an hour after exp', -3600, true],
  ])(
    'by default (the 60 s leeway raised to the 120 s refresh ahead), %s: refreshes = %s',
    async (_label, secondsLeft, refreshes) => {
      const token = accessToken({ exp: NOW_S + secondsLeft })
      const { session, requests } = setupSession({
        cookies: { access_token: token, refresh_token: 'rt-1' },
      })
      const result = await session.getAccessToken()
      expect(requests).toHaveLength(refreshes ? 1 : 0)
      expect(result === token).toBe(!refreshes)
    },
  )

  it.each([
    ['301 s before exp (one second outside the leeway)', 301, false],
    ['exactly the 300 s leeway before exp', 300, true],
  ])('with a 300 s leeway, %s: refreshes = %s', async (_label, secondsLeft, refreshes) => {
    const { session, requests } = setupSession({
      config: sessionConfig({ refreshLeewaySeconds: 300 }),
      // An hour-long token (a shorter one caps the leeway at a fifth of its life).
      cookies: {
        access_token: accessToken({ iat: NOW_S - 3600 + secondsLeft, exp: NOW_S + secondsLeft }),
        refresh_token: 'rt-1',
      },
    })
    await session.getAccessToken()
    expect(requests).toHaveLength(refreshes ? 1 : 0)
  })

  it('when the clock moves past the leeway: refreshes then, not before', async () => {
    const { session, requests, clock } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
    })
    await session.getAccessToken()
    clock.nowMs = (NOW_S + 3600 - 60) * 1000
    await session.getAccessToken()
    expect(requests).toHaveLength(1)
  })

  it('with an access token without exp and a refresh token: refreshes (the cookies heal)', async () => {
    const { session, requests, jar } = setupSession({
      cookies: { access_token: accessToken(), refresh_token: 'rt-1' },
    })
    const token = await session.getAccessToken()
    expect(requests).toHaveLength(1)
    expect(jar.values.get('access_token')).toBe(token)
    expect(session.readSession().status).toBe('signedIn')
  })

  it.each([
    ['no cookies', {}],
    ['an expired access token and no refresh token', { access_token: stale }],
    ['an access token without exp and no refresh token', { access_token: accessToken() }],
    ['a refresh token that is not a cookie value', { access_token: stale, refresh_token: 'a b' }],
  ])('with %s: resolves null without a request', async (_label, cookies) => {
    const { session, requests } = setupSession({ cookies })
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(requests).toHaveLength(0)
  })

  it('when the cookie jar throws: resolves null without a request', async () => {
    const jar = recordingJar()
    const { session, requests } = setupSession({
      cookies: {
        ...jar,
        get: () => {
          throw new Error('SecurityError')
        },
      },
    })
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(requests).toHaveLength(0)
  })

  it('ten concurrent callers: exactly one token request and ten identical results', async () => {
    const response = deferred<Response>()
    const { session, requests } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => response.promise,
    })
    const calls = Array.from({ length: 10 }, () => session.getAccessToken())
    response.resolve(json(refreshBody(config)))
    const results = await Promise.all(calls)
    expect(requests).toHaveLength(1)
    expect(new Set(results).size).toBe(1)
    expect(results[0]).toBe(refreshBody(config).access_token)
  })

  it('ten concurrent callers in one page share one refresh even with a lock that excludes nothing', async () => {
    const response = deferred<Response>()
    const { session, requests } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => response.promise,
      deps: { lock: (_name, task) => task() },
    })
    const calls = Array.from({ length: 10 }, () => session.getAccessToken())
    response.resolve(json(refreshBody(config)))
    expect(new Set(await Promise.all(calls)).size).toBe(1)
    expect(requests).toHaveLength(1)
  })

  it('ten concurrent callers when the refresh fails: one request, ten identical rejections', async () => {
    const { session, requests } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, () => session.getAccessToken()),
    )
    expect(requests).toHaveLength(1)
    const reasons = new Set(outcomes.map((o) => (o.status === 'rejected' ? o.reason : o.value)))
    expect(reasons.size).toBe(1)
    expect([...reasons][0]).toMatchObject({ code: 'network_error' })
  })

  it('two tabs sharing cookies and a lock: tab B waits, finds the fresh cookies and makes no request', async () => {
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const lock = createMemoryLock()
    const response = deferred<Response>()
    const { fetch, requests } = stubFetch(() => response.promise)
    const tab = () =>
      createPlatformSession(config, {
        cookies: jar,
        fetch,
        lock,
        now: () => NOW_S * 1000,
        navigate: () => undefined,
      })
    const tabA = tab()
    const tabB = tab()
    const a = tabA.getAccessToken()
    const b = tabB.getAccessToken()
    await new Promise((done) => setImmediate(done))
    expect(requests).toHaveLength(1)
    response.resolve(json(refreshBody(config)))
    const [tokenA, tokenB] = await Promise.all([a, b])
    expect(requests).toHaveLength(1)
    expect(tokenB).toBe(tokenA)
    expect(jar.writes.filter((w) => w.name === 'access_token')).toHaveLength(1)
  })

  it('two tabs with separate locks (no cross-tab exclusion): both would refresh, which the lock prevents', async () => {
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const { fetch, requests } = stubFetch(() => json(refreshBody(config)))
    const tab = () =>
      createPlatformSession(config, {
        cookies: jar,
        fetch,
        now: () => NOW_S * 1000,
        navigate: () => undefined,
      })
    await Promise.all([tab().getAccessToken(), tab().getAccessToken()])
    expect(requests).toHaveLength(2)
  })

  it('refresh writes both cookies exactly as planTokenCookies does after sign-in', async () => {
    const { session, jar } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
    })
    await session.getAccessToken()
    const body = refreshBody(config)
    const expected = planTokenCookies(testConfig(), {
      accessToken: String(body.access_token),
      tokenType: 'Bearer',
      expiresIn: 3600,
      refreshToken: 'rt-rotated',
      idToken: null,
      scope: null,
    }).map(serializeCookie)
    expect(jar.writes.map(serializeCookie)).toEqual(expected)
    expect(expected[0]).toContain(
      '; Domain=.example.com; Path=/; Max-Age=3600; Secure; SameSite=Lax',
    )
  })

  it('a short-lived token: the cookie Max-Age follows expires_in', async () => {
    const { session, jar } = setupSession({
      cookies: { refresh_token: 'rt-1' },
      answer: () => json(refreshBody(config, { expires_in: 120 })),
    })
    await session.getAccessToken()
    expect(jar.writes.map((w) => [w.name, w.maxAgeSeconds])).toEqual([
      ['access_token', 120],
      ['refresh_token', 604_800],
    ])
  })

  it('rotation: the new refresh token replaces the old one and is the one sent next time', async () => {
    let issued = 0
    const { session, requests, jar, clock } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => json(refreshBody(config, { refresh_token: `rt-${(issued += 1) + 1}` })),
    })
    await session.getAccessToken()
    expect(jar.values.get('refresh_token')).toBe('rt-2')
    clock.nowMs = (NOW_S + 3600) * 1000
    await session.getAccessToken()
    expect(requests.map((r) => r.form.get('refresh_token'))).toEqual(['rt-1', 'rt-2'])
    expect(jar.values.get('refresh_token')).toBe('rt-3')
  })

  it('without rotation: rewrites the old refresh token with a fresh Max-Age', async () => {
    const { session, jar } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => json(refreshBody(config, { refresh_token: undefined })),
    })
    await session.getAccessToken()
    expect(jar.writes.find((w) => w.name === 'refresh_token')).toMatchObject({
      value: 'rt-1',
      maxAgeSeconds: 604_800,
    })
  })

  it.each([
    [
      '400 invalid_grant',
      json(
        { error: 'invalid_grant', error_description: 'The refresh token is invalid or expired.' },
        400,
      ),
    ],
    ['400 invalid_request', json({ error: 'invalid_request' }, 400)],
    ['401 invalid_client', json({ error: 'invalid_client' }, 401)],
  ])(
    'on %s: removes both cookies on the parent domain and resolves null',
    async (_label, response) => {
      const { session, jar } = setupSession({
        cookies: { access_token: stale, refresh_token: 'rt-1' },
        answer: () => response,
      })
      await expect(session.getAccessToken()).resolves.toBeNull()
      expect(jar.removals.map(serializeCookieRemoval)).toEqual([
        'access_token=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
        'refresh_token=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
      ])
      expect(session.readSession()).toEqual({ status: 'signedOut' })
    },
  )

  it('on invalid_grant because another sub-site refreshed with the same token at the same moment: keeps its rotated cookies and uses its access token', async () => {
    const theirs = accessToken({ exp: NOW_S + 3600, jti: 'other-sub-site' })
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const { session } = setupSession({
      cookies: jar,
      // While our request is on the wire, the other sub-site's refresh wins and writes its tokens.
      answer: () => {
        jar.values.set('access_token', theirs)
        jar.values.set('refresh_token', 'rt-theirs')
        return json({ error: 'invalid_grant' }, 400)
      },
    })
    await expect(session.getAccessToken()).resolves.toBe(theirs)
    expect(jar.removals).toEqual([])
    expect(jar.values.get('refresh_token')).toBe('rt-theirs')
  })

  it('after invalid_grant: later calls make no request', async () => {
    const { session, requests } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => json({ error: 'invalid_grant' }, 400),
    })
    await session.getAccessToken()
    await expect(session.getAccessToken()).resolves.toBeNull()
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(requests).toHaveLength(1)
  })

  it.each([
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch')), 'network_error'],
    ['a 503', () => new Response('<html>busy</html>', { status: 503 }), 'unknown_error'],
    [
      'an unusable 200 body',
      () => json(refreshBody(sessionConfig(), { expires_in: 0 })),
      'unknown_error',
    ],
  ])('on %s: rejects with %s and keeps the cookies', async (_label, answer, code) => {
    const { session, jar } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer,
    })
    expect((await rejection(session.getAccessToken())).code).toBe(code)
    expect(jar.writes).toHaveLength(0)
    expect(jar.removals).toHaveLength(0)
    expect(jar.values.get('refresh_token')).toBe('rt-1')
  })

  it('on a timeout: rejects with timeout after timeoutMs, keeps the cookies, and a retry after the back-off can succeed', async () => {
    let attempts = 0
    const { session, jar, clock } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      deps: { timeoutMs: 20 },
      answer: ({ signal }) => {
        attempts += 1
        if (attempts > 1) return json(refreshBody(config))
        return new Promise<Response>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason))
        })
      },
    })
    expect((await rejection(session.getAccessToken())).code).toBe('timeout')
    expect(jar.values.get('refresh_token')).toBe('rt-1')
    // Within the back-off (1.5 s without a random dep): the same failure, no request.
    clock.nowMs += 1499
    expect((await rejection(session.getAccessToken())).code).toBe('timeout')
    expect(attempts).toBe(1)
    clock.nowMs += 1
    await expect(session.getAccessToken()).resolves.toBe(refreshBody(config).access_token)
    expect(attempts).toBe(2)
  })

  it('when the refreshed token cannot be a cookie: rejects with unknown_error and writes nothing', async () => {
    const { session, jar } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => json(refreshBody(config, { access_token: 'a;b' })),
    })
    expect((await rejection(session.getAccessToken())).code).toBe('unknown_error')
    expect(jar.writes).toHaveLength(0)
  })

  it('in local mode: refreshes over plain HTTP and writes host-only cookies', async () => {
    const local = localSessionConfig()
    const { session, jar, requests } = setupSession({
      config: local,
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => json(refreshBody(local)),
    })
    await session.getAccessToken()
    expect(requests[0]?.url).toBe('http://localhost:8080/oauth2/default/v1/token')
    const expected = planTokenCookies(localTestConfig(), {
      accessToken: String(refreshBody(local).access_token),
      tokenType: 'Bearer',
      expiresIn: 3600,
      refreshToken: 'rt-rotated',
      idToken: null,
      scope: null,
    })
    expect(jar.writes.map(serializeCookie)).toEqual(expected.map(serializeCookie))
    expect(jar.writes.every((w) => w.domain === undefined)).toBe(true)
  })
})
