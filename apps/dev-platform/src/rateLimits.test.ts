import { describe, expect, it } from 'vitest'
import { TESS_TOTP_FACTOR_ID, TESS_TOTP_SECRET } from './accounts'
import { codeNow, postJson, primaryAuth, useTestPlatform, wrongCode } from './testing/testPlatform'

const tp = useTestPlatform()

const TESS = ['tess.totp@example.com', 'Totp-enrolled-1'] as const
const NIA = ['nia.enroll@example.com', 'Enroll-needed-1'] as const
const verifyUrl = () => `${tp.okta}/api/v1/authn/factors/${TESS_TOTP_FACTOR_ID}/verify`

async function tessChallenge(): Promise<string> {
  const { body } = await primaryAuth(tp, ...TESS)
  expect(body.status).toBe('MFA_REQUIRED')
  return body.stateToken as string
}

async function setRule(body: unknown): Promise<Response> {
  return fetch(`${tp.okta}/__test/rate-limits`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
}

const rateHeaders = (headers: Headers) => ({
  limit: headers.get('X-Rate-Limit-Limit'),
  remaining: headers.get('X-Rate-Limit-Remaining'),
  reset: headers.get('X-Rate-Limit-Reset'),
})

const nowSeconds = () => tp.clock.now() / 1000

describe('rate limit of verify (Okta\u2019s "Verify a factor" bucket)', () => {
  it('on every answer: the bucket\u2019s X-Rate-Limit headers, 100 per minute by default', async () => {
    const stateToken = await tessChallenge()
    const wrong = await postJson(verifyUrl(), {
      stateToken,
      passCode: wrongCode(tp, TESS_TOTP_SECRET),
    })
    expect(wrong.status).toBe(403)
    expect(rateHeaders(wrong.headers)).toEqual({
      limit: '100',
      remaining: '99',
      reset: String(Math.ceil(nowSeconds() + 60)),
    })
    const right = await postJson(verifyUrl(), {
      stateToken,
      passCode: codeNow(tp, TESS_TOTP_SECRET),
    })
    expect(right.body.status).toBe('SUCCESS')
    expect(right.headers.get('X-Rate-Limit-Remaining')).toBe('98')
  })

  it('over the limit: 429 E0000047 with the headers, the code is not checked, and after the reset the same code verifies', async () => {
    expect((await setRule({ endpoint: 'verify', limit: 1, windowSeconds: 4 })).status).toBe(200)
    const stateToken = await tessChallenge()
    const first = await postJson(verifyUrl(), {
      stateToken,
      passCode: wrongCode(tp, TESS_TOTP_SECRET),
    })
    expect(first.status).toBe(403)
    expect(rateHeaders(first.headers)).toEqual({
      limit: '1',
      remaining: '0',
      reset: String(Math.ceil(nowSeconds() + 4)),
    })

    tp.clock.advance(1000)
    const code = codeNow(tp, TESS_TOTP_SECRET)
    const limited = await postJson(verifyUrl(), { stateToken, passCode: code })
    expect(limited.status).toBe(429)
    expect(limited.body).toMatchObject({
      errorCode: 'E0000047',
      errorSummary: 'API call exceeded rate limit due to too many requests.',
      errorLink: 'E0000047',
      errorCauses: [],
    })
    expect(limited.body.errorId).toMatch(/^oae[A-Za-z0-9_-]{22}$/)
    // The window started a second ago: Reset is 3 s away, Remaining stays 0.
    expect(rateHeaders(limited.headers)).toEqual({
      limit: '1',
      remaining: '0',
      reset: String(Math.ceil(nowSeconds() + 3)),
    })

    // At the reset: a new window, and the code refused with 429 was never used up.
    tp.clock.advance(3000)
    const after = await postJson(verifyUrl(), { stateToken, passCode: code })
    expect(after.body.status).toBe('SUCCESS')
    expect(after.headers.get('X-Rate-Limit-Remaining')).toBe('0')
  })

  it('over the limit: wrong codes refused with 429 do not count towards the lockout', async () => {
    await setRule({ endpoint: 'verify', limit: 1, windowSeconds: 60 })
    const stateToken = await tessChallenge()
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const answer = await postJson(verifyUrl(), {
        stateToken,
        passCode: wrongCode(tp, TESS_TOTP_SECRET),
      })
      expect(answer.status).toBe(attempt === 0 ? 403 : 429)
    }
    tp.clock.advance(60_000)
    const right = await postJson(verifyUrl(), {
      stateToken,
      passCode: codeNow(tp, TESS_TOTP_SECRET),
    })
    expect(right.body.status).toBe('SUCCESS')
  })

  it('counts per endpoint: a limited verify leaves primary authentication and activate alone', async () => {
    await setRule({ endpoint: 'verify', limit: 0 })
    const stateToken = await tessChallenge()
    const limited = await postJson(verifyUrl(), {
      stateToken,
      passCode: codeNow(tp, TESS_TOTP_SECRET),
    })
    expect(limited.status).toBe(429)
    expect((await primaryAuth(tp, ...NIA)).status).toBe(200)
    const rules = (await (await fetch(`${tp.okta}/__test/rate-limits`)).json()) as unknown[]
    expect(rules).toEqual([
      expect.objectContaining({ endpoint: 'verify', limit: 0, windowSeconds: 60, count: 1 }),
      expect.objectContaining({ endpoint: 'activate', limit: 100, count: 0 }),
    ])
  })

  it('from an app origin: the rate-limit headers of a 429 are exposed to the page', async () => {
    await setRule({ endpoint: 'verify', limit: 0 })
    const stateToken = await tessChallenge()
    const limited = await postJson(
      verifyUrl(),
      { stateToken, passCode: '123456' },
      { Origin: tp.app },
    )
    expect(limited.status).toBe(429)
    expect(limited.headers.get('Access-Control-Allow-Origin')).toBe(tp.app)
    expect(limited.headers.get('Access-Control-Expose-Headers')).toBe(
      'X-Rate-Limit-Limit, X-Rate-Limit-Remaining, X-Rate-Limit-Reset',
    )
  })

  it('on reset: back to 100 per minute', async () => {
    await setRule({ endpoint: 'verify', limit: 0 })
    await fetch(`${tp.okta}/__test/reset`, { method: 'POST' })
    const stateToken = await tessChallenge()
    const answer = await postJson(verifyUrl(), {
      stateToken,
      passCode: codeNow(tp, TESS_TOTP_SECRET),
    })
    expect(answer.body.status).toBe('SUCCESS')
    expect(answer.headers.get('X-Rate-Limit-Limit')).toBe('100')
  })
})

describe('rate limit of activate (enrolment)', () => {
  it('over the limit: 429 E0000047 with the headers, then the enrolment activates after the reset', async () => {
    await setRule({ endpoint: 'activate', limit: 0, windowSeconds: 5 })
    const primary = await primaryAuth(tp, ...NIA)
    const enrolled = await postJson(`${tp.okta}/api/v1/authn/factors`, {
      stateToken: primary.body.stateToken,
      factorType: 'token:software:totp',
      provider: 'OKTA',
    })
    const factor = (enrolled.body._embedded as { factor: Record<string, unknown> }).factor
    const secret = (
      (factor._embedded as { activation: Record<string, unknown> }).activation as {
        sharedSecret: string
      }
    ).sharedSecret
    const url = `${tp.okta}/api/v1/authn/factors/${factor.id as string}/lifecycle/activate`
    const stateToken = enrolled.body.stateToken
    const limited = await postJson(url, { stateToken, passCode: codeNow(tp, secret) })
    expect(limited.status).toBe(429)
    expect(limited.body.errorCode).toBe('E0000047')
    expect(rateHeaders(limited.headers)).toEqual({
      limit: '0',
      remaining: '0',
      reset: String(Math.ceil(nowSeconds() + 5)),
    })
    await setRule({ endpoint: 'activate', limit: 1, windowSeconds: 5 })
    const activated = await postJson(url, { stateToken, passCode: codeNow(tp, secret) })
    expect(activated.body.status).toBe('SUCCESS')
    expect(activated.headers.get('X-Rate-Limit-Limit')).toBe('1')
  })
})

describe('POST /__test/rate-limits', () => {
  it('on a bad rule: 400 with a message', async () => {
    for (const body of [
      { endpoint: 'authn', limit: 1 },
      { endpoint: 'verify' },
      { endpoint: 'verify', limit: -1 },
      { endpoint: 'verify', limit: 1, windowSeconds: 0 },
      { endpoint: 'verify', limit: 1.5 },
    ]) {
      const response = await setRule(body)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { error: string }).error).toMatch(/must be/)
    }
  })
})
