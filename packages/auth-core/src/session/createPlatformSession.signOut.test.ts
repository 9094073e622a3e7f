import { describe, expect, it } from 'vitest'
import { serializeCookieRemoval } from '../cookies/serializeCookie'
import { AuthError } from '../errors/authError'
import {
  accessToken,
  deferred,
  idToken,
  json,
  localSessionConfig,
  NOW_S,
  recordingJar,
  refreshBody,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'
import type { SeenRequest } from '../testSupport/sessionTestKit'

const config = sessionConfig()
const live = accessToken({ exp: NOW_S + 3600 })
const stale = accessToken({ exp: NOW_S - 1 })
const returnTo = 'https://citystream.example.com/signed-out'
const freshIdToken = idToken(config, { exp: NOW_S + 3600, jti: 'fresh' })

/** Answers the token endpoint with a refresh carrying `freshIdToken`, and 200 at /v1/revoke. */
function provider(request: SeenRequest): Response {
  if (request.url.endsWith('/v1/revoke')) return new Response(null, { status: 200 })
  return json(refreshBody(config, { id_token: freshIdToken }))
}

function logoutUrl(hint: string, to = returnTo): string {
  const url = new URL('https://login.example.com/oauth2/default/v1/logout')
  url.searchParams.set('id_token_hint', hint)
  url.searchParams.set('post_logout_redirect_uri', to)
  return url.href
}

const removedOnParentDomain = [
  'access_token=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
  'refresh_token=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
  'post_login_redirect=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
  'post_login_path=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
]

describe('createPlatformSession: signOut', () => {
  it('with an ID token from an earlier refresh: revokes, clears the cookies and leaves through the logout', async () => {
    const { session, requests, jar, navigations } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: provider,
    })
    await session.getAccessToken()
    await session.signOut({ returnTo })
    expect(requests.map((r) => r.url)).toEqual([
      'https://login.example.com/oauth2/default/v1/token',
      'https://login.example.com/oauth2/default/v1/revoke',
      'https://login.example.com/oauth2/default/v1/revoke',
    ])
    expect(Object.fromEntries(requests[1]?.form ?? [])).toEqual({
      token: 'rt-rotated',
      token_type_hint: 'refresh_token',
      client_id: '0oa1abc',
    })
    // The access token is revoked too (it would otherwise live until it expires).
    expect(Object.fromEntries(requests[2]?.form ?? [])).toMatchObject({
      token_type_hint: 'access_token',
      client_id: '0oa1abc',
    })
    expect(requests[2]?.form.get('token')).toMatch(/^eyJ/)
    expect(jar.removals.map(serializeCookieRemoval)).toEqual(removedOnParentDomain)
    expect(jar.values.has('access_token') || jar.values.has('refresh_token')).toBe(false)
    expect(navigations).toEqual([logoutUrl(freshIdToken)])
  })

  it('the logout URL is exactly the custom server’s /v1/logout with the hint and the return page', async () => {
    const { session, navigations } = setupSession({
      cookies: { refresh_token: 'rt-1' },
      answer: provider,
    })
    await session.signOut({ returnTo: 'https://citystream.example.com/' })
    expect(navigations).toEqual([
      `https://login.example.com/oauth2/default/v1/logout?id_token_hint=${freshIdToken}&post_logout_redirect_uri=https%3A%2F%2Fcitystream.example.com%2F`,
    ])
  })

  it('without a known ID token: refreshes once to get one, then revokes the rotated refresh token', async () => {
    const { session, requests, navigations } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: provider,
    })
    await session.signOut({ returnTo })
    expect(
      requests.map((r) => [
        r.url.split('/v1/')[1],
        r.form.get('refresh_token') ?? r.form.get('token'),
      ]),
    ).toEqual([
      ['token', 'rt-1'],
      ['revoke', 'rt-rotated'],
      ['revoke', expect.stringMatching(/^eyJ/)],
    ])
    expect(navigations).toEqual([logoutUrl(freshIdToken)])
  })

  it('when the known ID token has expired: refreshes for a fresh one', async () => {
    const oldIdToken = idToken(config, { exp: NOW_S + 600, jti: 'old' })
    let calls = 0
    const { session, navigations, clock } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: (request) => {
        if (request.url.endsWith('/v1/revoke')) return new Response(null, { status: 200 })
        calls += 1
        return json(refreshBody(config, { id_token: calls === 1 ? oldIdToken : freshIdToken }))
      },
    })
    await session.getAccessToken()
    clock.nowMs = (NOW_S + 600) * 1000
    await session.signOut({ returnTo })
    expect(calls).toBe(2)
    expect(navigations).toEqual([logoutUrl(freshIdToken)])
  })

  it('while a refresh is in flight: waits for it and uses its ID token (no second refresh)', async () => {
    const response = deferred<Response>()
    const { session, requests, navigations } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: (request) =>
        request.url.endsWith('/v1/revoke') ? new Response(null) : response.promise,
    })
    const refreshing = session.getAccessToken()
    const leaving = session.signOut({ returnTo })
    response.resolve(json(refreshBody(config, { id_token: freshIdToken })))
    await Promise.all([refreshing, leaving])
    expect(requests.map((r) => r.url.split('/v1/')[1])).toEqual(['token', 'revoke', 'revoke'])
    expect(navigations).toEqual([logoutUrl(freshIdToken)])
  })

  it('while a refresh is in flight that then fails: still clears the cookies and goes to returnTo', async () => {
    const response = deferred<Response>()
    const { session, jar, navigations } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => response.promise,
    })
    const refreshing = session.getAccessToken().catch((e: unknown) => e)
    const leaving = session.signOut({ returnTo })
    response.resolve(new Response('<html>busy</html>', { status: 503 }))
    expect(await refreshing).toBeInstanceOf(AuthError)
    await leaving
    expect(jar.values.size).toBe(0)
    expect(navigations).toEqual([returnTo])
  })

  it('with only an access token (no refresh token): revokes the access token, clears the cookies and goes straight to returnTo', async () => {
    const { session, requests, jar, navigations } = setupSession({
      cookies: { access_token: live },
      answer: provider,
    })
    await session.signOut({ returnTo })
    expect(requests.map((r) => [r.form.get('token'), r.form.get('token_type_hint')])).toEqual([
      [live, 'access_token'],
    ])
    expect(jar.removals.map(serializeCookieRemoval)).toEqual(removedOnParentDomain)
    expect(navigations).toEqual([returnTo])
  })

  it('with no cookies at all: makes no request, clears the cookies and goes straight to returnTo', async () => {
    const { session, requests, jar, navigations } = setupSession({ cookies: {}, answer: provider })
    await session.signOut({ returnTo })
    expect(requests).toHaveLength(0)
    expect(jar.removals.map(serializeCookieRemoval)).toEqual(removedOnParentDomain)
    expect(navigations).toEqual([returnTo])
  })

  it('on a page under /deeper/page: also expires both token cookies at every ancestor path (tossed cookies), and the Google names', async () => {
    const { session, jar } = setupSession({
      cookies: {},
      answer: provider,
      config: { ...config, googleCookieNames: ['access_token', 'refresh_token', 'region_hint'] },
      deps: { pagePath: () => '/deeper/page' },
    })
    await session.signOut({ returnTo })
    const removed = jar.removals.map((removal) => `${removal.name} ${removal.path}`)
    expect(removed).toEqual([
      'access_token /',
      'refresh_token /',
      'post_login_redirect /',
      'post_login_path /',
      'region_hint /',
      'access_token /deeper',
      'access_token /deeper/',
      'access_token /deeper/page',
      'refresh_token /deeper',
      'refresh_token /deeper/',
      'refresh_token /deeper/page',
    ])
    expect(jar.removals.every((removal) => removal.domain === '.example.com')).toBe(true)
  })

  it('a tossed refresh_token copy that is not a cookie value is never sent to the provider', async () => {
    const jar = recordingJar({ access_token: live, refresh_token: 'rt-1' }, [
      { name: 'refresh_token', value: 'rt "forged"', path: '/deeper', domain: '.example.com' },
    ])
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath: () => '/deeper/page' },
    })
    await session.signOut({ returnTo })
    const sent = requests.map(
      (request) => request.form.get('token') ?? request.form.get('refresh_token'),
    )
    expect(sent).not.toContain('rt "forged"')
    expect(requests.map((r) => r.url.split('/v1/')[1])).toEqual(['token', 'revoke', 'revoke'])
  })

  it('when the refresh answers invalid_grant: no revocation, cookies cleared, straight to returnTo', async () => {
    const { session, requests, jar, navigations } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: () => json({ error: 'invalid_grant' }, 400),
    })
    await session.signOut({ returnTo })
    expect(requests.map((r) => r.url.split('/v1/')[1])).toEqual(['token'])
    expect(jar.values.size).toBe(0)
    expect(navigations).toEqual([returnTo])
  })

  it('when the provider is unreachable: still clears the cookies and goes to returnTo', async () => {
    const { session, requests, jar, navigations } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: () => Promise.reject(new TypeError('Failed to fetch')),
    })
    await expect(session.signOut({ returnTo })).resolves.toBeUndefined()
    expect(requests.map((r) => r.url.split('/v1/')[1])).toEqual(['token', 'revoke', 'revoke'])
    expect(jar.removals.map(serializeCookieRemoval)).toEqual(removedOnParentDomain)
    expect(navigations).toEqual([returnTo])
  })

  it('when the refresh carries no ID token: revokes and goes straight to returnTo', async () => {
    const { session, requests, navigations } = setupSession({
      cookies: { refresh_token: 'rt-1' },
      answer: (request) =>
        request.url.endsWith('/v1/revoke')
          ? new Response(null)
          : json(refreshBody(config, { id_token: undefined })),
    })
    await session.signOut({ returnTo })
    expect(requests.map((r) => r.url.split('/v1/')[1])).toEqual(['token', 'revoke', 'revoke'])
    expect(navigations).toEqual([returnTo])
  })

  it('when the revocation fails: still clears the cookies and leaves through the logout', async () => {
    const { session, jar, navigations } = setupSession({
      cookies: { refresh_token: 'rt-1' },
      answer: (request) =>
        request.url.endsWith('/v1/revoke')
          ? json({ error: 'invalid_client' }, 401)
          : json(refreshBody(config, { id_token: freshIdToken })),
    })
    await session.signOut({ returnTo })
    expect(jar.values.size).toBe(0)
    expect(navigations).toEqual([logoutUrl(freshIdToken)])
  })

  it('afterwards: the session reads signingOut until the page leaves, the cookies are gone, and getAccessToken makes no request', async () => {
    const { session, requests, jar } = setupSession({
      cookies: { refresh_token: 'rt-1' },
      answer: provider,
    })
    await session.signOut({ returnTo })
    const before = requests.length
    expect(session.readSession()).toEqual({ status: 'signingOut' })
    expect(jar.values.size).toBe(0)
    await expect(session.getAccessToken()).resolves.toBeNull()
    await expect(session.getAccessToken({ forceRefresh: true })).resolves.toBeNull()
    expect(requests).toHaveLength(before)
  })

  it('while the page leaves: a session written meanwhile (another tab signed in) is not used, no request', async () => {
    const { session, requests, jar } = setupSession({
      cookies: { refresh_token: 'rt-1' },
      answer: provider,
    })
    await session.signOut({ returnTo })
    const before = requests.length
    jar.values.set('access_token', live)
    jar.values.set('refresh_token', 'rt-other')
    await expect(session.getAccessToken()).resolves.toBeNull()
    await expect(session.getAccessToken({ forceRefresh: true })).resolves.toBeNull()
    expect(session.readSession()).toEqual({ status: 'signingOut' })
    expect(requests).toHaveLength(before)
  })

  it('while signing out and after: redirectToSignIn neither writes post_login_redirect nor navigates', async () => {
    const revoke = deferred<Response>()
    const { session, jar, navigations } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: (request) =>
        request.url.endsWith('/v1/revoke')
          ? revoke.promise.then(() => new Response(null, { status: 200 }))
          : json(refreshBody(config, { id_token: freshIdToken })),
    })
    const signingOut = session.signOut({ returnTo })
    await Promise.resolve()
    // A guard re-running on visibilitychange, during sign-out and after its clean-up.
    session.redirectToSignIn('citystream')
    revoke.resolve(new Response(null, { status: 200 }))
    await signingOut
    session.redirectToSignIn('citystream')
    expect(jar.values.has('post_login_redirect')).toBe(false)
    expect(navigations).toEqual([logoutUrl(freshIdToken)])
  })

  it('after a redirect to sign in with a page to come back to: both post_login cookies are gone', async () => {
    // The contract clears post_login_path with post_login_redirect; a path left behind would
    // outlive the sign-out that abandoned it.
    const { session, jar } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: provider,
    })
    session.redirectToSignIn('citystream', { returnPath: '/projects/42?tab=map' })
    expect(jar.values.get('post_login_path')).toBe('/projects/42?tab=map')
    await session.signOut({ returnTo })
    expect(jar.values.has('post_login_redirect')).toBe(false)
    expect(jar.values.has('post_login_path')).toBe(false)
  })

  it('when it fails before leaving (the lock throws): the session is no longer signing out', async () => {
    const { session } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: provider,
      deps: {
        lock: () => Promise.reject(new AuthError('unknown_error', 'lock broken')),
      },
    })
    await expect(session.signOut({ returnTo })).rejects.toThrow('lock broken')
    expect(session.getSnapshot().status).toBe('signedIn')
  })

  it.each([
    ['http in production', 'http://citystream.example.com/'],
    ['another domain', 'https://evil.com/'],
    ['a relative path', '/signed-out'],
    ['a fragment', 'https://citystream.example.com/#x'],
    ['javascript:', 'javascript:alert(1)'],
  ])(
    'with returnTo %s: rejects with AuthError before any request, write or navigation',
    async (_l, to) => {
      const { session, requests, jar, navigations } = setupSession({
        cookies: { access_token: live, refresh_token: 'rt-1' },
        answer: provider,
      })
      const error = await session.signOut({ returnTo: to }).catch((e: unknown) => e)
      expect(error).toBeInstanceOf(AuthError)
      expect((error as AuthError).code).toBe('usage_error')
      expect((error as AuthError).message).toContain('returnTo')
      expect(requests).toHaveLength(0)
      expect(jar.removals).toHaveLength(0)
      expect(navigations).toHaveLength(0)
    },
  )

  it('in local mode: accepts an http returnTo and removes host-only cookies', async () => {
    const local = localSessionConfig()
    const hint = idToken(local, { exp: NOW_S + 3600 })
    const { session, jar, navigations } = setupSession({
      config: local,
      cookies: { refresh_token: 'rt-1' },
      answer: (request) =>
        request.url.endsWith('/v1/revoke')
          ? new Response(null)
          : json(refreshBody(local, { id_token: hint })),
    })
    await session.signOut({ returnTo: 'http://localhost:3000/' })
    expect(jar.removals.map(serializeCookieRemoval)).toEqual([
      'access_token=; Path=/; Max-Age=0; Secure; SameSite=Lax',
      'refresh_token=; Path=/; Max-Age=0; Secure; SameSite=Lax',
      'post_login_redirect=; Path=/; Max-Age=0; Secure; SameSite=Lax',
      'post_login_path=; Path=/; Max-Age=0; Secure; SameSite=Lax',
    ])
    expect(navigations).toEqual([
      `http://localhost:8080/oauth2/default/v1/logout?id_token_hint=${hint}&post_logout_redirect_uri=http%3A%2F%2Flocalhost%3A3000%2F`,
    ])
  })
})
