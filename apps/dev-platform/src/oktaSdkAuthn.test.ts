/**
 * Okta's own SDK (`@okta/okta-auth-js` 8) drives the dev platform's classic Authn API over real
 * HTTP, as a script of a page at the sign-in app's origin: `Origin` sent, preflights made and
 * their answers checked, credentials (cookies) included where the SDK includes them. Nothing here
 * is our client code: when the SDK and the stand-in disagree, one of them is not Okta.
 */
import { AuthApiError, type AuthnTransaction } from '@okta/okta-auth-js'
import { describe, expect, it } from 'vitest'
import { SEEDED_ACCOUNTS, TESS_PUSH_FACTOR_ID, TESS_TOTP_FACTOR_ID } from './accounts'
import { MAX_FAILED_PASSCODES } from './authnService'
import { PASSCODE_MISMATCH, PASSCODE_REPLAYED } from './oktaErrors'
import { openBrowserPage } from './testing/browserPage'
import { oktaSdk, usePageClock } from './testing/oktaSdk'
import { codeNow, passwordOf, useTestPlatform, wrongCode } from './testing/testPlatform'
import { totpCode } from './totp'

const tp = useTestPlatform()
const clock = usePageClock(tp)

const TESS = 'tess.totp@example.com'
const NIA = 'nia.enroll@example.com'
const RAY = 'ray.ratelimit@example.com'
const GOOGLE_ACCOUNTS = ['gina.google@example.com', 'uma.unknown@example.com']

/** The SDK's sign-in with a seeded account's own password. */
function signIn(email: string, options?: Record<string, unknown>) {
  const { sdk, page } = oktaSdk(tp)
  const password = passwordOf(tp, email)
  const done = sdk.signInWithCredentials({ username: email, password, ...(options && { options }) })
  return { sdk, page, done }
}

/** What the SDK rejected with, as an `AuthApiError`. */
async function apiError(promise: Promise<unknown>): Promise<AuthApiError> {
  const error: unknown = await promise.then(
    () => {
      throw new Error('expected the SDK to reject')
    },
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(AuthApiError)
  return error as AuthApiError
}

const totpFactor = (tx: AuthnTransaction, provider: string) => {
  const factor = tx.factors?.find(
    (candidate) =>
      candidate.factorType === 'token:software:totp' && candidate.provider === provider,
  )
  if (!factor) throw new Error(`no ${provider} TOTP factor in ${tx.status}`)
  return factor
}

/** What the SDK reads at sign-in for each seeded Okta account with its own password. */
const FIRST_ANSWER: readonly (readonly [string, string])[] = [
  ['pat.password@example.com', 'SUCCESS'],
  ['dana.denied@example.com', 'SUCCESS'],
  ['sam.slow@example.com', 'SUCCESS'],
  ['wes.warn@example.com', 'SUCCESS'],
  ['tess.totp@example.com', 'MFA_REQUIRED'],
  ['remy.remember@example.com', 'MFA_REQUIRED'],
  ['nia.enroll@example.com', 'MFA_ENROLL'],
  ['lou.locked@example.com', 'LOCKED_OUT'],
  ['ali.adminlocked@example.com', 'LOCKED_OUT'],
  ['pia.expired@example.com', 'PASSWORD_EXPIRED'],
]

describe('Okta SDK signInWithCredentials, every seeded account', () => {
  it('the table below names every seeded account (Okta ones with a password, Google ones refused)', () => {
    const named = [...FIRST_ANSWER.map(([email]) => email), RAY, ...GOOGLE_ACCOUNTS]
    expect(named.sort()).toEqual(SEEDED_ACCOUNTS.map((account) => account.email).sort())
  })

  it.each(FIRST_ANSWER)('%s: the SDK reads %s', async (email, status) => {
    const { done, page } = signIn(email)
    const tx = await done
    expect(tx.status).toBe(status)
    expect(tx.user?.profile?.login ?? email).toBe(email)
    if (status === 'SUCCESS') expect(tx.sessionToken).toMatch(/^\S{20,}$/)
    else if (status !== 'LOCKED_OUT') expect(stateTokenOf(tx)).toEqual(expect.any(String))
    // A browser made a preflight (JSON and the SDK's own header are not "simple"), then the POST.
    expect(page.wire.map((exchange) => exchange.method)).toEqual(['OPTIONS', 'POST'])
    expect(page.wire[1]?.requestHeaders.origin).toBe(tp.app)
  })

  it('tess.totp: the SDK lists push first, then the Okta Verify TOTP, each verifiable', async () => {
    const tx = await signIn(TESS).done
    expect(tx.factors?.map((factor) => [factor.id, factor.factorType, factor.provider])).toEqual([
      [TESS_PUSH_FACTOR_ID, 'push', 'OKTA'],
      [TESS_TOTP_FACTOR_ID, 'token:software:totp', 'OKTA'],
    ])
    for (const factor of tx.factors ?? []) expect(factor.verify).toBeTypeOf('function')
  })

  it('nia.enroll: the SDK offers Okta Verify TOTP, Google Authenticator and SMS to enrol', async () => {
    const tx = await signIn(NIA).done
    expect(tx.factors?.map((factor) => [factor.factorType, factor.provider])).toEqual([
      ['token:software:totp', 'OKTA'],
      ['token:software:totp', 'GOOGLE'],
      ['sms', 'OKTA'],
    ])
    for (const factor of tx.factors ?? []) expect(factor.enroll).toBeTypeOf('function')
  })

  it('wes.warn with warnBeforePasswordExpired: PASSWORD_WARN, and skip() ends in SUCCESS', async () => {
    const warned = await signIn('wes.warn@example.com', { warnBeforePasswordExpired: true }).done
    expect(warned.status).toBe('PASSWORD_WARN')
    expect(warned.skip).toBeTypeOf('function')
    const skipped = await warned.skip?.()
    expect(skipped?.status).toBe('SUCCESS')
    expect(skipped?.sessionToken).toEqual(expect.any(String))
  })

  it('ray.ratelimit: the SDK rejects with 429 E0000047 and the page can read X-Rate-Limit-Reset', async () => {
    const error = await apiError(signIn(RAY).done)
    expect(error.errorCode).toBe('E0000047')
    expect(error.xhr?.status).toBe(429)
    // Exposed by Access-Control-Expose-Headers, else a browser would hide it from the script.
    const reset = Number(error.xhr?.headers?.['x-rate-limit-reset'])
    expect(reset).toBeGreaterThan(tp.clock.now() / 1000)
  })

  it.each<[string, string, string]>([
    ['a wrong password', 'pat.password@example.com', 'not-the-password'],
    ['an unknown user', 'nobody@example.com', 'Password-only-1'],
    ...GOOGLE_ACCOUNTS.map((email): [string, string, string] => [
      `the Google account ${email} (no Okta password)`,
      email,
      'anything',
    ]),
  ])('%s: the SDK rejects with 401 E0000004', async (_, username, password) => {
    const { sdk } = oktaSdk(tp)
    const error = await apiError(sdk.signInWithCredentials({ username, password }))
    expect(error.errorCode).toBe('E0000004')
    expect(error.errorSummary).toBe('Authentication failed')
    expect(error.xhr?.status).toBe(401)
  })
})

describe('Okta SDK MFA verify', () => {
  it('on the right code: SUCCESS with a session token', async () => {
    const tx = await signIn(TESS).done
    const done = await totpFactor(tx, 'OKTA').verify?.({ passCode: codeNow(tp, tessSecret()) })
    expect(done?.status).toBe('SUCCESS')
    expect(done?.sessionToken).toEqual(expect.any(String))
  })

  it('on a wrong code: rejects with E0000068 and the mismatch cause; the transaction lives on', async () => {
    const tx = await signIn(TESS).done
    const factor = totpFactor(tx, 'OKTA')
    const error = await apiError(
      factor.verify?.({ passCode: wrongCode(tp, tessSecret()) }) as never,
    )
    expect(error.errorCode).toBe('E0000068')
    expect(error.errorCauses).toEqual([{ errorSummary: PASSCODE_MISMATCH }])
    const retried = await factor.verify?.({ passCode: codeNow(tp, tessSecret()) })
    expect(retried?.status).toBe('SUCCESS')
  })

  it('on a code already used: rejects with E0000068 and the replay cause', async () => {
    const code = codeNow(tp, tessSecret())
    const first = await signIn(TESS).done
    expect((await totpFactor(first, 'OKTA').verify?.({ passCode: code }))?.status).toBe('SUCCESS')
    const second = await signIn(TESS).done
    const error = await apiError(totpFactor(second, 'OKTA').verify?.({ passCode: code }) as never)
    expect(error.errorCode).toBe('E0000068')
    expect(error.errorCauses).toEqual([{ errorSummary: PASSCODE_REPLAYED }])
  })

  it(`on ${MAX_FAILED_PASSCODES} wrong codes: E0000069, and the next sign-in is LOCKED_OUT`, async () => {
    const tx = await signIn(TESS).done
    const factor = totpFactor(tx, 'OKTA')
    const codes: string[] = []
    for (let n = 0; n < MAX_FAILED_PASSCODES; n += 1) {
      const error = await apiError(
        factor.verify?.({ passCode: wrongCode(tp, tessSecret()) }) as never,
      )
      codes.push(error.errorCode ?? '')
    }
    expect(codes).toEqual([...Array(MAX_FAILED_PASSCODES - 1).fill('E0000068'), 'E0000069'])
    expect((await signIn(TESS).done).status).toBe('LOCKED_OUT')
  })

  it('deliberate difference: the push factor cannot be verified here (403 E0000006, no push delivered)', async () => {
    const tx = await signIn(TESS).done
    const push = tx.factors?.find((factor) => factor.factorType === 'push')
    const error = await apiError(push?.verify?.() as never)
    expect(error.errorCode).toBe('E0000006')
    expect(error.xhr?.status).toBe(403)
  })
})

describe('Okta SDK enrolment', () => {
  it.each([
    ['Okta Verify', 'OKTA'],
    ['Google Authenticator', 'GOOGLE'],
  ])(
    '%s: enroll, prev, enroll again, activate with the code of the shared secret',
    async (_, provider) => {
      const { done, page } = signIn(NIA)
      const enrolling = await done
      const first = await totpFactor(enrolling, provider).enroll?.()
      expect(first?.status).toBe('MFA_ENROLL_ACTIVATE')
      expect(first?.factor?.provider).toBe(provider)
      // prev() goes back to the choice, and the secret offered first is dropped.
      const back = await first?.prev?.()
      expect(back?.status).toBe('MFA_ENROLL')
      const activating = await totpFactor(back as AuthnTransaction, provider).enroll?.()
      const activation = activationOf(activating)
      const secret = activation.sharedSecret
      expect(secret).toMatch(/^[A-Z2-7]{32}$/)
      expect(secret).not.toBe(activationOf(first).sharedSecret)
      // The QR link is an <img>: a plain load with no CORS, a PNG.
      const qr = await page.navigate(activation._links.qrcode.href)
      expect(qr.status).toBe(200)
      expect(qr.headers.get('Content-Type')).toBe('image/png')
      const activated = await activating?.activate?.({ passCode: totpCode(secret, tp.clock.now()) })
      expect(activated?.status).toBe('SUCCESS')
      // The next sign-in asks for a code of the new factor.
      const next = await signIn(NIA).done
      expect(next.status).toBe('MFA_REQUIRED')
      expect(totpFactor(next, provider).id).toBe(activating?.factor?.id)
    },
  )

  it('activate with a wrong code: rejects with E0000068; the right one then activates', async () => {
    const activating = await totpFactor(await signIn(NIA).done, 'OKTA').enroll?.()
    const secret = activationOf(activating).sharedSecret
    const wrong = totpCode(secret, tp.clock.now() - 120_000)
    const error = await apiError(activating?.activate?.({ passCode: wrong }) as never)
    expect(error.errorCode).toBe('E0000068')
    const activated = await activating?.activate?.({ passCode: totpCode(secret, tp.clock.now()) })
    expect(activated?.status).toBe('SUCCESS')
  })

  it('an enrolment request for a factor the app does not offer (SMS): the SDK gets 400 E0000001', async () => {
    const tx = await signIn(NIA).done
    const sms = tx.factors?.find((factor) => factor.factorType === 'sms')
    const error = await apiError(
      sms?.enroll?.({ profile: { phoneNumber: '+15555550100' } }) as never,
    )
    expect(error.errorCode).toBe('E0000001')
  })
})

describe('Okta SDK transaction state: resume, status, cancel, expiry', () => {
  it('a reloaded page resumes the stored stateToken with tx.resume() and verifies from there', async () => {
    const started = await signIn(TESS).done
    // A new SDK instance, as after a reload: only the stored stateToken links the two.
    const { sdk } = oktaSdk(tp)
    expect(sdk.tx.exists()).toBe(true)
    const resumed = await sdk.tx.resume()
    expect(resumed.status).toBe('MFA_REQUIRED')
    expect(stateTokenOf(resumed)).toBe(stateTokenOf(started))
    const done = await totpFactor(resumed, 'OKTA').verify?.({ passCode: codeNow(tp, tessSecret()) })
    expect(done?.status).toBe('SUCCESS')
    // SUCCESS carries no stateToken: the SDK forgets the stored one.
    expect(sdk.tx.exists()).toBe(false)
  })

  it('tx.introspect() of the stored stateToken (/api/v1/authn/introspect): the same transaction', async () => {
    const started = await signIn(TESS).done
    const { sdk } = oktaSdk(tp)
    const introspected = await sdk.tx.introspect()
    expect(introspected.status).toBe('MFA_REQUIRED')
    expect(stateTokenOf(introspected)).toBe(stateTokenOf(started))
    await started.cancel?.()
    const error = await apiError(sdk.tx.introspect({ stateToken: stateTokenOf(started) }))
    expect(error.errorCode).toBe('E0000011')
  })

  it('tx.status({stateToken}) answers the transaction in its current state', async () => {
    const activating = await totpFactor(await signIn(NIA).done, 'GOOGLE').enroll?.()
    const { sdk } = oktaSdk(tp)
    const status = (await sdk.tx.status({ stateToken: stateTokenOf(activating) })) as {
      status?: string
      _embedded?: { factor?: { provider?: string } }
    }
    // status() answers the raw body (resume() wraps it in a transaction).
    expect(status.status).toBe('MFA_ENROLL_ACTIVATE')
    expect(status._embedded?.factor?.provider).toBe('GOOGLE')
  })

  it('a stateToken unused for longer than its lifetime: gone from the page (its expiresAt) and 401 E0000011', async () => {
    const started = await signIn(TESS).done
    const { sdk } = oktaSdk(tp)
    clock.advance(tp.platform.config.stateTokenTtlSeconds * 1000 + 1000)
    // The SDK stored it until the transaction's expiresAt, as its cookie would expire.
    expect(sdk.tx.exists()).toBe(false)
    const error = await apiError(sdk.tx.status({ stateToken: stateTokenOf(started) }))
    expect(error.errorCode).toBe('E0000011')
    expect(error.xhr?.status).toBe(401)
  })

  it('a stateToken cancelled in another tab: resume() gets 401 E0000011 and the SDK forgets it', async () => {
    const started = await signIn(TESS).done
    await fetch(`${tp.okta}/api/v1/authn/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ stateToken: stateTokenOf(started) }),
    })
    const { sdk } = oktaSdk(tp)
    expect(sdk.tx.exists()).toBe(true)
    const error = await apiError(sdk.tx.resume())
    expect(error.errorCode).toBe('E0000011')
    expect(sdk.tx.exists()).toBe(false)
  })

  it('using the transaction slides its lifetime: resume just inside it keeps it alive', async () => {
    await signIn(TESS).done
    const { sdk } = oktaSdk(tp)
    const ttlMs = tp.platform.config.stateTokenTtlSeconds * 1000
    clock.advance(ttlMs - 1000)
    expect((await sdk.tx.resume()).status).toBe('MFA_REQUIRED')
    clock.advance(ttlMs - 1000)
    expect((await sdk.tx.resume()).status).toBe('MFA_REQUIRED')
  })

  it('cancel(): the stateToken is dead afterwards and the SDK has nothing to resume', async () => {
    const tx = await signIn(TESS).done
    const stateToken = stateTokenOf(tx)
    await tx.cancel?.()
    const { sdk } = oktaSdk(tp)
    expect(sdk.tx.exists()).toBe(false)
    const error = await apiError(sdk.tx.status({ stateToken }))
    expect(error.errorCode).toBe('E0000011')
  })

  it('a step the state does not allow (prev() on MFA_REQUIRED via its stateToken): 403 E0000079', async () => {
    const tx = await signIn(TESS).done
    const { page } = oktaSdk(tp)
    const response = await page.fetch(`${tp.okta}/api/v1/authn/previous`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ stateToken: stateTokenOf(tx) }),
      credentials: 'include',
    })
    expect(response.status).toBe(403)
    expect(((await response.json()) as { errorCode: string }).errorCode).toBe('E0000079')
  })
})

describe('Okta SDK account situations: unlock and change password', () => {
  const LOU = 'lou.locked@example.com'
  const PIA = 'pia.expired@example.com'

  it('LOCKED_OUT: tx.unlock() by email, the emailed link, then the password signs in', async () => {
    const locked = await signIn(LOU).done
    expect(locked.status).toBe('LOCKED_OUT')
    expect(locked.unlock).toBeTypeOf('function')
    const challenge = await locked.unlock?.({ username: LOU, factorType: 'EMAIL' })
    expect(challenge?.status).toBe('RECOVERY_CHALLENGE')
    const emails = (await (await fetch(`${tp.okta}/__test/emails`)).json()) as {
      to: string
      link: string
    }[]
    expect(emails.map((email) => email.to)).toEqual([LOU])
    const { page } = oktaSdk(tp)
    expect((await page.navigate(emails[0]?.link ?? '')).status).toBe(200)
    expect((await signIn(LOU).done).status).toBe('SUCCESS')
  })

  it('ali.adminlocked: LOCKED_OUT without an unlock link, so the SDK offers no tx.unlock()', async () => {
    const locked = await signIn('ali.adminlocked@example.com').done
    expect(locked.status).toBe('LOCKED_OUT')
    expect(locked.unlock).toBeUndefined()
  })

  it('unlockAccount() for anyone answers the same RECOVERY_CHALLENGE and mails only the locked user', async () => {
    const { sdk } = oktaSdk(tp)
    for (const username of [LOU, 'pat.password@example.com', 'nobody@example.com']) {
      const answer = await sdk.unlockAccount({ username, factorType: 'EMAIL' })
      expect(answer.status).toBe('RECOVERY_CHALLENGE')
    }
    const emails = (await (await fetch(`${tp.okta}/__test/emails`)).json()) as { to: string }[]
    expect(emails.map((email) => email.to)).toEqual([LOU])
  })

  it('PASSWORD_EXPIRED: tx.changePassword() to a password of the policy ends in SUCCESS', async () => {
    const expired = await signIn(PIA).done
    expect(expired.changePassword).toBeTypeOf('function')
    const done = await expired.changePassword?.({
      oldPassword: passwordOf(tp, PIA),
      newPassword: 'Brand-new-password-7',
    })
    expect(done?.status).toBe('SUCCESS')
    const { sdk } = oktaSdk(tp)
    const again = await sdk.signInWithCredentials({
      username: PIA,
      password: 'Brand-new-password-7',
    })
    expect(again.status).toBe('SUCCESS')
  })

  it.each([
    ['a wrong old password', 'not-the-old-one', 'Brand-new-password-7', 'E0000014'],
    ['a new password outside the policy', null, 'short', 'E0000080'],
  ])('changePassword() with %s: the SDK rejects with 403 %s', async (_, old, next, code) => {
    const expired = await signIn(PIA).done
    const error = await apiError(
      expired.changePassword?.({
        oldPassword: old ?? passwordOf(tp, PIA),
        newPassword: next,
      }) as never,
    )
    expect(error.errorCode).toBe(code)
    expect(error.xhr?.status).toBe(403)
  })
})

describe("Okta SDK and Okta's device cookie", () => {
  it('the credentialed Authn calls store DT from the first answer and send it back on the next', async () => {
    const { sdk, page } = oktaSdk(tp)
    const username = 'pat.password@example.com'
    const password = passwordOf(tp, username)
    await sdk.signInWithCredentials({ username, password })
    const device = page.cookies(new URL(tp.okta).hostname).DT
    expect(device).toMatch(/^\S{20,}$/)
    await sdk.signInWithCredentials({ username, password })
    const posts = page.wire.filter((exchange) => exchange.method === 'POST')
    expect(posts[0]?.requestHeaders.cookie).toBeUndefined()
    expect(posts[1]?.requestHeaders.cookie).toBe(`DT=${device}`)
    expect(page.cookies(new URL(tp.okta).hostname).DT).toBe(device)
  })
})

describe('Okta SDK remember device', () => {
  const REMY = 'remy.remember@example.com'
  const remySecret = () =>
    tp.platform.accounts.find((account) => account.email === REMY)?.totpSecret ?? ''

  it('verify({rememberDevice: true}): the same browser (DT) skips MFA next time, another does not', async () => {
    const { sdk, page } = oktaSdk(tp)
    const password = passwordOf(tp, REMY)
    const first = await sdk.signInWithCredentials({ username: REMY, password })
    expect(first.status).toBe('MFA_REQUIRED')
    const done = await totpFactor(first, 'OKTA').verify?.({
      passCode: codeNow(tp, remySecret()),
      rememberDevice: true,
    })
    expect(done?.status).toBe('SUCCESS')
    // The SDK puts rememberDevice in the query string of the verify link.
    const verify = page.wire.find(
      (exchange) => exchange.method === 'POST' && exchange.url.includes('/verify'),
    )
    expect(new URL(verify?.url ?? '').searchParams.get('rememberDevice')).toBe('true')
    expect((await sdk.signInWithCredentials({ username: REMY, password })).status).toBe('SUCCESS')
    const otherBrowser = oktaSdk(tp).sdk
    const elsewhere = await otherBrowser.signInWithCredentials({ username: REMY, password })
    expect(elsewhere.status).toBe('MFA_REQUIRED')
  })
})

describe('Okta SDK from a page the stand-in must refuse', () => {
  it('a page at an untrusted origin: the browser blocks the preflight, the SDK never gets an answer', async () => {
    const page = openBrowserPage('https://evil.example', tp.clock.now)
    const { sdk } = oktaSdk(tp, page)
    const username = 'pat.password@example.com'
    const error = await apiError(
      sdk.signInWithCredentials({ username, password: passwordOf(tp, username) }),
    )
    expect(error.errorSummary).toBe('Failed to fetch')
    expect(page.blocked).toBe('preflight answered 403')
    expect(page.wire.map((exchange) => exchange.method)).toEqual(['OPTIONS'])
  })

  it('the SDK from the app origin never sends a request the browser would block', async () => {
    const { page, done } = signIn(TESS)
    await totpFactor(await done, 'OKTA').verify?.({ passCode: codeNow(tp, tessSecret()) })
    expect(page.blocked).toBeNull()
    expect(page.wire.filter((exchange) => exchange.method === 'POST')).toHaveLength(2)
  })
})

describe('Authn refuses a body that is not declared JSON (no preflight would have guarded it)', () => {
  it.each([
    ['text/plain (a "simple" cross-origin POST)', { 'Content-Type': 'text/plain' }],
    ['application/x-www-form-urlencoded', { 'Content-Type': 'application/x-www-form-urlencoded' }],
    ['no Content-Type', {}],
  ])('%s: 415 E0000021, nothing authenticated', async (_, headers: Record<string, string>) => {
    const username = 'pat.password@example.com'
    const response = await fetch(`${tp.okta}/api/v1/authn`, {
      method: 'POST',
      headers: { Accept: 'application/json', Origin: tp.app, ...headers },
      body: JSON.stringify({ username, password: passwordOf(tp, username) }),
    })
    expect(response.status).toBe(415)
    const body = (await response.json()) as Record<string, unknown>
    expect(body.errorCode).toBe('E0000021')
    expect(body.sessionToken).toBeUndefined()
    // Still readable by the app (CORS headers on the error), as Okta's errors are.
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(tp.app)
  })

  it('application/json; charset=UTF-8 is JSON: accepted', async () => {
    const username = 'pat.password@example.com'
    const response = await fetch(`${tp.okta}/api/v1/authn`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json; charset=UTF-8' },
      body: JSON.stringify({ username, password: passwordOf(tp, username) }),
    })
    expect(response.status).toBe(200)
    expect(((await response.json()) as { status: string }).status).toBe('SUCCESS')
  })

  it('a stateToken sent as text/plain to verify is refused too, and the transaction lives on', async () => {
    const tx = await signIn(TESS).done
    const response = await fetch(`${tp.okta}/api/v1/authn/factors/${TESS_TOTP_FACTOR_ID}/verify`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ stateToken: stateTokenOf(tx), passCode: codeNow(tp, tessSecret()) }),
    })
    expect(response.status).toBe(415)
    const done = await totpFactor(tx, 'OKTA').verify?.({ passCode: codeNow(tp, tessSecret()) })
    expect(done?.status).toBe('SUCCESS')
  })
})

interface Activation {
  readonly sharedSecret: string
  readonly _links: { readonly qrcode: { readonly href: string } }
}

/** The activation object of an MFA_ENROLL_ACTIVATE answer, from the raw body the SDK keeps. */
function activationOf(tx: AuthnTransaction | undefined): Activation {
  const data = rawBody(tx) as {
    _embedded?: { factor?: { _embedded?: { activation?: Activation } } }
  }
  const activation = data._embedded?.factor?._embedded?.activation
  if (!activation) throw new Error(`no activation in ${tx?.status}`)
  return activation
}

/** The raw answer the SDK keeps beside the flattened transaction (`AuthnTransactionImpl.data`). */
function rawBody(tx: AuthnTransaction | undefined): Record<string, unknown> {
  return (tx as { data?: Record<string, unknown> } | undefined)?.data ?? {}
}

/** The transaction's stateToken (the SDK takes it off the flattened object). */
function stateTokenOf(tx: AuthnTransaction | undefined): string {
  const stateToken = rawBody(tx).stateToken
  if (typeof stateToken !== 'string') throw new Error(`no stateToken in ${tx?.status}`)
  return stateToken
}

function tessSecret(): string {
  return tp.platform.accounts.find((account) => account.email === TESS)?.totpSecret ?? ''
}
