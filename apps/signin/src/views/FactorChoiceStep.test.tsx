import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import {
  FACTOR_ID,
  QR_DATA_URL,
  SECRETS,
  authnSuccess,
  enrollActivate,
  json,
  mfaEnroll,
  oktaError,
} from '../testing/oktaBodies'
import { startTestApp } from '../testing/harness'
import type { Responder } from '../testing/harness'

const EMAIL = 'nia.enroll@example.com'
const ACTIVATE_PATH = `/api/v1/authn/factors/${FACTOR_ID}/lifecycle/activate`

/** Signs in with a password to an account that must set up an authenticator. */
async function atFactorChoice(
  respond: Responder = (request) =>
    request.path === '/api/v1/authn/factors' ? enrollActivate('OKTA') : mfaEnroll(),
  clipboard?: { writeText: (text: string) => Promise<void> },
) {
  const user = userEvent.setup()
  const app = await startTestApp({
    url: '/#sign-in',
    historyEmail: EMAIL,
    respond,
    ...(clipboard ? { clipboard } : {}),
  })
  await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
  await screen.findByRole('heading', { name: 'Set up multi-factor authentication' })
  return { app, user }
}

describe('FactorChoiceStep', () => {
  it('on MFA_ENROLL: offers only the TOTP apps the provider lists as NOT_SETUP', async () => {
    await atFactorChoice()
    expect(window.location.hash).toBe('#setup')
    expect(screen.getByText('Choose an authenticator app to continue')).toBeTruthy()
    const options = screen.getAllByRole('button', { name: /Okta Verify|Google Authenticator/ })
    expect(options.map((option) => option.textContent)).toEqual([
      expect.stringContaining('Okta Verify'),
      expect.stringContaining('Google Authenticator'),
    ])
    await waitFor(() => expect(document.activeElement).toBe(options[0]))
    expect(screen.queryByText(/SMS/i)).toBeNull()
  })

  it("names each option exactly by its app's name, the description attached with aria-describedby", async () => {
    await atFactorChoice()
    const okta = screen.getByRole('button', {
      name: 'Okta Verify',
      description: 'Okta’s authenticator app for iPhone and Android',
    })
    const google = screen.getByRole('button', {
      name: 'Google Authenticator',
      description: 'Google’s authenticator app for iPhone and Android',
    })
    for (const option of [okta, google]) {
      const described = document.getElementById(option.getAttribute('aria-describedby') ?? '')
      expect(described?.textContent).toMatch(/authenticator app for iPhone and Android$/)
    }
  })

  it('on a choice: enrols it, shows progress on it and makes the other inert', async () => {
    let answer: (response: Response) => void = () => undefined
    const { app, user } = await atFactorChoice((request) =>
      request.path === '/api/v1/authn/factors'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : mfaEnroll(),
    )
    await user.click(screen.getByRole('button', { name: /Google Authenticator/ }))
    await waitFor(() => expect(app.requestsTo('/api/v1/authn/factors')).toHaveLength(1))
    expect(JSON.parse(app.requestsTo('/api/v1/authn/factors')[0]?.body ?? '')).toEqual({
      stateToken: SECRETS.stateToken,
      factorType: 'token:software:totp',
      provider: 'GOOGLE',
    })
    const google = screen.getByRole('button', { name: /Google Authenticator/ })
    expect(google.getAttribute('aria-busy')).toBe('true')
    expect(google.textContent).toContain('Setting up…')
    expect(screen.getByRole('button', { name: /Okta Verify/ })).toHaveProperty('disabled', true)
    answer(enrollActivate('GOOGLE'))
    expect(await screen.findByRole('heading', { name: 'Scan the QR code' })).toBeTruthy()
  })

  it('on an enrolment failure: stays with the message and lets the person choose again', async () => {
    const { user } = await atFactorChoice((request) =>
      request.path === '/api/v1/authn/factors' ? oktaError('E0000001', 400) : mfaEnroll(),
    )
    await user.click(screen.getByRole('button', { name: /Okta Verify/ }))
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to enroll factor')
    expect(screen.getByRole('button', { name: /Okta Verify/ })).toHaveProperty('disabled', false)
  })
})

describe('QrEnrollStep', () => {
  it('on MFA_ENROLL_ACTIVATE: shows the QR image, the grouped secret and the code entry', async () => {
    const { user } = await atFactorChoice()
    await user.click(screen.getByRole('button', { name: /Okta Verify/ }))
    expect(await screen.findByRole('heading', { name: 'Scan the QR code' })).toBeTruthy()
    expect(window.location.hash).toBe('#activate')
    const qr = screen.getByRole('img', { name: 'QR code to add your account to Okta Verify' })
    expect(qr.getAttribute('src')).toBe(QR_DATA_URL)
    expect(qr.getAttribute('width')).toBe('184')
    expect(qr.getAttribute('height')).toBe('184')
    expect(screen.getByText('KBMT M32U JZSX Q2DW K4YT KOBT GQ')).toBeTruthy()
    expect(
      screen.getByText('Setup key: K B M T, M 3 2 U, J Z S X, Q 2 D W, K 4 Y T, K O B T, G Q'),
    ).toBeTruthy()
    const group = screen.getByRole('group', { name: 'Enter verification code' })
    expect(within(group).getAllByRole('textbox')).toHaveLength(6)
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy()
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Digit 1 of 6' })),
    )
  })

  it('offers the same key as an otpauth:// link for an authenticator app on this device', async () => {
    const { user } = await atFactorChoice()
    await user.click(screen.getByRole('button', { name: /Okta Verify/ }))
    const link = await screen.findByRole('link', {
      name: 'Add to an authenticator app on this device',
    })
    expect(link.getAttribute('href')).toBe(
      `otpauth://totp/Mapping%20Platform:nia.enroll%40example.com?secret=${SECRETS.sharedSecret}&issuer=Mapping%20Platform`,
    )
  })

  it('offers no same-device link when the provider sends a key that is not base32', async () => {
    const user = userEvent.setup()
    // The recorded body with its key replaced: the page still enrols, with the QR and the key.
    const body = JSON.stringify(await enrollActivate('GOOGLE').json()).replace(
      SECRETS.sharedSecret,
      'not-a-base32-key',
    )
    await startTestApp({
      url: '/#sign-in',
      historyEmail: EMAIL,
      respond: (request) =>
        request.path === '/api/v1/authn/factors' ? json(JSON.parse(body)) : mfaEnroll(),
    })
    await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
    await user.click(await screen.findByRole('button', { name: /Google Authenticator/ }))
    await screen.findByRole('heading', { name: 'Scan the QR code' })
    expect(screen.getByRole('button', { name: 'Copy key' })).toBeTruthy()
    expect(
      screen.queryByRole('link', { name: 'Add to an authenticator app on this device' }),
    ).toBeNull()
  })

  it('on Copy key: copies the secret without spaces and announces it', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    const { user } = await atFactorChoice(undefined, { writeText })
    await user.click(screen.getByRole('button', { name: /Okta Verify/ }))
    await user.click(await screen.findByRole('button', { name: 'Copy key' }))
    expect(writeText).toHaveBeenCalledWith(SECRETS.sharedSecret)
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe('Copied'),
    )
  })

  it('on Copy key without clipboard access: says so and selects the key instead', async () => {
    const writeText = vi.fn(() => Promise.reject(new Error('denied')))
    const { user } = await atFactorChoice(undefined, { writeText })
    await user.click(screen.getByRole('button', { name: /Okta Verify/ }))
    await user.click(await screen.findByRole('button', { name: 'Copy key' }))
    await waitFor(() =>
      expect(within(screen.getByRole('main')).getByRole('status').textContent).toBe(
        'Could not copy. Select the key and copy it instead.',
      ),
    )
    expect(document.getSelection()?.toString().replace(/\s/g, '')).toBe(SECRETS.sharedSecret)
  })

  it('on the six digits: activates the factor once, then shows the code step verifying', async () => {
    const respond: Responder = (request) => {
      if (request.path === '/api/v1/authn/factors') return enrollActivate('OKTA')
      if (request.path === ACTIVATE_PATH) return authnSuccess()
      return mfaEnroll()
    }
    const { app, user } = await atFactorChoice(respond)
    await user.click(screen.getByRole('button', { name: /Okta Verify/ }))
    await screen.findByRole('heading', { name: 'Scan the QR code' })
    await user.keyboard('246810')
    await screen.findByRole('button', { name: 'Verifying...' })
    expect(app.requestsTo(ACTIVATE_PATH)).toHaveLength(1)
    expect(JSON.parse(app.requestsTo(ACTIVATE_PATH)[0]?.body ?? '')).toEqual({
      stateToken: SECRETS.stateToken,
      passCode: '246810',
    })
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Enter verification code' })).toBeTruthy(),
    )
    // The secret is off the screen once the factor is active.
    expect(screen.queryByText(/KBMT/)).toBeNull()
  })

  it('on a wrong activation code: clears the boxes and shows the activation message', async () => {
    const respond: Responder = (request) => {
      if (request.path === '/api/v1/authn/factors') return enrollActivate('OKTA')
      if (request.path === ACTIVATE_PATH) return oktaError('E0000068', 403)
      return mfaEnroll()
    }
    const { user } = await atFactorChoice(respond)
    await user.click(screen.getByRole('button', { name: /Okta Verify/ }))
    await screen.findByRole('heading', { name: 'Scan the QR code' })
    await user.keyboard('000000')
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid verification code')
    const first = screen.getByRole('textbox', { name: 'Digit 1 of 6' }) as HTMLInputElement
    expect(first.value).toBe('')
    await waitFor(() => expect(document.activeElement).toBe(first))
  })
})
