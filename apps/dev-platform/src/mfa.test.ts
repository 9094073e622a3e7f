import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { TESS_PUSH_FACTOR_ID, TESS_TOTP_FACTOR_ID, TESS_TOTP_SECRET } from './accounts'
import { otpauthUri, totpCode } from './totp'
import { codeNow, postJson, primaryAuth, useTestPlatform, wrongCode } from './testing/testPlatform'

const tp = useTestPlatform()

type Body = Record<string, unknown>
type Factor = { id?: string; factorType: string; provider: string; status?: string; _links: Body }
const factorsOf = (body: Body) => (body._embedded as { factors: Factor[] }).factors

const TESS = ['tess.totp@example.com', 'Totp-enrolled-1'] as const
const NIA = ['nia.enroll@example.com', 'Enroll-needed-1'] as const
const verifyUrl = (factorId: string) => `${tp.okta}/api/v1/authn/factors/${factorId}/verify`
const activateUrl = (factorId: string) =>
  `${tp.okta}/api/v1/authn/factors/${factorId}/lifecycle/activate`

async function tessChallenge(): Promise<string> {
  const { body } = await primaryAuth(tp, ...TESS)
  expect(body.status).toBe('MFA_REQUIRED')
  return body.stateToken as string
}

async function enrolment(provider: 'OKTA' | 'GOOGLE') {
  const primary = await primaryAuth(tp, ...NIA)
  const { status, body } = await postJson(`${tp.okta}/api/v1/authn/factors`, {
    stateToken: primary.body.stateToken,
    factorType: 'token:software:totp',
    provider,
  })
  expect(status).toBe(200)
  const factor = (body._embedded as { factor: Body }).factor
  const activation = (factor._embedded as { activation: Body }).activation
  return {
    body,
    stateToken: body.stateToken as string,
    factorId: factor.id as string,
    secret: activation.sharedSecret as string,
    qrHref: (activation._links as { qrcode: { href: string } }).qrcode.href,
  }
}

describe('MFA_REQUIRED and verify (Tess: push first, then Okta Verify TOTP)', () => {
  it('on primary auth: lists push first and TOTP second, each with its verify link', async () => {
    const { body } = await primaryAuth(tp, ...TESS)
    const factors = factorsOf(body)
    expect(factors.map((factor) => [factor.id, factor.factorType, factor.provider])).toEqual([
      [TESS_PUSH_FACTOR_ID, 'push', 'OKTA'],
      [TESS_TOTP_FACTOR_ID, 'token:software:totp', 'OKTA'],
    ])
    expect(factors[1]?._links).toEqual({
      verify: { href: verifyUrl(TESS_TOTP_FACTOR_ID), hints: { allow: ['POST'] } },
    })
  })

  it('on the current code: answers SUCCESS with a session token and ends the transaction', async () => {
    const stateToken = await tessChallenge()
    const { status, body } = await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), {
      stateToken,
      passCode: codeNow(tp, TESS_TOTP_SECRET),
    })
    expect(status).toBe(200)
    expect(body.status).toBe('SUCCESS')
    expect(body.sessionToken).toEqual(expect.any(String))
    expect(body.stateToken).toBeUndefined()
  })

  it("on the previous step's code: accepts it (window of one step back)", async () => {
    const stateToken = await tessChallenge()
    const previous = totpCode(TESS_TOTP_SECRET, tp.clock.now() - 30_000)
    const { body } = await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), {
      stateToken,
      passCode: previous,
    })
    expect(body.status).toBe('SUCCESS')
  })

  it('on a wrong code: answers 403 E0000068 with the mismatch cause, and the transaction lives on', async () => {
    const stateToken = await tessChallenge()
    const wrong = await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), {
      stateToken,
      passCode: wrongCode(tp, TESS_TOTP_SECRET),
    })
    expect(wrong.status).toBe(403)
    expect(wrong.body).toMatchObject({
      errorCode: 'E0000068',
      errorSummary: 'Invalid Passcode/Answer',
      errorCauses: [{ errorSummary: "Your passcode doesn't match our records. Please try again." }],
    })
    const right = await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), {
      stateToken,
      passCode: codeNow(tp, TESS_TOTP_SECRET),
    })
    expect(right.body.status).toBe('SUCCESS')
  })

  it('on a code used once already: answers E0000068 with the replay cause', async () => {
    const code = codeNow(tp, TESS_TOTP_SECRET)
    const first = await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), {
      stateToken: await tessChallenge(),
      passCode: code,
    })
    expect(first.body.status).toBe('SUCCESS')
    const replay = await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), {
      stateToken: await tessChallenge(),
      passCode: code,
    })
    expect(replay.status).toBe(403)
    expect(replay.body).toMatchObject({
      errorCode: 'E0000068',
      errorCauses: [
        {
          errorSummary:
            'Each code can only be used once. Please wait for a new code and try again.',
        },
      ],
    })
    tp.clock.advance(30_000)
    const next = await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), {
      stateToken: await tessChallenge(),
      passCode: codeNow(tp, TESS_TOTP_SECRET),
    })
    expect(next.body.status).toBe('SUCCESS')
  })

  it('on the push factor: answers 403 E0000006 (no push can be delivered here)', async () => {
    const { status, body } = await postJson(verifyUrl(TESS_PUSH_FACTOR_ID), {
      stateToken: await tessChallenge(),
    })
    expect(status).toBe(403)
    expect(body.errorCode).toBe('E0000006')
  })

  it('on an unknown factor id or a missing passCode: answers 404 E0000007 and 400 E0000001', async () => {
    const stateToken = await tessChallenge()
    const unknown = await postJson(verifyUrl('ostunknownfactor0000'), {
      stateToken,
      passCode: '123456',
    })
    expect(unknown.status).toBe(404)
    expect(unknown.body.errorCode).toBe('E0000007')
    const missing = await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), { stateToken })
    expect(missing.status).toBe(400)
    expect(missing.body).toMatchObject({
      errorCode: 'E0000001',
      errorSummary: 'Api validation failed: passCode',
    })
  })

  it('on five wrong codes in a row: the fifth answers 403 E0000069 and the user is LOCKED_OUT until reset', async () => {
    const stateToken = await tessChallenge()
    const wrong = wrongCode(tp, TESS_TOTP_SECRET)
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect(
        (await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), { stateToken, passCode: wrong })).body
          .errorCode,
      ).toBe('E0000068')
    const fifth = await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), { stateToken, passCode: wrong })
    expect(fifth.status).toBe(403)
    expect(fifth.body).toMatchObject({ errorCode: 'E0000069', errorSummary: 'User Locked' })
    expect((await postJson(`${tp.okta}/api/v1/authn`, { stateToken })).body.errorCode).toBe(
      'E0000011',
    )
    expect((await primaryAuth(tp, ...TESS)).body.status).toBe('LOCKED_OUT')
    await fetch(`${tp.okta}/__test/reset`, { method: 'POST' })
    expect((await primaryAuth(tp, ...TESS)).body.status).toBe('MFA_REQUIRED')
  })

  it('on a right code between wrong ones: starts the count of wrong codes again', async () => {
    const wrong = wrongCode(tp, TESS_TOTP_SECRET)
    let stateToken = await tessChallenge()
    for (let attempt = 1; attempt <= 4; attempt += 1)
      await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), { stateToken, passCode: wrong })
    await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), {
      stateToken,
      passCode: codeNow(tp, TESS_TOTP_SECRET),
    })
    stateToken = await tessChallenge()
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect(
        (await postJson(verifyUrl(TESS_TOTP_FACTOR_ID), { stateToken, passCode: wrong })).body
          .errorCode,
      ).toBe('E0000068')
  })
})

describe('MFA_ENROLL, enrol and activate (Nia)', () => {
  it('on primary auth: offers Okta Verify, Google Authenticator and SMS, all NOT_SETUP, without ids', async () => {
    const { body } = await primaryAuth(tp, ...NIA)
    expect(body.status).toBe('MFA_ENROLL')
    expect(factorsOf(body)).toEqual([
      expect.objectContaining({
        factorType: 'token:software:totp',
        provider: 'OKTA',
        status: 'NOT_SETUP',
      }),
      expect.objectContaining({
        factorType: 'token:software:totp',
        provider: 'GOOGLE',
        status: 'NOT_SETUP',
      }),
      expect.objectContaining({ factorType: 'sms', provider: 'OKTA', status: 'NOT_SETUP' }),
    ])
    for (const factor of factorsOf(body)) {
      expect(factor.id).toBeUndefined()
      expect(factor._links).toEqual({
        enroll: { href: `${tp.okta}/api/v1/authn/factors`, hints: { allow: ['POST'] } },
      })
    }
  })

  it('on enrolling Okta Verify: answers MFA_ENROLL_ACTIVATE with a fresh base32 secret and links', async () => {
    const first = await enrolment('OKTA')
    expect(first.body.status).toBe('MFA_ENROLL_ACTIVATE')
    expect(first.factorId).toMatch(/^ost[A-Za-z0-9]{17}$/)
    expect(first.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(first.qrHref).toMatch(
      new RegExp(
        `^${tp.okta}/api/v1/users/00udevniaenroll00001/factors/${first.factorId}/qr/00[A-Za-z0-9_-]{40}$`,
      ),
    )
    expect(first.body._links).toMatchObject({
      next: { name: 'activate', href: activateUrl(first.factorId) },
      prev: { href: `${tp.okta}/api/v1/authn/previous` },
      cancel: { href: `${tp.okta}/api/v1/authn/cancel` },
    })
    const second = await enrolment('OKTA')
    expect(second.secret).not.toBe(first.secret)
  })

  it('on enrolling Google Authenticator: the factor is a GOOGLE one (uft… id)', async () => {
    const { body, factorId } = await enrolment('GOOGLE')
    expect(factorId).toMatch(/^uft[A-Za-z0-9]{17}$/)
    expect((body._embedded as { factor: Body }).factor.provider).toBe('GOOGLE')
  })

  it('on the QR link: serves the PNG of the otpauth URI, only while the transaction lives', async () => {
    const { secret, qrHref, stateToken } = await enrolment('OKTA')
    const response = await fetch(qrHref)
    expect(response.status).toBe(200)
    expect(response.headers.get('Content-Type')).toBe('image/png')
    const png = Buffer.from(await response.arrayBuffer())
    const uri = otpauthUri('Dev Platform (Okta Verify)', 'nia.enroll@example.com', secret)
    const expected = await QRCode.toBuffer(uri, {
      type: 'png',
      errorCorrectionLevel: 'M',
      width: 240,
    })
    expect(png.equals(expected)).toBe(true)
    expect((await fetch(`${qrHref.slice(0, -5)}AAAAA`)).status).toBe(404)
    await postJson(`${tp.okta}/api/v1/authn/cancel`, { stateToken })
    expect((await fetch(qrHref)).status).toBe(404)
  })

  it('on activation with the right code: SUCCESS, and the enrolment is kept (next sign-in verifies it)', async () => {
    const { stateToken, factorId, secret } = await enrolment('OKTA')
    const wrong = await postJson(activateUrl(factorId), {
      stateToken,
      passCode: wrongCode(tp, secret),
    })
    expect(wrong.status).toBe(403)
    expect(wrong.body).toMatchObject({
      errorCode: 'E0000068',
      errorCauses: [{ errorSummary: "Your passcode doesn't match our records. Please try again." }],
    })
    const code = codeNow(tp, secret)
    const activated = await postJson(activateUrl(factorId), { stateToken, passCode: code })
    expect(activated.body.status).toBe('SUCCESS')
    expect(activated.body.sessionToken).toEqual(expect.any(String))

    const next = await primaryAuth(tp, ...NIA)
    expect(next.body.status).toBe('MFA_REQUIRED')
    expect(factorsOf(next.body).map((factor) => factor.id)).toEqual([factorId])
    const replay = await postJson(verifyUrl(factorId), {
      stateToken: next.body.stateToken,
      passCode: code,
    })
    expect(replay.body.errorCauses).toEqual([
      {
        errorSummary: 'Each code can only be used once. Please wait for a new code and try again.',
      },
    ])
    tp.clock.advance(30_000)
    const verified = await postJson(verifyUrl(factorId), {
      stateToken: next.body.stateToken,
      passCode: codeNow(tp, secret),
    })
    expect(verified.body.status).toBe('SUCCESS')

    await fetch(`${tp.okta}/__test/reset`, { method: 'POST' })
    expect((await primaryAuth(tp, ...NIA)).body.status).toBe('MFA_ENROLL')
  })

  it('on five wrong activation codes: locks the user (E0000069)', async () => {
    const { stateToken, factorId, secret } = await enrolment('GOOGLE')
    const wrong = wrongCode(tp, secret)
    for (let attempt = 1; attempt <= 4; attempt += 1)
      await postJson(activateUrl(factorId), { stateToken, passCode: wrong })
    const fifth = await postJson(activateUrl(factorId), { stateToken, passCode: wrong })
    expect(fifth.body.errorCode).toBe('E0000069')
    expect((await primaryAuth(tp, ...NIA)).body.status).toBe('LOCKED_OUT')
  })

  it('on an invalid factor type or provider: answers 400 E0000001 factorEnrollRequest', async () => {
    for (const [factorType, provider] of [
      ['sms', 'OKTA'],
      ['token:software:totp', 'RSA'],
      ['push', 'OKTA'],
    ]) {
      const primary = await primaryAuth(tp, ...NIA)
      const { status, body } = await postJson(`${tp.okta}/api/v1/authn/factors`, {
        stateToken: primary.body.stateToken,
        factorType,
        provider,
      })
      expect(status).toBe(400)
      expect(body).toMatchObject({
        errorCode: 'E0000001',
        errorSummary: 'Api validation failed: factorEnrollRequest',
      })
    }
  })

  it('on previous: goes back to MFA_ENROLL; the old QR and activation are gone', async () => {
    const { stateToken, factorId, secret, qrHref } = await enrolment('OKTA')
    const back = await postJson(`${tp.okta}/api/v1/authn/previous`, { stateToken })
    expect(back.body.status).toBe('MFA_ENROLL')
    expect((await fetch(qrHref)).status).toBe(404)
    const activate = await postJson(activateUrl(factorId), {
      stateToken,
      passCode: codeNow(tp, secret),
    })
    expect(activate.body.errorCode).toBe('E0000079')
  })

  it('on activating another factor id: answers 404 E0000007', async () => {
    const { stateToken, secret } = await enrolment('OKTA')
    const { status, body } = await postJson(activateUrl('ostsomethingelse0000'), {
      stateToken,
      passCode: codeNow(tp, secret),
    })
    expect(status).toBe(404)
    expect(body.errorCode).toBe('E0000007')
  })
})
