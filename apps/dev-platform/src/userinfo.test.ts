import { describe, expect, it } from 'vitest'
import { codeFor, exchangeCode, postForm, useTestPlatform } from './testing/testPlatform'

const tp = useTestPlatform()
const PAT = 'pat.password@example.com'
const PAT_ID = '00udevpatpassword001'

const userinfoUrl = () => `${tp.okta}/oauth2/default/v1/userinfo`
const userinfo = (token: string | null, init: RequestInit = {}) =>
  fetch(userinfoUrl(), {
    ...init,
    headers: token === null ? {} : { Authorization: `Bearer ${token}` },
  })

async function tokensFor(scope?: string) {
  const { code, verifier } = await codeFor(tp, PAT, scope ? { scope } : {})
  return (await exchangeCode(tp, code, verifier)).body as Record<string, string>
}

describe('{okta}/oauth2/default/v1/userinfo', () => {
  it('on the app scopes (openid, no profile or email): only sub, the user id of the ID token', async () => {
    const tokens = await tokensFor()
    const response = await userinfo(tokens.access_token ?? '')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ sub: PAT_ID })
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it('with profile and email: the name claims and the email, also by POST', async () => {
    const tokens = await tokensFor('openid profile email')
    for (const method of ['GET', 'POST']) {
      const response = await userinfo(tokens.access_token ?? '', { method })
      expect(await response.json()).toEqual({
        sub: PAT_ID,
        name: 'Pat Password',
        given_name: 'Pat',
        family_name: 'Password',
        preferred_username: PAT,
        email: PAT,
        email_verified: true,
      })
    }
  })

  it.each([
    ['no token', null],
    ['a token that is not one of this server', 'eyJhbGciOiJub25lIn0.e30.'],
  ])('on %s: 401 with a Bearer invalid_token challenge', async (_, token) => {
    const response = await userinfo(token)
    expect(response.status).toBe(401)
    expect(response.headers.get('WWW-Authenticate')).toMatch(/^Bearer error="invalid_token"/)
  })

  it('on an expired access token: 401 invalid_token', async () => {
    const tokens = await tokensFor()
    tp.clock.advance(3600_000)
    const response = await userinfo(tokens.access_token ?? '')
    expect(response.status).toBe(401)
  })

  it('on an access token without openid (refreshed down to offline_access): 403 insufficient_scope', async () => {
    const tokens = await tokensFor()
    const narrowed = await postForm(`${tp.okta}/oauth2/default/v1/token`, {
      grant_type: 'refresh_token',
      client_id: '0oadevsignin',
      refresh_token: tokens.refresh_token ?? '',
      scope: 'offline_access',
    })
    const response = await userinfo(narrowed.body.access_token as string)
    expect(response.status).toBe(403)
    expect(response.headers.get('WWW-Authenticate')).toMatch(/error="insufficient_scope"/)
  })

  it('is listed in discovery', async () => {
    const discovery = (await (
      await fetch(`${tp.okta}/oauth2/default/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>
    expect(discovery.userinfo_endpoint).toBe(userinfoUrl())
  })
})
