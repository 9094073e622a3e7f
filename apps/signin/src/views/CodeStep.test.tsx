import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FACTOR_ID, SECRETS, authnSuccess, mfaRequired, oktaError } from '../testing/oktaBodies'
import { startTestApp } from '../testing/harness'
import type { RecordedRequest } from '../testing/harness'

const EMAIL = 'tess.totp@example.com'
const VERIFY_PATH = `/api/v1/authn/factors/${FACTOR_ID}/verify`

type VerifyAnswer = (request: RecordedRequest) => Response | Promise<Response>

/** Signs in with a password to an account that needs a TOTP code. */
async function atCodeStep(verify: VerifyAnswer = () => oktaError('E0000068', 403)) {
  const user = userEvent.setup()
  const app = await startTestApp({
    url: '/#sign-in',
    historyEmail: EMAIL,
    respond: (request) => (request.path === VERIFY_PATH ? verify(request) : mfaRequired()),
  })
  await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
  await screen.findByRole('heading', { name: 'Enter verification code' })
  return { app, user }
}

function boxes(): HTMLInputElement[] {
  return [1, 2, 3, 4, 5, 6].map(
    (n) => screen.getByRole('textbox', { name: `Digit ${n} of 6` }) as HTMLInputElement,
  )
}

function values(): string {
  return boxes()
    .map((box) => box.value || '_')
    .join('')
}

afterEach(() => {
  vi.useRealTimers()
})

describe('CodeStep', () => {
  it('on a rate-limited verify: says so, keeps the digits unmarked (the code is not wrong), counts down on a disabled button', async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 30)
    const { user } = await atCodeStep(() =>
      oktaError('E0000047', 429, { 'X-Rate-Limit-Reset': reset }),
    )
    await user.click(boxes()[0]!)
    await user.keyboard(SECRETS.passCode)
    expect(await screen.findByRole('alert')).toBeTruthy()
    const wait = await screen.findByRole('button', { name: /^Try again in 0:[23]\d$/ })
    expect(wait).toHaveProperty('disabled', true)
    expect(values()).toBe(SECRETS.passCode)
    for (const box of boxes()) expect(box.hasAttribute('aria-invalid')).toBe(false)
  })

  it('on MFA_REQUIRED: shows the code screen with its exact texts and six labelled boxes', async () => {
    await atCodeStep()
    expect(window.location.hash).toBe('#verify')
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy()
    const group = screen.getByRole('group', { name: 'Enter verification code' })
    expect(group.getAttribute('aria-describedby')).toBe('code-instruction')
    const all = boxes()
    expect(all).toHaveLength(6)
    for (const box of all) {
      expect(group.contains(box)).toBe(true)
      expect(box.getAttribute('inputmode')).toBe('numeric')
      expect(box.getAttribute('autocomplete')).toBe('one-time-code')
      expect(box.hasAttribute('maxlength')).toBe(false)
      expect(box.hasAttribute('aria-invalid')).toBe(false)
    }
    expect(all.map((box) => box.tabIndex)).toEqual([0, -1, -1, -1, -1, -1])
    await waitFor(() => expect(document.activeElement).toBe(all[0]))
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true)
  })

  it('on typing: strips non-digits and advances box by box', async () => {
    const { user } = await atCodeStep()
    await user.keyboard('1a2 -3')
    expect(values()).toBe('123___')
    expect(document.activeElement).toBe(boxes()[3])
    expect(boxes().map((box) => box.tabIndex)).toEqual([-1, -1, -1, 0, -1, -1])
  })

  it('on Backspace, Delete, arrows, Home and End: edits and moves between boxes', async () => {
    const { user } = await atCodeStep()
    await user.keyboard('1234')
    expect(document.activeElement).toBe(boxes()[4])
    // Backspace in an empty box clears the one before and moves there.
    await user.keyboard('{Backspace}')
    expect(values()).toBe('123___')
    expect(document.activeElement).toBe(boxes()[3])
    // Backspace in a filled box clears it and stays.
    await user.keyboard('{ArrowLeft}{Backspace}')
    expect(values()).toBe('12____')
    expect(document.activeElement).toBe(boxes()[2])
    await user.keyboard('{ArrowLeft}{Delete}')
    expect(values()).toBe('1_____')
    expect(document.activeElement).toBe(boxes()[1])
    await user.keyboard('{ArrowRight}')
    expect(document.activeElement).toBe(boxes()[2])
    await user.keyboard('{End}')
    expect(document.activeElement).toBe(boxes()[5])
    await user.keyboard('{Home}')
    expect(document.activeElement).toBe(boxes()[0])
    await user.keyboard('9')
    expect(values()).toBe('9_____')
    expect(document.activeElement).toBe(boxes()[1])
  })

  it.each([1, 3])('on a whole code pasted into box %i: fills all six', async (box) => {
    const { app, user } = await atCodeStep(() => new Promise<Response>(() => undefined))
    boxes()[box - 1]?.focus()
    await user.paste('Your code: 123 456')
    expect(values()).toBe('123456')
    await waitFor(() => expect(app.requestsTo(VERIFY_PATH)).toHaveLength(1))
  })

  it('on full-width digits typed (a Japanese IME): each box takes the ASCII digit', async () => {
    const { user } = await atCodeStep()
    await user.keyboard('\uFF11\uFF12\uFF13')
    expect(values()).toBe('123___')
    expect(document.activeElement).toBe(boxes()[3])
  })

  it.each([
    ['Arabic-Indic', '\u0664\u0668\u0662 \u0669\u0661\u0663'],
    ['Eastern Arabic-Indic', '\u06F4\u06F8\u06F2 \u06F9\u06F1\u06F3'],
    ['full-width', '\uFF14\uFF18\uFF12 \uFF19\uFF11\uFF13'],
  ])('on a whole %s code pasted: verifies it as ASCII digits', async (_script, code) => {
    const { app, user } = await atCodeStep(() => new Promise<Response>(() => undefined))
    boxes()[0]?.focus()
    await user.paste(code)
    expect(values()).toBe('482913')
    await waitFor(() => expect(app.requestsTo(VERIFY_PATH)).toHaveLength(1))
    expect(JSON.parse(app.requestsTo(VERIFY_PATH)[0]?.body ?? '').passCode).toBe('482913')
  })

  it('on autofill (one input event carrying the whole code): fills all six', async () => {
    const { app } = await atCodeStep(() => new Promise<Response>(() => undefined))
    fireEvent.input(boxes()[0] as HTMLInputElement, { target: { value: '654321' } })
    expect(values()).toBe('654321')
    await waitFor(() => expect(app.requestsTo(VERIFY_PATH)).toHaveLength(1))
    expect(JSON.parse(app.requestsTo(VERIFY_PATH)[0]?.body ?? '')).toEqual({
      stateToken: SECRETS.stateToken,
      passCode: '654321',
    })
  })

  it('verifies exactly once when the last box fills, then stays Verifying... through the redirect', async () => {
    const { app, user } = await atCodeStep(() => authnSuccess())
    await user.keyboard('48291')
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', true)
    vi.useFakeTimers({ shouldAdvanceTime: true })
    await user.keyboard('3')
    // Disabled for real while verifying, not only announced as such.
    expect(screen.getByRole('button', { name: 'Verifying...' })).toHaveProperty('disabled', true)
    await waitFor(() => expect(sessionStorage.getItem('signin.mfaRedirect')).toBe('1'))
    // More keys and Enter while verifying send nothing more.
    await user.keyboard('7{Enter}')
    expect(app.requestsTo(VERIFY_PATH)).toHaveLength(1)
    expect(JSON.parse(app.requestsTo(VERIFY_PATH)[0]?.body ?? '').passCode).toBe('482913')
    expect(screen.getByRole('button', { name: 'Verifying...' })).toHaveProperty('disabled', true)
    expect(values()).toBe('482913')
    await act(async () => vi.advanceTimersByTime(1000))
    await waitFor(() => expect(app.navigations).toHaveLength(1))
    expect(app.navigations[0]?.url).toMatch(
      /^https:\/\/login\.example\.com\/oauth2\/default\/v1\/authorize\?/,
    )
    expect(app.navigations[0]?.mode).toBe('replace')
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeTruthy()
    // The verifier waits in this tab for the callback.
    expect(sessionStorage.getItem('signin.pkceVerifier')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('on a wrong code: clears the boxes, focuses the first and announces the error', async () => {
    const { app, user } = await atCodeStep()
    await user.keyboard('111111')
    expect((await screen.findByRole('alert')).textContent).toBe(
      'MFA verification failed. Please try again.',
    )
    const alert = document.querySelector('.alert') as HTMLElement
    expect(alert.textContent).toBe('MFA verification failed. Please try again.')
    expect(values()).toBe('______')
    await waitFor(() => expect(document.activeElement).toBe(boxes()[0]))
    for (const box of boxes()) expect(box.getAttribute('aria-invalid')).toBe('true')
    const group = screen.getByRole('group', { name: 'Enter verification code' })
    expect(group.getAttribute('aria-describedby')).toContain(alert.id)
    expect(app.reports.at(-1)).toMatchObject({ code: 'mfa_verification_failed', step: 'code' })

    // The same wrong code again: a new error element, announced again by the alert region.
    await user.keyboard('111111')
    await waitFor(() => expect(app.requestsTo(VERIFY_PATH)).toHaveLength(2))
    await waitFor(() => expect(alert.isConnected).toBe(false))
    expect(document.querySelector('.alert')?.textContent).toBe(alert.textContent)
    expect(screen.getByRole('alert').textContent).toBe(alert.textContent)
  })

  it('on Enter after a connection failure: sends the kept code again', async () => {
    let calls = 0
    const { app, user } = await atCodeStep(() => {
      calls += 1
      if (calls === 1) throw new TypeError('Failed to fetch')
      return new Promise<Response>(() => undefined)
    })
    await user.keyboard('123456')
    await screen.findByRole('alert')
    expect(values()).toBe('123456')
    expect(screen.getByRole('button', { name: 'Verify' })).toHaveProperty('disabled', false)
    boxes()[5]?.focus()
    await user.keyboard('{Enter}')
    await waitFor(() => expect(app.requestsTo(VERIFY_PATH)).toHaveLength(2))
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeTruthy()
  })
})
