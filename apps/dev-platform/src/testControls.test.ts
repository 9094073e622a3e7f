import { describe, expect, it } from 'vitest'
import {
  authorizeUrl,
  codeFor,
  codeNow,
  exchangeCode,
  getManual,
  postJson,
  primaryAuth,
  useTestPlatform,
} from './testing/testPlatform'

const tp = useTestPlatform()

const control = (path: string, body?: unknown, method = 'POST') =>
  fetch(`${tp.okta}/__test/${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
const fault = (spec: Record<string, unknown>) => control('faults', spec)
const PAT = ['pat.password@example.com', 'Password-only-1'] as const

describe('POST /__test/reset and /__test/expire-state-tokens', () => {
  it('on reset: forgets codes, tokens, faults, the request log and the clock advance', async () => {
    const { code, verifier } = await codeFor(tp, PAT[0])
    await fault({ target: 'keys', mode: 'status500' })
    await control('advance-clock', { seconds: 10 })
    expect((await control('reset')).status).toBe(200)
    expect((await exchangeCode(tp, code, verifier)).body.error).toBe('invalid_grant')
    expect(await (await control('faults', undefined, 'GET')).json()).toEqual([])
    expect((await fetch(`${tp.okta}/oauth2/default/v1/keys`)).status).toBe(200)
    const { body } = await primaryAuth(tp, ...PAT)
    expect(body.expiresAt).toBe(new Date(tp.clock.now() + 300_000).toISOString())
  })

  it('on expire-state-tokens: every live stateToken answers E0000011 next', async () => {
    const { body } = await primaryAuth(tp, 'tess.totp@example.com', 'Totp-enrolled-1')
    const expired = await control('expire-state-tokens')
    expect(await expired.json()).toEqual({ ok: true, expired: 1 })
    const again = await postJson(`${tp.okta}/api/v1/authn`, { stateToken: body.stateToken })
    expect(again.status).toBe(401)
    expect(again.body.errorCode).toBe('E0000011')
  })

  it('on advance-clock: moves the platform clock (codes and tokens expire without waiting)', async () => {
    const { body } = await primaryAuth(tp, 'tess.totp@example.com', 'Totp-enrolled-1')
    expect((await control('advance-clock', { seconds: 301 })).status).toBe(200)
    expect(
      (await postJson(`${tp.okta}/api/v1/authn`, { stateToken: body.stateToken })).status,
    ).toBe(401)
    expect((await control('advance-clock', { seconds: -1 })).status).toBe(400)
  })
})

describe('POST /__test/users', () => {
  const LONG = 'maximilian.alexander.featherstonehaugh@mapsdepartment.example.com'

  it('adds a password-only user who signs in and gets signed tokens naming it, until the next reset', async () => {
    const created = await control('users', { email: LONG, password: 'Long-address-1' })
    expect(created.status).toBe(201)
    const { body } = await primaryAuth(tp, LONG, 'Long-address-1')
    expect(body.status).toBe('SUCCESS')
    expect((await primaryAuth(tp, LONG, 'Wrong-password-1')).status).toBe(401)
    expect((await control('users', { email: LONG, password: 'Long-address-1' })).status).toBe(409)
    await control('reset')
    expect((await primaryAuth(tp, LONG, 'Long-address-1')).status).toBe(401)
  })

  it.each([
    [{}],
    [{ email: 'Not An Email', password: 'Long-address-1' }],
    [{ email: 'a@b.co', password: 'short' }],
  ])('on %j: answers 400', async (body) => {
    expect((await control('users', body)).status).toBe(400)
  })
})

describe('POST /__test/access-token-ttl', () => {
  it('on {seconds}: tokens issued from now live that long, until the next reset', async () => {
    expect(await (await control('access-token-ttl', { seconds: 5 })).json()).toEqual({
      ok: true,
      seconds: 5,
    })
    const { code, verifier } = await codeFor(tp, PAT[0])
    const { body } = await exchangeCode(tp, code, verifier)
    expect(body.expires_in).toBe(5)
    const claims = JSON.parse(
      Buffer.from((body.access_token as string).split('.')[1] ?? '', 'base64url').toString(),
    ) as { iat: number; exp: number }
    expect(claims.exp - claims.iat).toBe(5)
    await control('reset')
    const again = await codeFor(tp, PAT[0])
    expect((await exchangeCode(tp, again.code, again.verifier)).body.expires_in).toBe(3600)
  })

  it.each([[{}], [{ seconds: 0 }], [{ seconds: 1.5 }], [{ seconds: 86_401 }], [{ seconds: '5' }]])(
    'on %j: answers 400',
    async (body) => {
      const response = await control('access-token-ttl', body)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({
        error: 'seconds must be a whole number from 1 to 86400.',
      })
    },
  )
})

describe('faults', () => {
  it('on authn delay: the next Authn call waits delayMs, then answers normally', async () => {
    await fault({ target: 'authn', mode: 'delay', delayMs: 250 })
    const started = performance.now()
    const { body } = await primaryAuth(tp, ...PAT)
    expect(performance.now() - started).toBeGreaterThanOrEqual(240)
    expect(body.status).toBe('SUCCESS')
  })

  it('on authn status500: answers 500 E0000009, still readable by the app origin (CORS)', async () => {
    await fault({ target: 'authn', mode: 'status500' })
    const answer = await postJson(
      `${tp.okta}/api/v1/authn`,
      { username: PAT[0], password: PAT[1] },
      { Origin: tp.app },
    )
    expect(answer.status).toBe(500)
    expect(answer.body.errorCode).toBe('E0000009')
    expect(answer.headers.get('Access-Control-Allow-Origin')).toBe(tp.app)
    expect((await primaryAuth(tp, ...PAT)).body.status).toBe('SUCCESS')
  })

  it('on token malformed: answers 200 with truncated JSON', async () => {
    const { code, verifier } = await codeFor(tp, PAT[0])
    await fault({ target: 'token', mode: 'malformed' })
    const response = await fetch(`${tp.okta}/oauth2/default/v1/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: verifier,
      }),
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('application/json')
    await expect(response.json()).rejects.toThrow()
  })

  it('on authorize html200: answers an HTML page with 200 instead of the redirect', async () => {
    await fault({ target: 'authorize', mode: 'html200' })
    const response = await getManual(authorizeUrl(tp))
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toContain('text/html')
  })

  it('on google-auth network-drop: the connection is destroyed', async () => {
    await fault({ target: 'google-auth', mode: 'network-drop' })
    await expect(fetch(`${tp.api}/auth/google-auth`)).rejects.toThrow(TypeError)
    expect((await fetch(`${tp.api}/auth/google-auth`)).status).toBe(401)
  })

  it('on keys status500 with times 2: the next two requests fail, the third succeeds', async () => {
    const created = await fault({ target: 'keys', mode: 'status500', times: 2 })
    expect(created.status).toBe(201)
    const keys = () => fetch(`${tp.okta}/oauth2/default/v1/keys`)
    const first = await keys()
    expect(first.status).toBe(500)
    expect(((await first.json()) as Record<string, unknown>).error).toBe('server_error')
    expect((await keys()).status).toBe(500)
    expect((await keys()).status).toBe(200)
  })

  it('on GET and DELETE /__test/faults: lists the pending ones and clears them', async () => {
    await fault({ target: 'token', mode: 'delay' })
    expect(await (await control('faults', undefined, 'GET')).json()).toEqual([
      { target: 'token', mode: 'delay', delayMs: 3000, remaining: 1 },
    ])
    expect((await control('faults', undefined, 'DELETE')).status).toBe(204)
    expect(await (await control('faults', undefined, 'GET')).json()).toEqual([])
  })

  it.each([
    [{ target: 'nope', mode: 'delay' }],
    [{ target: 'authn', mode: 'explode' }],
    [{ target: 'authn', mode: 'delay', times: 0 }],
    [{ target: 'authn', mode: 'delay', delayMs: -1 }],
    ['not an object'],
  ])('on an invalid fault %j: answers 400', async (spec) => {
    const response = await control('faults', spec)
    expect(response.status).toBe(400)
    expect(((await response.json()) as Record<string, unknown>).error).toEqual(expect.any(String))
  })
})

describe('request log and accounts', () => {
  it('on GET /__test/requests: lists role, origin, method and path of every request (no query, no controls)', async () => {
    await control('requests', undefined, 'DELETE')
    await primaryAuth(tp, ...PAT)
    await getManual(authorizeUrl(tp, { sessionToken: 'secret-token' }))
    await fetch(`${tp.google}/o/oauth2/v2/auth?client_id=x`)
    await fetch(`${tp.subsite}/`)
    const log = (await (await control('requests', undefined, 'GET')).json()) as Record<
      string,
      string
    >[]
    expect(log.map(({ role, origin, method, path }) => ({ role, origin, method, path }))).toEqual([
      { role: 'okta', origin: tp.okta, method: 'POST', path: '/api/v1/authn' },
      { role: 'okta', origin: tp.okta, method: 'GET', path: '/oauth2/default/v1/authorize' },
      { role: 'google', origin: tp.google, method: 'GET', path: '/o/oauth2/v2/auth' },
      { role: 'subsite', origin: tp.subsite, method: 'GET', path: '/' },
    ])
    expect(log[0]?.at).toBe(new Date(tp.clock.now()).toISOString())
    expect(JSON.stringify(log)).not.toContain('secret-token')
    expect((await control('requests', undefined, 'DELETE')).status).toBe(204)
    expect(await (await control('requests', undefined, 'GET')).json()).toEqual([])
  })

  it('on GET /__test/accounts: lists the seeded accounts with current TOTP enrolments and secrets', async () => {
    const primary = await primaryAuth(tp, 'nia.enroll@example.com', 'Enroll-needed-1')
    const enrolled = await postJson(`${tp.okta}/api/v1/authn/factors`, {
      stateToken: primary.body.stateToken,
      factorType: 'token:software:totp',
      provider: 'GOOGLE',
    })
    const factor = (
      enrolled.body._embedded as {
        factor: { id: string; _embedded: { activation: { sharedSecret: string } } }
      }
    ).factor
    const secret = factor._embedded.activation.sharedSecret
    await postJson(`${tp.okta}/api/v1/authn/factors/${factor.id}/lifecycle/activate`, {
      stateToken: enrolled.body.stateToken,
      passCode: codeNow(tp, secret),
    })
    const accounts = (await (await control('accounts', undefined, 'GET')).json()) as Record<
      string,
      unknown
    >[]
    expect(accounts.map((account) => account.email)).toEqual(
      tp.platform.accounts.map((account) => account.email),
    )
    expect(accounts.find((account) => account.email === 'tess.totp@example.com')).toMatchObject({
      password: 'Totp-enrolled-1',
      totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      enrolledFactors: [
        { id: 'opfdevtesspush000001', factorType: 'push', provider: 'OKTA' },
        {
          factorType: 'token:software:totp',
          provider: 'OKTA',
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        },
      ],
    })
    expect(accounts.find((account) => account.email === 'nia.enroll@example.com')).toMatchObject({
      enrolledFactors: [
        { id: factor.id, factorType: 'token:software:totp', provider: 'GOOGLE', secret },
      ],
    })
  })

  it('on every seeded Okta-style id: is 20 alphanumerics with its type prefix', () => {
    for (const account of tp.platform.accounts)
      expect(account.userId).toMatch(/^00u[A-Za-z0-9]{17}$/)
  })

  it('on a request from an app origin: the test controls send no CORS headers', async () => {
    const preflight = await fetch(`${tp.okta}/__test/reset`, {
      method: 'OPTIONS',
      headers: { Origin: tp.app, 'Access-Control-Request-Method': 'POST' },
    })
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const get = await fetch(`${tp.okta}/__test/accounts`, { headers: { Origin: tp.app } })
    expect(get.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })
})
