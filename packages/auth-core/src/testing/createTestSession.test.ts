import { describe, expect, it } from 'vitest'
import { createTestSession } from './createTestSession'
import { TEST_NOW_S } from './fakeTokens'

describe('createTestSession', () => {
  it('starts signed in: a valid token without any request', async () => {
    const { session, endpoint, jar } = createTestSession()
    expect(session.readSession()).toMatchObject({
      status: 'signedIn',
      claims: { subject: 'ada@example.com', expiresAt: TEST_NOW_S + 3600 },
    })
    expect(await session.getAccessToken()).toBe(jar.get('access_token'))
    expect(endpoint.requests).toEqual([])
  })

  it('expired: the first getAccessToken refreshes once and writes the rotated cookies', async () => {
    const { session, endpoint, jar } = createTestSession({ state: 'expired' })
    const [first, second] = await Promise.all([session.getAccessToken(), session.getAccessToken()])
    expect(first).toBe(second)
    expect(endpoint.requests.map((request) => request.endpoint)).toEqual(['token'])
    expect(jar.get('refresh_token')).toBe('rt-1')
    expect(jar.get('access_token')).toBe(first)
    expect(jar.list().find((cookie) => cookie.name === 'access_token')?.domain).toBe('.example.com')
  })

  it('the clock moves the session: an hour later the token is refreshed', async () => {
    const { session, endpoint, clock } = createTestSession()
    clock.nowMs += 3600_000
    expect(session.readSession().status).toBe('expired')
    expect(await session.getAccessToken()).not.toBeNull()
    expect(endpoint.requests).toHaveLength(1)
  })

  it('signed out: no token, no request, and redirectToSignIn navigates to the sign-in page', async () => {
    const { session, endpoint, navigations, jar } = createTestSession({ state: 'signedOut' })
    expect(await session.getAccessToken()).toBeNull()
    session.redirectToSignIn('citystream')
    expect(navigations).toEqual(['https://signin.example.com/'])
    expect(jar.get('post_login_redirect')).toBe('citystream')
    expect(endpoint.requests).toEqual([])
  })

  it('signOut refreshes for an ID token, revokes both tokens, clears the cookies, leaves through the logout', async () => {
    const { session, endpoint, jar, navigations } = createTestSession()
    await session.signOut({ returnTo: 'https://citystream.example.com/' })
    expect(endpoint.requests.map((request) => request.endpoint)).toEqual([
      'token',
      'revoke',
      'revoke',
    ])
    expect(endpoint.revoked).toContain('rt-1')
    expect(endpoint.validRefreshTokens.size).toBe(0)
    expect(jar.get('access_token')).toBeUndefined()
    expect(jar.get('refresh_token')).toBeUndefined()
    expect(navigations).toHaveLength(1)
    const logout = new URL(navigations[0] ?? '')
    expect(logout.origin + logout.pathname).toBe(
      'https://login.example.com/oauth2/default/v1/logout',
    )
    expect(logout.searchParams.get('id_token_hint')).toMatch(/^eyJ/)
  })

  it('a revoked refresh token ends the session: getAccessToken resolves null', async () => {
    const { session, endpoint } = createTestSession({ state: 'expired' })
    endpoint.failNext(
      new Response(JSON.stringify({ error: 'invalid_grant' }), {
        status: 400,
        headers: { 'content-type': 'application/json' },
      }),
    )
    expect(await session.getAccessToken()).toBeNull()
  })

  it('local mode: host-only cookies, and the configuration and user given', async () => {
    const { session, jar, config } = createTestSession({
      config: {
        localMode: true,
        oktaOrgUrl: 'http://localhost:8080',
        signInUrl: 'http://localhost:5173/',
      },
      user: { subject: 'grace@example.com', email: 'grace@example.com', name: 'Grace Hopper' },
      state: 'expired',
    })
    expect(config.localMode).toBe(true)
    await session.getAccessToken()
    expect(jar.list().every((cookie) => cookie.domain === null)).toBe(true)
    expect(session.readSession()).toMatchObject({ claims: { email: 'grace@example.com' } })
  })
})
