/**
 * The account situations on screen: labels, focus on step change, announcements, and what is
 * sent (through the whole app, with a fake identity provider).
 */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { startTestApp } from '../testing/harness'
import { accessClaims, createTestAuthorizationServer } from '../testing/testAuthorizationServer'
import type { Responder } from '../testing/harness'
import { json, mfaRequired, oktaError, SECRETS } from '../testing/oktaBodies'

const PASSWORD_EXPIRED = {
  status: 'PASSWORD_EXPIRED',
  stateToken: SECRETS.stateToken,
  expiresAt: '2030-01-01T00:00:00.000Z',
  _embedded: {
    user: { profile: { login: 'pia@example.com', firstName: 'Pia', lastName: 'Expired' } },
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
  },
  _links: {
    next: {
      name: 'changePassword',
      href: 'https://login.example.com/api/v1/authn/credentials/change_password',
    },
  },
}

async function toPassword(email: string, respond: Responder) {
  const user = userEvent.setup()
  const app = await startTestApp({ url: '/#sign-in', historyEmail: email, respond })
  await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
  return { user, app }
}

describe('expired password', () => {
  it('labels the three fields, focuses the current one, ties the rules to the new one, and announces a rule once met', async () => {
    const { user } = await toPassword('pia@example.com', () => json(PASSWORD_EXPIRED))
    const current = await screen.findByLabelText('Current password')
    await waitFor(() => expect(document.activeElement).toBe(current))
    expect(current.getAttribute('autocomplete')).toBe('current-password')
    const fresh = screen.getByLabelText('New password')
    expect(fresh.getAttribute('autocomplete')).toBe('new-password')
    expect(screen.getByLabelText('Confirm new password').getAttribute('autocomplete')).toBe(
      'new-password',
    )
    const rules = document.getElementById(fresh.getAttribute('aria-describedby') ?? '')
    expect(rules?.textContent).toContain('At least 8 characters')
    expect(rules?.textContent).toContain('Not your first name')
    await user.type(fresh, 'a')
    await waitFor(() =>
      expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
        'Done: At least 1 lowercase letter',
      ),
    )
    // A key that meets no new rule announces nothing new.
    await user.type(fresh, 'b')
    expect(document.querySelector('[aria-live="polite"]')?.textContent).toBe(
      'Done: At least 1 lowercase letter',
    )
  })

  it('sends change_password to the org and shows Okta’s refusal in the product’s words', async () => {
    let calls = 0
    const { user, app } = await toPassword('pia@example.com', (request) => {
      if (request.path.endsWith('/change_password'))
        return json(
          {
            errorCode: 'E0000014',
            errorSummary: 'Update of credentials failed',
            errorCauses: [
              { errorSummary: 'oldPassword: The credentials provided were incorrect.' },
            ],
          },
          403,
        )
      calls += 1
      return json(PASSWORD_EXPIRED)
    })
    await user.type(await screen.findByLabelText('Current password'), 'Old-pass-1')
    await user.type(screen.getByLabelText('New password'), 'Fresh-start-22')
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh-start-22{Enter}')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your current password is incorrect. Please try again.',
    )
    const [sent] = app.requestsTo('/api/v1/authn/credentials/change_password')
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      stateToken: SECRETS.stateToken,
      oldPassword: 'Old-pass-1',
      newPassword: 'Fresh-start-22',
    })
    expect(calls).toBe(1)
  })

  it('refuses a confirmation that differs without sending anything', async () => {
    const { user, app } = await toPassword('pia@example.com', () => json(PASSWORD_EXPIRED))
    await user.type(await screen.findByLabelText('Current password'), 'Old-pass-1')
    await user.type(screen.getByLabelText('New password'), 'Fresh-start-22')
    await user.type(screen.getByLabelText('Confirm new password'), 'Fresh-start-23{Enter}')
    expect((await screen.findByRole('alert')).textContent).toContain('not the same')
    expect(app.requestsTo('/api/v1/authn/credentials/change_password')).toEqual([])
  })
})

describe('locked account', () => {
  const lockedOut = (unlock: boolean) =>
    json({
      status: 'LOCKED_OUT',
      _embedded: {},
      _links: unlock
        ? {
            next: {
              name: 'unlock',
              href: 'https://login.example.com/api/v1/authn/recovery/unlock',
            },
          }
        : {},
    })

  it('offers Unlock account (focused), then "Check your email" (heading focused)', async () => {
    const { user, app } = await toPassword('lou@example.com', (request) =>
      request.path.endsWith('/recovery/unlock')
        ? json({
            status: 'RECOVERY_CHALLENGE',
            factorResult: 'WAITING',
            factorType: 'EMAIL',
            recoveryType: 'UNLOCK',
          })
        : lockedOut(true),
    )
    expect(await screen.findByRole('heading', { name: 'Your account is locked' })).toBeTruthy()
    const unlock = await screen.findByRole('button', { name: 'Unlock account' })
    await waitFor(() => expect(document.activeElement).toBe(unlock))
    await user.click(unlock)
    const heading = await screen.findByRole('heading', { name: 'Check your email' })
    await waitFor(() => expect(document.activeElement).toBe(heading))
    expect(document.body.textContent).toContain('If lou@example.com belongs to an account')
    const [sent] = app.requestsTo('/api/v1/authn/recovery/unlock')
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({
      username: 'lou@example.com',
      factorType: 'EMAIL',
    })
  })

  it('without self-service unlock: says to contact an administrator, no Unlock button', async () => {
    await toPassword('ali@example.com', () => lockedOut(false))
    expect(await screen.findByText(/contact your administrator/)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Unlock account' })).toBeNull()
  })
})

describe('remember this device', () => {
  it('shows the checkbox worded from the lifetime and sends rememberDevice=true when ticked', async () => {
    const body = (await mfaRequired().json()) as Record<string, Record<string, unknown>>
    body._embedded = {
      ...body._embedded,
      policy: {
        allowRememberDevice: true,
        rememberDeviceLifetimeInMinutes: 10080,
        rememberDeviceByDefault: false,
      },
    }
    const { user, app } = await toPassword('remy@example.com', (request) =>
      request.path.includes('/verify') ? oktaError('E0000068', 403) : json(body),
    )
    const box = await screen.findByRole('checkbox', {
      name: /^Don’t ask for a code on this device for 7\sdays$/,
    })
    expect((box as HTMLInputElement).checked).toBe(false)
    // The lifetime is one unit: no line break between "7" and "days".
    expect(box.closest('label')?.textContent).toBe(
      'Don’t ask for a code on this device for 7\u00a0days',
    )
    await user.click(box)
    await user.click(screen.getByLabelText('Digit 1 of 6'))
    await user.keyboard(SECRETS.passCode)
    const verifies = () => app.requests.filter((request) => request.path.endsWith('/verify'))
    await waitFor(() => expect(verifies()).toHaveLength(1))
    expect(verifies()[0]?.url).toMatch(/\/verify\?rememberDevice=true$/)
  })
})

describe('rate limits', () => {
  it('keeps Sign in disabled with a countdown until X-Rate-Limit-Reset, then says so once', async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 2)
    const { app } = await toPassword('ray@example.com', () =>
      oktaError('E0000047', 429, { 'X-Rate-Limit-Reset': reset }),
    )
    const button = await screen.findByRole('button', { name: /^Try again in 0:0[1-3]$/ })
    expect((button as HTMLButtonElement).disabled).toBe(true)
    expect((await screen.findByRole('alert')).textContent).toContain('Too many attempts')
    const again = await screen.findByRole('button', { name: 'Sign in' }, { timeout: 4000 })
    expect((again as HTMLButtonElement).disabled).toBe(false)
    expect(screen.getByText('You can try again now.')).toBeTruthy()
    expect(app.requestsTo('/api/v1/authn')).toHaveLength(1)
  })
})

describe('already signed in', () => {
  it('asks who continues; Sign in with a different account revokes, clears the cookies and shows the email step', async () => {
    const server = await createTestAuthorizationServer()
    const accessToken = await server.sign(accessClaims())
    document.cookie = `access_token=${accessToken}; domain=.example.com; path=/; secure`
    document.cookie = `refresh_token=${SECRETS.refreshToken}; domain=.example.com; path=/; secure`
    const user = userEvent.setup()
    const app = await startTestApp({ respond: server.respond() })
    // By its text: jsdom has no layout, so its accessible name spaces out the address's parts
    // (the e2e checks the name in Chromium).
    const heading = await screen.findByRole('heading', { level: 1, name: /^You’re signed in as/ })
    expect(heading.textContent).toBe('You’re signed in as pat@example.com')
    const proceed = screen.getByRole('button', { name: 'Continue' })
    await waitFor(() => expect(document.activeElement).toBe(proceed))
    expect(app.navigations).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Sign in with a different account' }))
    expect(await screen.findByLabelText('Email')).toBeTruthy()
    expect(document.cookie).not.toContain('access_token=')
    expect(document.cookie).not.toContain('refresh_token=')
    // Both tokens are revoked, as the sub-sites' signOut revokes them.
    const revoked = app
      .requestsTo('/oauth2/default/v1/revoke')
      .map((request) => Object.fromEntries(new URLSearchParams(request.body)))
    expect(revoked).toHaveLength(2)
    expect(revoked).toContainEqual(
      expect.objectContaining({ token: SECRETS.refreshToken, token_type_hint: 'refresh_token' }),
    )
    expect(revoked).toContainEqual(
      expect.objectContaining({ token: accessToken, token_type_hint: 'access_token' }),
    )
    await act(async () => undefined)
  })
  it('keeps a long address whole as one left-to-right unit that may break only before "@" and "."', async () => {
    const long = 'maximilian.alexander.featherstonehaugh@mapsdepartment.example.com'
    const server = await createTestAuthorizationServer()
    const accessToken = await server.sign(accessClaims({ sub: '00u1', email: long }))
    document.cookie = `access_token=${accessToken}; domain=.example.com; path=/; secure`
    await startTestApp({ respond: server.respond() })
    const heading = await screen.findByRole('heading', { level: 1, name: /^You’re signed in as/ })
    expect(heading.textContent).toBe(`You’re signed in as ${long}`)
    const address = heading.querySelector('.step__who')
    expect(address?.textContent).toBe(long)
    expect(address?.getAttribute('dir')).toBe('ltr')
    // The break opportunities, as the HTML says them: a <wbr> (|) before each "@" and ".".
    const marked = [...(address?.childNodes ?? [])]
      .map((node) => (node.nodeName === 'WBR' ? '|' : node.textContent))
      .join('')
    expect(marked).toBe('maximilian|.alexander|.featherstonehaugh|@mapsdepartment|.example|.com')
    expect(heading.firstChild?.textContent).toBe('You’re signed in as ')
    document.cookie = 'access_token=; domain=.example.com; path=/; max-age=0'
    await act(async () => undefined)
  })
})
