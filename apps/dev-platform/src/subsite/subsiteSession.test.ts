/**
 * The sub-site page's session against this platform, in Node: the configuration the page receives
 * drives `@mapping-platform/auth-core/session` (real HTTP to the local Okta) as the page's React
 * app does through auth-react (`getSnapshot`, `getAccessToken`, the authenticated `fetch` on the
 * demo API, `signOut`, `redirectToSignIn`). The browser itself is exercised by
 * e2e/tests/subsiteSession.spec.ts and e2e/tests/subsiteApp.spec.ts.
 */
import {
  createAuthenticatedFetch,
  createPlatformSession,
  messageFor,
  type CookieWrite,
  type PlatformSession,
} from '@mapping-platform/auth-core/session'
import { describe, expect, it, vi } from 'vitest'
import { codeFor, exchangeCode, useTestPlatform, type TestPlatform } from '../testing/testPlatform'
import { DEMO_API_PATH, parseSubsiteConfig } from './client/subsiteConfig'

const tp = useTestPlatform({ accessTokenTtlSeconds: 300 })

/** A cookie jar over a map, remembering each write with its attributes. */
function jar(initial: Record<string, string>) {
  const values = new Map(Object.entries(initial))
  const writes: CookieWrite[] = []
  return {
    values,
    writes,
    get: (name: string) => values.get(name),
    getAll: (name: string) => [values.get(name)].filter((value) => value !== undefined),
    set: (write: CookieWrite) => {
      writes.push(write)
      values.set(write.name, write.value)
    },
    remove: (removal: { name: string }) => void values.delete(removal.name),
  }
}

/** The page's configuration, as the server renders it into the meta element. */
async function pageConfig(platform: TestPlatform) {
  const page = await (await fetch(`${platform.subsite}/`)).text()
  const content = /<meta name="subsite-config" content="([^"]*)"/.exec(page)?.[1] ?? ''
  return parseSubsiteConfig(content.replace(/&quot;/g, '"').replace(/&amp;/g, '&'))
}

/** A signed-in sub-site page: the cookies the sign-in app writes, the session the page builds. */
async function signedInPage(platform: TestPlatform) {
  const { code, verifier } = await codeFor(platform, 'pat.password@example.com')
  const { body } = await exchangeCode(platform, code, verifier)
  const cookies = jar({
    access_token: body.access_token as string,
    refresh_token: body.refresh_token as string,
  })
  const config = await pageConfig(platform)
  const seen: string[] = []
  const navigations: string[] = []
  const session: PlatformSession = createPlatformSession(config.session, {
    cookies,
    now: platform.clock.now,
    navigate: (url) => navigations.push(url),
    fetch: (input, init) => {
      seen.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname}`)
      return fetch(input, init)
    },
  })
  /** The page's authenticated fetch (auth-react's `useSession().fetch`), relative URLs on the sub-site. */
  const authenticatedFetch = createAuthenticatedFetch(session, {
    subSite: config.subsite,
    apiOrigins: config.apiOrigins,
    localMode: config.session.localMode,
    onSignedOut: 'none',
    fetch: (request) => {
      const url = new URL(request instanceof Request ? request.url : String(request))
      seen.push(`${request instanceof Request ? request.method : 'GET'} ${url.pathname}`)
      return fetch(request)
    },
  })
  const callDemoApi = async () =>
    authenticatedFetch(new Request(`${platform.subsite}${DEMO_API_PATH}`))
  return {
    config,
    cookies,
    session,
    seen,
    navigations,
    tokens: body,
    callDemoApi,
    authenticatedFetch,
  }
}

describe('the sub-site page over auth-core/session', () => {
  it('signed in: the snapshot is active with the email, without a request', async () => {
    const { session, seen, tokens } = await signedInPage(tp)
    const snapshot = session.getSnapshot()
    expect(snapshot).toMatchObject({
      status: 'signedIn',
      accessToken: tokens.access_token,
      user: { email: 'pat.password@example.com' },
    })
    expect(await session.getAccessToken()).toBe(tokens.access_token)
    expect(seen).toEqual([])
  })

  it('past the access token’s expiry: refreshes once, rewrites both cookies, and the API accepts the new token', async () => {
    const { config, session, cookies, seen, tokens } = await signedInPage(tp)
    tp.clock.advance(300_000)
    expect(session.getSnapshot().status).toBe('expired')
    const token = await session.getAccessToken()
    expect(token).not.toBe(tokens.access_token)
    expect(seen).toEqual(['POST /oauth2/default/v1/token'])
    expect(cookies.writes.map((write) => [write.name, write.domain, write.maxAgeSeconds])).toEqual([
      ['access_token', undefined, 300],
      ['refresh_token', undefined, 604_800],
    ])
    expect(cookies.values.get('refresh_token')).not.toBe(tokens.refresh_token)
    const whoami = await fetch(`${config.apiUrl}/auth/whoami`, {
      headers: { Authorization: `Bearer ${token}` },
    })
    expect(await whoami.json()).toMatchObject({ email: 'pat.password@example.com' })
    expect(await session.getAccessToken()).toBe(token)
    expect(seen).toHaveLength(1)
  })

  it('the demo API through the authenticated fetch: the first token is refused (401), one forced refresh, the retry is accepted; the next call needs no refresh', async () => {
    const { session, seen, tokens, callDemoApi } = await signedInPage(tp)
    const first = await callDemoApi()
    expect(first.status).toBe(200)
    expect(await first.json()).toMatchObject({ email: 'pat.password@example.com' })
    expect(seen).toEqual([
      `GET ${DEMO_API_PATH}`,
      'POST /oauth2/default/v1/token',
      `GET ${DEMO_API_PATH}`,
    ])
    expect(await session.getAccessToken()).not.toBe(tokens.access_token)
    expect((await callDemoApi()).status).toBe(200)
    expect(seen.slice(3)).toEqual([`GET ${DEMO_API_PATH}`])
  })

  it('the product API, another origin than the ones the page names: the authenticated fetch sends it no token (401), asks no refresh, and says so once', async () => {
    const warned = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { config, seen, authenticatedFetch } = await signedInPage(tp)
    expect(config.apiOrigins).toEqual([tp.subsite])
    for (let call = 0; call < 2; call++) {
      const whoami = await authenticatedFetch(`${config.apiUrl}/auth/whoami`)
      expect(whoami.status).toBe(401)
      expect(whoami.headers.get('WWW-Authenticate')).toMatch(/^Bearer/)
    }
    expect(seen).toEqual(['GET /auth/whoami', 'GET /auth/whoami'])
    expect(warned).toHaveBeenCalledOnce()
    expect(warned.mock.calls[0]?.[0]).toContain(config.apiUrl)
  })

  it('when the provider refuses the refresh token: the session ends cleanly (signed out, cookies gone)', async () => {
    const { session, cookies, tokens } = await signedInPage(tp)
    await fetch(`${tp.okta}/oauth2/default/v1/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: tokens.refresh_token as string,
        client_id: '0oadevsignin',
      }),
    })
    tp.clock.advance(300_000)
    expect(await session.getAccessToken()).toBeNull()
    expect(session.getSnapshot().status).toBe('signedOut')
    expect([...cookies.values.keys()]).toEqual([])
  })

  it('when the provider is down: the library’s error (shown with its catalogue message), cookies kept', async () => {
    const { session, cookies } = await signedInPage(tp)
    await fetch(`${tp.okta}/__test/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ target: 'token', mode: 'status500' }),
    })
    tp.clock.advance(300_000)
    const error = (await session.getAccessToken().catch((caught: unknown) => caught)) as {
      code: Parameters<typeof messageFor>[0]
    }
    expect(messageFor(error.code)).toBe('Oops, something went wrong, please try again later.')
    expect([...cookies.values.keys()]).toEqual(['access_token', 'refresh_token'])
  })

  it('on a tampered access-token cookie: one refresh with the refresh token recovers the session', async () => {
    const { session, cookies, seen } = await signedInPage(tp)
    cookies.values.set('access_token', 'not.a.jwt')
    expect(await session.getAccessToken()).toMatch(/^eyJ/)
    expect(seen).toEqual(['POST /oauth2/default/v1/token'])
    expect(cookies.values.get('access_token')).not.toBe('not.a.jwt')
    expect(session.getSnapshot()).toMatchObject({
      status: 'signedIn',
      user: { email: 'pat.password@example.com' },
    })
  })

  it('on a tampered refresh-token cookie too: invalid, and no request', async () => {
    const { session, cookies, seen } = await signedInPage(tp)
    cookies.values.set('access_token', 'not.a.jwt')
    cookies.values.set('refresh_token', 'bad value; with spaces')
    expect(session.getSnapshot().status).toBe('error')
    await session.getAccessToken().catch(() => null)
    expect(seen).toEqual([])
  })

  it('signed out: no request', async () => {
    const { session, cookies, seen } = await signedInPage(tp)
    cookies.values.clear()
    expect(session.getSnapshot().status).toBe('signedOut')
    expect(await session.getAccessToken()).toBeNull()
    expect(seen).toEqual([])
  })

  it('on Sign out: revokes the refresh and access tokens, clears both cookies and leaves through the provider logout back home', async () => {
    const { config, session, cookies, seen, navigations } = await signedInPage(tp)
    await session.signOut({ returnTo: config.home })
    // No ID token from a refresh yet: one refresh to get one, then both revocations.
    expect(seen).toEqual([
      'POST /oauth2/default/v1/token',
      'POST /oauth2/default/v1/revoke',
      'POST /oauth2/default/v1/revoke',
    ])
    expect([...cookies.values.keys()]).toEqual([])
    const logout = new URL(navigations[0] ?? '')
    expect(`${logout.origin}${logout.pathname}`).toBe(`${tp.okta}/oauth2/default/v1/logout`)
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`${tp.subsite}/`)
    const back = await fetch(logout, { redirect: 'manual' })
    expect(back.status).toBe(302)
    expect(back.headers.get('Location')).toBe(`${tp.subsite}/`)
  })

  it('on Sign in: remembers this sub-site in post_login_redirect and goes to the sign-in app', async () => {
    const { config, session, cookies, navigations } = await signedInPage(tp)
    session.redirectToSignIn(config.subsite)
    expect(cookies.writes.at(-1)).toEqual({
      name: 'post_login_redirect',
      value: 'citystream',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      maxAgeSeconds: 600,
    })
    expect(navigations).toEqual([tp.redirectUri])
  })
})
