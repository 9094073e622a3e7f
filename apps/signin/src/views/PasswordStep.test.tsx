import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SECRETS, authnSuccess, oktaError } from '../testing/oktaBodies'
import { startTestApp } from '../testing/harness'

const EMAIL = 'pat.password@example.com'

/** The password step, loaded as after Next (the email kept in history.state). */
function atPasswordStep(options: Parameters<typeof startTestApp>[0] = {}) {
  return startTestApp({ url: '/#sign-in', historyEmail: EMAIL, ...options })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('PasswordStep', () => {
  it('on load at #sign-in with an email: shows the email, a Change button and the password field', async () => {
    await atPasswordStep()
    expect(screen.getByText(EMAIL)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Change email' }).textContent).toBe('Change')
    const password = screen.getByLabelText('Password')
    expect(document.activeElement).toBe(password)
    expect(password.getAttribute('type')).toBe('password')
    expect(password.getAttribute('autocomplete')).toBe('current-password')
    expect(password.hasAttribute('maxlength')).toBe(false)
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Forgot password' })).toBeTruthy()
    // The legal links belong to the email step only.
    expect(screen.queryByRole('link', { name: 'Privacy policy' })).toBeNull()
  })

  it('keeps a hidden, named username field for password managers (not type=hidden)', async () => {
    await atPasswordStep()
    const form = screen.getByLabelText('Password').closest('form')
    const username = form?.querySelector<HTMLInputElement>('input[name="username"]')
    expect(username?.type).toBe('text')
    expect(username?.value).toBe(EMAIL)
    expect(username?.getAttribute('autocomplete')).toBe('username')
    expect(username?.readOnly).toBe(true)
    expect(username?.tabIndex).toBe(-1)
    expect(username?.getAttribute('aria-hidden')).toBe('true')
    expect(form?.getAttribute('method')).toBe('post')
    for (const input of document.querySelectorAll('input'))
      expect(input.getAttribute('autocomplete')).not.toBe('off')
  })

  it('enables Sign in at 4 characters and sends the password exactly as typed', async () => {
    const user = userEvent.setup()
    const app = await atPasswordStep({ respond: () => authnSuccess() })
    const password = screen.getByLabelText('Password')
    const signIn = screen.getByRole('button', { name: 'Sign in' })
    await user.type(password, ' ab')
    expect(signIn).toHaveProperty('disabled', true)
    await user.type(password, 'c')
    expect(signIn).toHaveProperty('disabled', false)
    await user.click(signIn)
    await waitFor(() => expect(app.requestsTo('/api/v1/authn')).toHaveLength(1))
    expect(JSON.parse(app.requestsTo('/api/v1/authn')[0]?.body ?? '')).toMatchObject({
      username: EMAIL,
      password: ' abc',
    })
  })

  it('accepts a pasted password', async () => {
    const user = userEvent.setup()
    await atPasswordStep()
    const password = screen.getByLabelText('Password')
    password.focus()
    await user.paste(SECRETS.password)
    expect((password as HTMLInputElement).value).toBe(SECRETS.password)
  })

  it('on the eye button: reveals and hides the password, with its pressed state announced', async () => {
    const user = userEvent.setup()
    await atPasswordStep()
    const password = screen.getByLabelText('Password')
    const eye = screen.getByRole('button', { name: 'Show password' })
    expect(eye.getAttribute('type')).toBe('button')
    expect(eye.getAttribute('aria-pressed')).toBe('false')
    expect(eye.getAttribute('aria-controls')).toBe(password.id)
    await user.type(password, SECRETS.password)
    await user.click(eye)
    expect(eye.getAttribute('aria-pressed')).toBe('true')
    expect(password.getAttribute('type')).toBe('text')
    // Keyboard operable.
    eye.focus()
    await user.keyboard(' ')
    expect(eye.getAttribute('aria-pressed')).toBe('false')
    expect(password.getAttribute('type')).toBe('password')
    await user.keyboard('{Enter}')
    expect(password.getAttribute('type')).toBe('text')
  })

  it('hides a revealed password again after 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    await atPasswordStep()
    const eye = screen.getByRole('button', { name: 'Show password' })
    await user.click(eye)
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text')
    act(() => vi.advanceTimersByTime(29_000))
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('text')
    act(() => vi.advanceTimersByTime(1_000))
    expect(screen.getByLabelText('Password').getAttribute('type')).toBe('password')
    expect(eye.getAttribute('aria-pressed')).toBe('false')
  })

  it('on submit: hides a revealed password, says Signing in… and ignores a second submit', async () => {
    const user = userEvent.setup()
    let answer: (response: Response) => void = () => undefined
    const app = await atPasswordStep({
      respond: () => new Promise<Response>((resolve) => (answer = resolve)),
    })
    const password = screen.getByLabelText('Password')
    await user.type(password, SECRETS.password)
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    await user.keyboard('{Enter}')
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    await user.click(screen.getByRole('button', { name: 'Show password' }))
    password.focus()
    await user.keyboard('{Enter}')
    const button = screen.getByRole('button', { name: 'Signing in…' })
    expect(button.getAttribute('aria-disabled')).toBe('true')
    expect(button.closest('form')?.getAttribute('aria-busy')).toBe('true')
    await waitFor(() => expect(app.requestsTo('/api/v1/authn')).toHaveLength(1))
    await act(async () => answer(oktaError('E0000004', 401)))
    expect(await screen.findByLabelText('Email')).toBeTruthy()
    expect(app.requestsTo('/api/v1/authn')).toHaveLength(1)
  })

  it('on Enter with fewer than 4 characters: marks the field invalid with a hint', async () => {
    const user = userEvent.setup()
    const app = await atPasswordStep()
    const password = screen.getByLabelText('Password')
    expect(password.hasAttribute('aria-invalid')).toBe(false)
    await user.type(password, 'abc{Enter}')
    expect(password.getAttribute('aria-invalid')).toBe('true')
    const hint = screen.getByRole('alert')
    expect(hint.textContent).toBe('Your password has at least 4 characters.')
    expect(password.getAttribute('aria-describedby')).toContain(hint.id)
    expect(app.requests).toHaveLength(0)
  })

  it('on wrong credentials: back to the email step with the message, focused, then announced again', async () => {
    const user = userEvent.setup()
    const app = await atPasswordStep({ respond: () => oktaError('E0000004', 401) })
    await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
    const message = 'Email or password are incorrect, please try again.'
    expect((await screen.findByRole('alert')).textContent).toBe(message)
    const alert = document.querySelector('.alert') as HTMLElement
    expect(alert.textContent).toBe(message)
    const email = screen.getByLabelText('Email')
    expect((email as HTMLInputElement).value).toBe(EMAIL)
    await waitFor(() => expect(document.activeElement).toBe(email))
    expect(email.getAttribute('aria-describedby')).toContain(alert.id)
    expect(email.hasAttribute('aria-invalid')).toBe(false)
    expect(window.location.hash).toBe('')
    expect(app.reports).toEqual([
      { code: 'invalid_credentials', step: 'password', severity: 'warning' },
    ])

    // The same error again: a new error element, so the page's alert region announces it again.
    await user.keyboard('{Enter}')
    await user.type(await screen.findByLabelText('Password'), `${SECRETS.password}{Enter}`)
    await waitFor(() => expect(alert.isConnected).toBe(false))
    const again = await waitFor(() => document.querySelector('.alert') as HTMLElement)
    expect(again.textContent).toBe(message)
    expect(screen.getByRole('alert').textContent).toBe(message)
  })

  it('on a network failure: stays on the password step, keeps the password and allows a retry', async () => {
    const user = userEvent.setup()
    let calls = 0
    const app = await atPasswordStep({
      respond: () => {
        calls += 1
        if (calls === 1) throw new TypeError('Failed to fetch')
        return authnSuccess()
      },
    })
    await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the sign-in service. Please check your connection and try again.',
    )
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe(SECRETS.password)
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    expect(await screen.findByRole('status')).toBeTruthy()
    expect(app.requestsTo('/api/v1/authn')).toHaveLength(2)
  })

  it('on Change: returns to the email step with the email kept', async () => {
    const user = userEvent.setup()
    await atPasswordStep()
    await user.click(screen.getByRole('button', { name: 'Change email' }))
    const email = await screen.findByLabelText('Email')
    expect((email as HTMLInputElement).value).toBe(EMAIL)
    expect(window.location.hash).toBe('')
  })

  it("on Forgot password: sends the person to the provider's forgot-password page", async () => {
    const user = userEvent.setup()
    const app = await atPasswordStep()
    await user.click(screen.getByRole('button', { name: 'Forgot password' }))
    expect(app.navigations).toEqual([
      { url: 'https://login.example.com/signin/forgot-password', mode: 'assign' },
    ])
  })
})
