/**
 * Expired passwords, locked accounts and remembered devices: the dev platform answers
 * `change_password` and `recovery/unlock` as Okta documents them, and its mailbox holds the
 * unlock email with a link that unlocks the account.
 */
import { describe, expect, it } from 'vitest'
import { REMY_TOTP_FACTOR_ID, REMY_TOTP_SECRET } from './accounts'
import { codeNow, postJson, primaryAuth, useTestPlatform } from './testing/testPlatform'

const tp = useTestPlatform()

const PIA = 'pia.expired@example.com'
const PIA_PASSWORD = 'Password-expired-1'
const LOU = 'lou.locked@example.com'
const ALI = 'ali.adminlocked@example.com'
const REMY = 'remy.remember@example.com'

async function expiredTransaction(): Promise<string> {
  const { body } = await primaryAuth(tp, PIA, PIA_PASSWORD)
  expect(body.status).toBe('PASSWORD_EXPIRED')
  return body.stateToken as string
}

const changePassword = (body: Record<string, unknown>) =>
  postJson(`${tp.okta}/api/v1/authn/credentials/change_password`, body)

describe('POST /api/v1/authn/credentials/change_password', () => {
  it('shows the policy with PASSWORD_EXPIRED, as the fixture does', async () => {
    const { body } = await primaryAuth(tp, PIA, PIA_PASSWORD)
    expect(body._embedded).toMatchObject({
      policy: {
        complexity: {
          minLength: 8,
          minLowerCase: 1,
          minUpperCase: 1,
          minNumber: 1,
          minSymbol: 0,
          excludeUsername: true,
          excludeAttributes: ['firstName', 'lastName'],
        },
      },
    })
    expect(body._links).toMatchObject({
      next: {
        name: 'changePassword',
        href: `${tp.okta}/api/v1/authn/credentials/change_password`,
      },
    })
  })

  it('with the right current password and a new one inside the policy: SUCCESS, and the new password signs in', async () => {
    const stateToken = await expiredTransaction()
    const changed = await changePassword({
      stateToken,
      oldPassword: PIA_PASSWORD,
      newPassword: 'Fresh-start-22',
    })
    expect(changed.status).toBe(200)
    expect(changed.body.status).toBe('SUCCESS')
    expect(changed.body.sessionToken).toEqual(expect.any(String))
    expect((await primaryAuth(tp, PIA, 'Fresh-start-22')).body.status).toBe('SUCCESS')
    expect((await primaryAuth(tp, PIA, PIA_PASSWORD)).status).toBe(401)
  })

  it('with a wrong current password: 403 E0000014 naming oldPassword, and the transaction lives on', async () => {
    const stateToken = await expiredTransaction()
    const wrong = await changePassword({
      stateToken,
      oldPassword: 'not-it',
      newPassword: 'Fresh-start-22',
    })
    expect(wrong.status).toBe(403)
    expect(wrong.body).toMatchObject({
      errorCode: 'E0000014',
      errorSummary: 'Update of credentials failed',
      errorCauses: [{ errorSummary: 'oldPassword: The credentials provided were incorrect.' }],
    })
    const retry = await changePassword({
      stateToken,
      oldPassword: PIA_PASSWORD,
      newPassword: 'Fresh-start-22',
    })
    expect(retry.body.status).toBe('SUCCESS')
  })

  it.each([
    ['too short', 'Ab-1'],
    ['no uppercase letter', 'fresh-start-22'],
    ['no number', 'Fresh-start-xx'],
    ['the first name', 'Pia-Rocks-2024'],
    ['the username', 'Xpia.expired-9A'],
  ])(
    'with a new password outside the policy (%s): 403 E0000080 with the policy as its cause',
    async (_, newPassword) => {
      const stateToken = await expiredTransaction()
      const refused = await changePassword({ stateToken, oldPassword: PIA_PASSWORD, newPassword })
      expect(refused.status).toBe(403)
      expect(refused.body).toMatchObject({
        errorCode: 'E0000080',
        errorLink: 'E0000080',
        errorCauses: [
          {
            errorSummary:
              'Passwords must have at least 8 characters, a lowercase letter, an uppercase letter, a number, no parts of your username',
          },
        ],
      })
    },
  )

  it('with the current password again: 403 E0000014, used too recently', async () => {
    const stateToken = await expiredTransaction()
    const nhs = PIA_PASSWORD
    const refused = await changePassword({ stateToken, oldPassword: nhs, newPassword: nhs })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({
      errorCode: 'E0000014',
      errorCauses: [{ errorSummary: 'password: Password has been used too recently' }],
    })
  })

  it('with an unknown stateToken: 401 E0000011; in another state: 403 E0000079', async () => {
    const unknown = await changePassword({
      stateToken: 'nope',
      oldPassword: PIA_PASSWORD,
      newPassword: 'Fresh-start-22',
    })
    expect(unknown.status).toBe(401)
    expect(unknown.body.errorCode).toBe('E0000011')
    const mfa = await primaryAuth(tp, 'tess.totp@example.com', 'Totp-enrolled-1')
    const wrongState = await changePassword({
      stateToken: mfa.body.stateToken,
      oldPassword: 'Totp-enrolled-1',
      newPassword: 'Fresh-start-22',
    })
    expect(wrongState.status).toBe(403)
    expect(wrongState.body.errorCode).toBe('E0000079')
  })
})

describe('POST /api/v1/authn/recovery/unlock', () => {
  const unlock = (username: unknown, factorType: unknown = 'EMAIL') =>
    postJson(`${tp.okta}/api/v1/authn/recovery/unlock`, { username, factorType })
  const RECOVERY_CHALLENGE = {
    status: 'RECOVERY_CHALLENGE',
    factorResult: 'WAITING',
    factorType: 'EMAIL',
    recoveryType: 'UNLOCK',
  }

  it('answers the same RECOVERY_CHALLENGE for a locked, an unlocked, an admin-only and an unknown user', async () => {
    for (const username of [LOU, 'pat.password@example.com', ALI, 'nobody@example.com']) {
      const { status, body } = await unlock(username)
      expect(status).toBe(200)
      expect(body).toEqual(RECOVERY_CHALLENGE)
    }
    const emails = (await (await fetch(`${tp.okta}/__test/emails`)).json()) as { to: string }[]
    expect(emails.map((email) => email.to)).toEqual([LOU])
  })

  it('refuses a body without a username or with another factorType: 400 E0000001', async () => {
    expect((await unlock(undefined)).body.errorCode).toBe('E0000001')
    const sms = await unlock(LOU, 'SMS')
    expect(sms.status).toBe(400)
    expect(sms.body.errorCode).toBe('E0000001')
  })

  it('publishes the unlock link only when the policy allows self-service unlock', async () => {
    const lou = await primaryAuth(tp, LOU, 'Locked-out-1')
    expect(lou.body._links).toMatchObject({ next: { name: 'unlock' } })
    const ali = await primaryAuth(tp, ALI, 'Locked-admin-1')
    expect(ali.body.status).toBe('LOCKED_OUT')
    expect(ali.body._links).not.toHaveProperty('next')
  })

  it('emails a link that unlocks the account once; the test-controls page shows it', async () => {
    await unlock(LOU)
    const page = await (await fetch(`${tp.okta}/__test`)).text()
    const link = /href="([^"]+\/signin\/unlock\/[^"]+)"/.exec(page)?.[1]
    expect(link).toBeDefined()
    expect(page).toContain(`Unlock ${LOU}`)
    const opened = await fetch(link as string)
    expect(opened.status).toBe(200)
    expect(await opened.text()).toContain('Your account is unlocked')
    expect((await primaryAuth(tp, LOU, 'Locked-out-1')).body.status).toBe('SUCCESS')
    const again = await fetch(link as string)
    expect(again.status).toBe(410)
  })

  it('does not honour an unlock link after an hour', async () => {
    await unlock(LOU)
    const [email] = (await (await fetch(`${tp.okta}/__test/emails`)).json()) as { link: string }[]
    tp.clock.advance(60 * 60_000 + 1)
    expect((await fetch(email?.link ?? '')).status).toBe(410)
    expect((await primaryAuth(tp, LOU, 'Locked-out-1')).body.status).toBe('LOCKED_OUT')
  })
})

describe('the remember-device account', () => {
  it('offers remembering the device for 7 days in its MFA policy', async () => {
    const { body } = await primaryAuth(tp, 'remy.remember@example.com', 'Remember-device-1')
    expect(body.status).toBe('MFA_REQUIRED')
    expect(body._embedded).toMatchObject({
      policy: {
        allowRememberDevice: true,
        rememberDeviceLifetimeInMinutes: 10080,
        rememberDeviceByDefault: false,
      },
    })
    expect(codeNow(tp, REMY_TOTP_SECRET)).toMatch(/^\d{6}$/)
  })

  /** Signs Remy in with this browser's cookie; answers the status and the browser's cookie. */
  async function signInRemy(cookie: string | null, remember: boolean | null) {
    const headers: Record<string, string> = cookie ? { Cookie: cookie } : {}
    const first = await postJson(
      `${tp.okta}/api/v1/authn`,
      { username: REMY, password: 'Remember-device-1' },
      headers,
    )
    const jar = cookie ?? /^(DT=[^;]+)/.exec(first.headers.get('Set-Cookie') ?? '')?.[1] ?? null
    if (first.body.status !== 'MFA_REQUIRED' || remember === null)
      return { status: first.body.status, cookie: jar }
    const query = remember ? '?rememberDevice=true' : ''
    const verified = await postJson(
      `${tp.okta}/api/v1/authn/factors/${REMY_TOTP_FACTOR_ID}/verify${query}`,
      { stateToken: first.body.stateToken, passCode: codeNow(tp, REMY_TOTP_SECRET) },
      jar ? { Cookie: jar } : {},
    )
    return { status: verified.body.status, cookie: jar }
  }

  it('with rememberDevice=true: that browser skips MFA within 7 days; another browser does not', async () => {
    const laptop = await signInRemy(null, true)
    expect(laptop.status).toBe('SUCCESS')
    expect(laptop.cookie).toMatch(/^DT=/)
    expect((await signInRemy(laptop.cookie, null)).status).toBe('SUCCESS')
    expect((await signInRemy(null, null)).status).toBe('MFA_REQUIRED')
    tp.clock.advance(7 * 24 * 60 * 60_000 + 1)
    expect((await signInRemy(laptop.cookie, null)).status).toBe('MFA_REQUIRED')
  })

  it('without rememberDevice, or for a user whose policy does not allow it: MFA every time', async () => {
    const laptop = await signInRemy(null, false)
    expect(laptop.status).toBe('SUCCESS')
    tp.clock.advance(31_000)
    expect((await signInRemy(laptop.cookie, null)).status).toBe('MFA_REQUIRED')
  })
})
