import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose'
import { describe, expect, it } from 'vitest'
import { GOOGLE_CLIENT_ID } from './config'
import { getManual, postForm, useTestPlatform } from './testing/testPlatform'

const tp = useTestPlatform()

const consentParams = (overrides: Record<string, string | null> = {}) => {
  const all: Record<string, string | null> = {
    client_id: GOOGLE_CLIENT_ID,
    redirect_uri: tp.redirectUri,
    response_type: 'code',
    scope: 'openid profile email',
    state: 'g-state',
    nonce: 'g-nonce',
    ...overrides,
  }
  return Object.fromEntries(Object.entries(all).filter(([, value]) => value !== null)) as Record<
    string,
    string
  >
}
const consentUrl = (overrides: Record<string, string | null> = {}) =>
  `${tp.google}/o/oauth2/v2/auth?${new URLSearchParams(consentParams(overrides))}`

/** Submits the chooser form as the browser would. */
function choose(choice: Record<string, string>, overrides: Record<string, string | null> = {}) {
  return fetch(`${tp.google}/o/oauth2/v2/auth`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...consentParams(overrides), ...choice }),
  })
}

async function googleCode(email: string): Promise<string> {
  const response = await choose({ account: email })
  const code = new URL(response.headers.get('Location') ?? '').searchParams.get('code')
  if (!code) throw new Error('no code')
  return code
}

const googleAuth = (code: string | null, nonce: string | null, origin?: string) => {
  const headers: Record<string, string> = {}
  if (code !== null) headers.Authorization = `Bearer ${code}`
  if (nonce !== null) headers.nonce = nonce
  headers.Credentials = 'omit'
  headers.Accept = 'application/json'
  if (origin) headers.Origin = origin
  return fetch(`${tp.api}/auth/google-auth`, { headers })
}

describe('Google consent (GET/POST /o/oauth2/v2/auth)', () => {
  it('on a valid request: shows "Choose an account" with each seeded account and Cancel, no inline script', async () => {
    const response = await fetch(consentUrl())
    expect(response.status).toBe(200)
    const page = await response.text()
    expect(page).toContain('<h1>Choose an account</h1>')
    expect(page).toContain('value="gina.google@example.com"')
    expect(page).toContain('value="uma.unknown@example.com"')
    expect(page).toMatch(/<button type="submit" name="cancel" value="1"[^>]*>Cancel<\/button>/)
    expect(page).not.toMatch(/<script(?![^>]*src=)/)
    expect(page).not.toContain('style=')
    const csp = response.headers.get('Content-Security-Policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain(`form-action 'self' ${tp.app}`)
  })

  it('on hostile parameter values: escapes them in the page', async () => {
    const page = await (await fetch(consentUrl({ state: '"><script>alert(1)</script>' }))).text()
    expect(page).not.toContain('<script>alert(1)')
    expect(page).toContain('&quot;&gt;&lt;script&gt;')
  })

  it('on choosing an account: redirects back with a code, the scope and the state', async () => {
    const response = await choose({ account: 'gina.google@example.com' })
    expect(response.status).toBe(302)
    const location = new URL(response.headers.get('Location') ?? '')
    expect(`${location.origin}${location.pathname}`).toBe(tp.redirectUri)
    expect(location.searchParams.get('code')).toMatch(/^4\/0A[A-Za-z0-9_-]{60}$/)
    expect(location.searchParams.get('state')).toBe('g-state')
    expect(location.searchParams.get('scope')).toBe('openid profile email')
  })

  it('on Cancel: redirects back with error=access_denied and the state', async () => {
    const response = await choose({ cancel: '1' })
    expect(response.headers.get('Location')).toBe(
      `${tp.redirectUri}?error=access_denied&state=g-state`,
    )
  })

  it.each([
    ['an unknown client id', { client_id: 'other.apps.googleusercontent.com' }],
    ['an unregistered redirect URI', { redirect_uri: 'https://evil.example/' }],
  ])('on %s: answers a 400 page and never redirects', async (_, overrides) => {
    for (const response of [
      await getManual(consentUrl(overrides)),
      await choose({ account: 'gina.google@example.com' }, overrides),
    ]) {
      expect(response.status).toBe(400)
      expect(response.headers.get('Location')).toBeNull()
    }
  })

  it('on response_type other than code, or no openid scope: redirects back with the error', async () => {
    const type = await getManual(consentUrl({ response_type: 'token' }))
    expect(type.headers.get('Location')).toBe(
      `${tp.redirectUri}?error=unsupported_response_type&state=g-state`,
    )
    const scope = await getManual(consentUrl({ scope: 'email' }))
    expect(scope.headers.get('Location')).toBe(
      `${tp.redirectUri}?error=invalid_scope&state=g-state`,
    )
  })

  it('on an account that is not listed: answers 400', async () => {
    expect((await choose({ account: 'pat.password@example.com' })).status).toBe(400)
  })
})

describe('Product API GET /auth/google-auth', () => {
  it('on a known account: answers 200 with the cookie map; the tokens are real platform tokens', async () => {
    const response = await googleAuth(await googleCode('gina.google@example.com'), 'g-nonce')
    expect(response.status).toBe(200)
    expect(response.headers.get('Cache-Control')).toBe('no-store')
    const body = (await response.json()) as Record<string, string>
    expect(Object.keys(body).sort()).toEqual(['access_token', 'refresh_token'])
    const jwks = (await (await fetch(`${tp.okta}/oauth2/default/v1/keys`)).json()) as JSONWebKeySet
    const { payload } = await jwtVerify(body.access_token ?? '', createLocalJWKSet(jwks), {
      issuer: `${tp.okta}/oauth2/default`,
      audience: 'api://default',
      currentDate: new Date(tp.clock.now()),
    })
    expect(payload).toMatchObject({ sub: 'gina.google@example.com', uid: '00udevginagoogle0001' })
    const refreshed = await postForm(`${tp.okta}/oauth2/default/v1/token`, {
      grant_type: 'refresh_token',
      client_id: '0oadevsignin',
      refresh_token: body.refresh_token ?? '',
    })
    expect(refreshed.status).toBe(200)
  })

  it('on an account the product does not know: answers 404 not_found', async () => {
    const response = await googleAuth(await googleCode('uma.unknown@example.com'), 'g-nonce')
    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({
      error: 'not_found',
      message: 'No user found for this email address.',
    })
  })

  it('on a code used twice: answers 401 invalid_request the second time', async () => {
    const code = await googleCode('gina.google@example.com')
    expect((await googleAuth(code, 'g-nonce')).status).toBe(200)
    const again = await googleAuth(code, 'g-nonce')
    expect(again.status).toBe(401)
    expect(((await again.json()) as Record<string, unknown>).error).toBe('invalid_request')
  })

  it('on a nonce that differs from the one sent to Google: answers 401 and spends the code', async () => {
    const code = await googleCode('gina.google@example.com')
    const mismatch = await googleAuth(code, 'other-nonce')
    expect(mismatch.status).toBe(401)
    expect(await mismatch.json()).toEqual({
      error: 'invalid_request',
      message: 'The nonce does not match the authorization request.',
    })
    expect((await googleAuth(code, 'g-nonce')).status).toBe(401)
  })

  it('without the nonce header (an X-Nonce alone is not read): answers 400 with a clear body, code not spent', async () => {
    const code = await googleCode('gina.google@example.com')
    const response = await fetch(`${tp.api}/auth/google-auth`, {
      headers: { Authorization: `Bearer ${code}`, 'X-Nonce': 'g-nonce', Credentials: 'omit' },
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      error: 'invalid_request',
      message:
        'The nonce header is required: send the nonce given to Google in a header named nonce.',
    })
    expect((await googleAuth(code, 'g-nonce')).status).toBe(200)
  })

  it('on a missing bearer code, an unknown code, or an expired one: answers 401', async () => {
    const code = await googleCode('gina.google@example.com')
    expect((await googleAuth(null, 'g-nonce')).status).toBe(401)
    expect((await googleAuth('4/0Aunknown', 'g-nonce')).status).toBe(401)
    tp.clock.advance(5 * 60_000 + 1)
    const expired = await googleAuth(code, 'g-nonce')
    expect(expired.status).toBe(401)
    expect(((await expired.json()) as Record<string, unknown>).message).toBe(
      'The Google authorization code has expired.',
    )
  })

  it('on CORS: app origins may send exactly Authorization, nonce, Credentials and Accept (no credentials); other headers and origins are refused', async () => {
    const preflight = (origin: string, headers: string) =>
      fetch(`${tp.api}/auth/google-auth`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': headers,
        },
      })
    // What Chromium asks for the app's call (Accept is CORS-safelisted, so not listed).
    const allowed = await preflight(tp.app, 'authorization,credentials,nonce')
    expect(allowed.status).toBe(204)
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBe(tp.app)
    expect(allowed.headers.get('Access-Control-Allow-Headers')).toBe(
      'Authorization, nonce, Credentials, Accept',
    )
    expect(allowed.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    expect((await preflight(tp.app, 'authorization,x-nonce')).status).toBe(403)
    expect((await preflight(tp.app, 'authorization,credentials,nonce,x-extra')).status).toBe(403)
    expect((await preflight('https://evil.example', 'authorization,nonce')).status).toBe(403)
    const response = await googleAuth(
      await googleCode('uma.unknown@example.com'),
      'g-nonce',
      tp.app,
    )
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(tp.app)
  })
})
