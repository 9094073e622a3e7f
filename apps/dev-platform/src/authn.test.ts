import { describe, expect, it } from 'vitest'
import { TESS_TOTP_SECRET } from './accounts'
import { codeNow, passwordOf, postJson, primaryAuth, useTestPlatform } from './testing/testPlatform'

const tp = useTestPlatform()

const PAT = 'pat.password@example.com'
const TESS = 'tess.totp@example.com'
const withoutErrorId = (body: Record<string, unknown>) => ({ ...body, errorId: undefined })

describe('POST /api/v1/authn (primary authentication)', () => {
  it('on a password-only account: answers SUCCESS with a one-time sessionToken and no stateToken', async () => {
    const { status, body } = await primaryAuth(tp, PAT, 'Password-only-1')
    expect(status).toBe(200)
    expect(body.status).toBe('SUCCESS')
    expect(body.sessionToken).toMatch(/^00[A-Za-z0-9_-]{40}$/)
    expect(body.stateToken).toBeUndefined()
    expect(body.expiresAt).toBe(new Date(tp.clock.now() + 5 * 60_000).toISOString())
    expect(body._embedded).toMatchObject({
      user: { id: '00udevpatpassword001', profile: { login: PAT, firstName: 'Pat' } },
    })
  })

  it('on a login in another case: finds the user (Okta logins are case-insensitive)', async () => {
    const { body } = await primaryAuth(tp, 'PAT.Password@Example.com', 'Password-only-1')
    expect(body.status).toBe('SUCCESS')
  })

  it('on an unknown user or a wrong password: answers the same 401 E0000004 (no enumeration)', async () => {
    const unknown = await primaryAuth(tp, 'nobody@example.com', 'Password-only-1')
    const wrong = await primaryAuth(tp, PAT, 'not-the-password')
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(unknown.body).toMatchObject({
      errorCode: 'E0000004',
      errorSummary: 'Authentication failed',
      errorLink: 'E0000004',
      errorCauses: [],
    })
    expect(unknown.body.errorId).toMatch(/^oae[A-Za-z0-9_-]{22}$/)
    expect(withoutErrorId(wrong.body)).toEqual(withoutErrorId(unknown.body))
  })

  it('on a missing password or a body that is not JSON: answers E0000004 and E0000003', async () => {
    expect((await postJson(`${tp.okta}/api/v1/authn`, { username: PAT })).body.errorCode).toBe(
      'E0000004',
    )
    const response = await fetch(`${tp.okta}/api/v1/authn`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{not json',
    })
    expect(response.status).toBe(400)
    expect(((await response.json()) as Record<string, unknown>).errorCode).toBe('E0000003')
  })

  it('on the locked account: answers 200 LOCKED_OUT with an unlock link and no stateToken', async () => {
    const { status, body } = await primaryAuth(tp, 'lou.locked@example.com', 'Locked-out-1')
    expect(status).toBe(200)
    expect(body).toEqual({
      status: 'LOCKED_OUT',
      _embedded: {},
      _links: {
        next: {
          name: 'unlock',
          href: `${tp.okta}/api/v1/authn/recovery/unlock`,
          hints: { allow: ['POST'] },
        },
        cancel: { href: `${tp.okta}/api/v1/authn/cancel`, hints: { allow: ['POST'] } },
      },
    })
  })

  it('on the expired-password account: answers PASSWORD_EXPIRED with a changePassword link', async () => {
    const { body } = await primaryAuth(tp, 'pia.expired@example.com', 'Password-expired-1')
    expect(body.status).toBe('PASSWORD_EXPIRED')
    expect(body.stateToken).toEqual(expect.any(String))
    expect(body._links).toMatchObject({ next: { name: 'changePassword' } })
  })

  it('on the warned account: SUCCESS unless warnBeforePasswordExpired, then PASSWORD_WARN and skip', async () => {
    const plain = await primaryAuth(tp, 'wes.warn@example.com', 'Password-warn-1', {
      options: { multiOptionalFactorEnroll: false, warnBeforePasswordExpired: false },
    })
    expect(plain.body.status).toBe('SUCCESS')
    const warned = await primaryAuth(tp, 'wes.warn@example.com', 'Password-warn-1', {
      options: { warnBeforePasswordExpired: true },
    })
    expect(warned.body.status).toBe('PASSWORD_WARN')
    expect(warned.body._links).toMatchObject({ skip: { name: 'skip' } })
    const skipped = await postJson(`${tp.okta}/api/v1/authn/skip`, {
      stateToken: warned.body.stateToken,
    })
    expect(skipped.body.status).toBe('SUCCESS')
    expect(skipped.body.sessionToken).toEqual(expect.any(String))
  })

  it('on the rate-limited account: always 429 E0000047 with the X-Rate-Limit headers', async () => {
    const { status, body, headers } = await primaryAuth(tp, 'ray.ratelimit@example.com', 'whatever')
    expect(status).toBe(429)
    expect(body.errorCode).toBe('E0000047')
    expect(body.errorSummary).toBe('API call exceeded rate limit due to too many requests.')
    expect(headers.get('X-Rate-Limit-Limit')).toBe('20')
    expect(headers.get('X-Rate-Limit-Remaining')).toBe('0')
    const reset = Number(headers.get('X-Rate-Limit-Reset'))
    expect(reset).toBeGreaterThan(tp.clock.now() / 1000)
    expect(reset).toBeLessThanOrEqual(tp.clock.now() / 1000 + 61)
  })

  it('on more than 20 attempts per username per minute: answers 429 until the minute has passed', async () => {
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const { status, headers } = await primaryAuth(tp, PAT, 'wrong')
      expect(status).toBe(401)
      expect(headers.get('X-Rate-Limit-Remaining')).toBe(String(20 - attempt))
    }
    const limited = await primaryAuth(tp, PAT, 'Password-only-1')
    expect(limited.status).toBe(429)
    expect(limited.body.errorCode).toBe('E0000047')
    expect((await primaryAuth(tp, TESS, 'Totp-enrolled-1')).status).toBe(200)
    tp.clock.advance(60_001)
    expect((await primaryAuth(tp, PAT, 'Password-only-1')).body.status).toBe('SUCCESS')
  })

  it('on the slow account: answers SUCCESS only after DEV_SLOW_MS', async () => {
    const started = performance.now()
    const { body } = await primaryAuth(tp, 'sam.slow@example.com', 'Slow-provider-1')
    expect(body.status).toBe('SUCCESS')
    expect(performance.now() - started).toBeGreaterThanOrEqual(190)
  })
})

describe('stateToken lifecycle', () => {
  const startMfa = async () => (await primaryAuth(tp, TESS, passwordOf(tp, TESS))).body

  it('on {stateToken} only: returns the current transaction and slides expiresAt', async () => {
    const first = await startMfa()
    expect(first.expiresAt).toBe(new Date(tp.clock.now() + 300_000).toISOString())
    tp.clock.advance(100_000)
    const again = await postJson(`${tp.okta}/api/v1/authn`, { stateToken: first.stateToken })
    expect(again.status).toBe(200)
    expect(again.body.status).toBe('MFA_REQUIRED')
    expect(again.body.stateToken).toBe(first.stateToken)
    expect(again.body.expiresAt).toBe(new Date(tp.clock.now() + 300_000).toISOString())
  })

  it('on use within the sliding window: stays alive past the first expiry', async () => {
    const { stateToken } = await startMfa()
    for (let i = 0; i < 3; i += 1) {
      tp.clock.advance(200_000)
      expect((await postJson(`${tp.okta}/api/v1/authn`, { stateToken })).status).toBe(200)
    }
  })

  it('on an expired, unknown or finished stateToken: answers 401 E0000011', async () => {
    const { stateToken } = await startMfa()
    tp.clock.advance(300_001)
    const expired = await postJson(`${tp.okta}/api/v1/authn`, { stateToken })
    expect(expired.status).toBe(401)
    expect(expired.body).toMatchObject({
      errorCode: 'E0000011',
      errorSummary: 'Invalid token provided',
    })
    const unknown = await postJson(`${tp.okta}/api/v1/authn/factors`, { stateToken: 'nope' })
    expect(unknown.body.errorCode).toBe('E0000011')

    tp.clock.advance(30_000)
    const fresh = await startMfa()
    const verify = `${tp.okta}/api/v1/authn/factors/ostdevtesstotp000001/verify`
    const done = await postJson(verify, {
      stateToken: fresh.stateToken,
      passCode: codeNow(tp, TESS_TOTP_SECRET),
    })
    expect(done.body.status).toBe('SUCCESS')
    const finished = await postJson(`${tp.okta}/api/v1/authn`, { stateToken: fresh.stateToken })
    expect(finished.status).toBe(401)
    expect(finished.body.errorCode).toBe('E0000011')
  })

  it('on an operation the state does not allow: answers 403 E0000079', async () => {
    const mfa = await startMfa()
    const enroll = await postJson(`${tp.okta}/api/v1/authn/factors`, {
      stateToken: mfa.stateToken,
      factorType: 'token:software:totp',
      provider: 'OKTA',
    })
    expect(enroll.status).toBe(403)
    expect(enroll.body).toMatchObject({
      errorCode: 'E0000079',
      errorSummary: 'This operation is not allowed in the current authentication state.',
    })
    const enrolling = await primaryAuth(tp, 'nia.enroll@example.com', 'Enroll-needed-1')
    const verify = await postJson(`${tp.okta}/api/v1/authn/factors/ostdevtesstotp000001/verify`, {
      stateToken: enrolling.body.stateToken,
      passCode: '123456',
    })
    expect(verify.status).toBe(403)
    expect(verify.body.errorCode).toBe('E0000079')
  })

  it('on cancel: answers {_embedded:{}} and the stateToken is dead afterwards', async () => {
    const { stateToken } = await startMfa()
    const cancel = await postJson(`${tp.okta}/api/v1/authn/cancel`, { stateToken })
    expect(cancel.body).toEqual({ _embedded: {} })
    expect((await postJson(`${tp.okta}/api/v1/authn`, { stateToken })).body.errorCode).toBe(
      'E0000011',
    )
  })

  it('on an UNAUTHENTICATED transaction: shows it, then authenticates with credentials', async () => {
    const minted = await postJson(`${tp.okta}/__test/unauthenticated-transaction`, {})
    const stateToken = minted.body.stateToken as string
    const state = await postJson(`${tp.okta}/api/v1/authn`, { stateToken })
    expect(state.body).toEqual({
      stateToken,
      status: 'UNAUTHENTICATED',
      _embedded: {},
      _links: {
        next: { name: 'authenticate', href: `${tp.okta}/api/v1/authn`, hints: { allow: ['POST'] } },
      },
    })
    const signedIn = await postJson(`${tp.okta}/api/v1/authn`, {
      stateToken,
      username: PAT,
      password: 'Password-only-1',
    })
    expect(signedIn.body.status).toBe('SUCCESS')
  })

  it('on an unknown API path: answers 404 E0000007', async () => {
    const { status, body } = await postJson(`${tp.okta}/api/v1/authn/recovery/answer`, {})
    expect(status).toBe(404)
    expect(body.errorCode).toBe('E0000007')
  })
})

describe('CORS on /api/v1/authn*', () => {
  const preflight = (origin: string) =>
    fetch(`${tp.okta}/api/v1/authn/factors/x/verify`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'content-type,x-okta-user-agent-extended',
      },
    })

  it('on a preflight from an app origin: allows POST, the Okta headers and credentials', async () => {
    const response = await preflight(tp.app)
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(tp.app)
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true')
    expect(response.headers.get('Access-Control-Allow-Methods')).toContain('POST')
    expect(response.headers.get('Access-Control-Allow-Headers')).toBe(
      'Content-Type, Accept, X-Okta-User-Agent-Extended',
    )
    expect(response.headers.get('Vary')).toContain('Origin')
  })

  it('on a preflight from another origin: refuses with 403 and no CORS headers', async () => {
    const response = await preflight('https://evil.example')
    expect(response.status).toBe(403)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
  })

  it('on a POST: reflects an app origin and exposes the rate-limit headers; ignores others', async () => {
    const allowed = await primaryAuth(tp, PAT, 'Password-only-1', {})
    expect(allowed.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const fromApp = await postJson(
      `${tp.okta}/api/v1/authn`,
      { username: PAT, password: 'Password-only-1' },
      { Origin: 'http://localhost:4173' },
    )
    expect(fromApp.headers.get('Access-Control-Allow-Origin')).toBe('http://localhost:4173')
    expect(fromApp.headers.get('Access-Control-Expose-Headers')).toBe(
      'X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Reset',
    )
    expect(fromApp.headers.get('Vary')).toBe('Origin')
  })

  it('on a POST from another origin (even a simple text/plain one, with cookies): refuses with 403, runs nothing, sets no cookie', async () => {
    const first = await postJson(`${tp.okta}/api/v1/authn`, { username: PAT }, { Origin: tp.app })
    const deviceCookie = (first.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    const fromEvil = await fetch(`${tp.okta}/api/v1/authn`, {
      method: 'POST',
      headers: {
        'Content-Type': 'text/plain',
        Origin: 'https://evil.example',
        Cookie: deviceCookie,
      },
      body: JSON.stringify({ username: PAT, password: 'Password-only-1' }),
    })
    expect(fromEvil.status).toBe(403)
    expect(await fromEvil.text()).toBe('')
    expect(fromEvil.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(fromEvil.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    expect(fromEvil.headers.get('Set-Cookie')).toBeNull()
    const devices = (await (await fetch(`${tp.okta}/__test/devices`)).json()) as unknown[]
    expect(devices).toEqual([expect.objectContaining({ returns: 0 })])
  })
})

describe('the device cookie DT (Okta recognises the device when its cookies travel)', () => {
  const devices = async () =>
    (await (await fetch(`${tp.okta}/__test/devices`)).json()) as {
      deviceToken: string
      returns: number
    }[]

  it('on the first Authn answer: sets DT for a year, Secure, HttpOnly, SameSite=None', async () => {
    const { headers } = await primaryAuth(tp, PAT, 'Password-only-1', {})
    const setCookie = headers.get('Set-Cookie') ?? ''
    expect(setCookie).toMatch(
      /^DT=[A-Za-z0-9_-]{32}; Path=\/; Max-Age=31536000; Secure; HttpOnly; SameSite=None$/,
    )
    expect(await devices()).toEqual([
      { deviceToken: setCookie.slice(3, 35), issuedAt: expect.any(String), returns: 0 },
    ])
  })

  it('on later Authn calls that bring it back: keeps it (no new cookie) and counts the return', async () => {
    const first = await primaryAuth(tp, TESS, passwordOf(tp, TESS))
    const cookie = (first.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
    const factor = (
      first.body._embedded as { factors: { id: string; factorType: string }[] }
    ).factors.find((candidate) => candidate.factorType === 'token:software:totp')
    const verify = await postJson(
      `${tp.okta}/api/v1/authn/factors/${factor?.id}/verify`,
      { stateToken: first.body.stateToken, passCode: codeNow(tp, TESS_TOTP_SECRET) },
      { Cookie: cookie },
    )
    expect(verify.body.status).toBe('SUCCESS')
    expect(verify.headers.get('Set-Cookie')).toBeNull()
    expect(await devices()).toEqual([expect.objectContaining({ returns: 1 })])
  })

  it('on a call without the cookie, or with one it never issued: treats the device as new', async () => {
    await primaryAuth(tp, PAT, 'Password-only-1')
    const forged = await primaryAuth(tp, PAT, 'Password-only-1', {})
    const other = await postJson(
      `${tp.okta}/api/v1/authn`,
      { username: PAT, password: 'Password-only-1' },
      { Cookie: 'DT=not-one-of-ours' },
    )
    expect(forged.headers.get('Set-Cookie')).toMatch(/^DT=/)
    expect(other.headers.get('Set-Cookie')).toMatch(/^DT=/)
    expect((await devices()).map((device) => device.returns)).toEqual([0, 0, 0])
  })
})
