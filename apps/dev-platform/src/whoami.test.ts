import { describe, expect, it } from 'vitest'
import { codeFor, exchangeCode, useTestPlatform } from './testing/testPlatform'

const tp = useTestPlatform()

const whoami = (token: string | null, headers: Record<string, string> = {}) =>
  fetch(`${tp.api}/auth/whoami`, {
    headers: token === null ? headers : { Authorization: `Bearer ${token}`, ...headers },
  })

async function signIn() {
  const { code, verifier } = await codeFor(tp, 'pat.password@example.com')
  return (await exchangeCode(tp, code, verifier)).body
}

describe('GET {api}/auth/whoami', () => {
  it('on an access token of this platform: answers whom it belongs to', async () => {
    const tokens = await signIn()
    const response = await whoami(tokens.access_token as string)
    expect(response.status).toBe(200)
    const body = (await response.json()) as Record<string, unknown>
    expect(body).toEqual({
      sub: 'pat.password@example.com',
      email: 'pat.password@example.com',
      scp: expect.arrayContaining(['openid', 'offline_access']),
      exp: Math.floor(tp.clock.now() / 1000) + 3600,
    })
    expect(response.headers.get('Cache-Control')).toBe('no-store')
  })

  it('on an expired access token: 401 invalid_token with a Bearer challenge', async () => {
    const tokens = await signIn()
    tp.clock.advance(3600_000)
    const response = await whoami(tokens.access_token as string)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({
      error: 'invalid_token',
      message: 'The access token has expired.',
    })
    expect(response.headers.get('WWW-Authenticate')).toBe(
      'Bearer error="invalid_token", error_description="The access token has expired."',
    )
  })

  it.each([
    ['no Authorization header', null],
    ['an ID token (another audience)', 'id'],
    ['a token with a forged signature', 'forged'],
    ['garbage', 'garbage'],
  ])('on %s: 401 invalid_token', async (_label, kind) => {
    const tokens = await signIn()
    const access = tokens.access_token as string
    const token =
      kind === 'id'
        ? (tokens.id_token as string)
        : kind === 'forged'
          ? `${access.split('.').slice(0, 2).join('.')}.c2lnbmF0dXJl`
          : kind
    const response = await whoami(token)
    expect(response.status).toBe(401)
    expect(((await response.json()) as Record<string, unknown>).error).toBe('invalid_token')
  })

  it('on CORS: the app and sub-site origins may call it with Authorization, others may not', async () => {
    const preflight = (origin: string) =>
      fetch(`${tp.api}/auth/whoami`, {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'GET',
          'Access-Control-Request-Headers': 'authorization',
        },
      })
    for (const origin of [tp.subsite, tp.app]) {
      const response = await preflight(origin)
      expect(response.status).toBe(204)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin)
      expect(response.headers.get('Access-Control-Allow-Headers')).toBe('Authorization, Accept')
    }
    expect((await preflight('https://evil.example')).status).toBe(403)
  })
})
