import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { paramsOf, startTestApp } from '../testing/harness'

const HINT = 'Enter an email address like name@example.com.'

describe('EmailStep', () => {
  it('on load: shows the email step with its exact texts, focused on the email field', async () => {
    await startTestApp()
    const email = screen.getByLabelText('Email')
    expect(email).toHaveProperty('type', 'email')
    expect(email.getAttribute('autocomplete')).toBe('username')
    expect(email.getAttribute('name')).toBe('username')
    expect(email.getAttribute('inputmode')).toBe('email')
    expect(email.getAttribute('autocapitalize')).toBe('off')
    expect(email.getAttribute('spellcheck')).toBe('false')
    expect(document.activeElement).toBe(email)
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true)
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeTruthy()
    const legal = screen.getByRole('navigation', { name: 'Legal' })
    expect(legal.textContent).toContain('Privacy policy')
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe(
      'https://www.example.com/legal/privacy',
    )
    expect(screen.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe(
      'https://www.example.com/legal/cookies',
    )
    expect(screen.getByRole('link', { name: 'Terms of service' }).getAttribute('href')).toBe(
      'https://www.example.com/legal/terms',
    )
    const form = email.closest('form')
    expect(form?.getAttribute('method')).toBe('post')
    expect(form?.getAttribute('action')).toBe('/')
    expect(email.hasAttribute('aria-invalid')).toBe(false)
  })

  it('on typing: Next stays disabled until the email is valid, tested lowercased', async () => {
    const user = userEvent.setup()
    await startTestApp()
    const email = screen.getByLabelText('Email')
    const next = screen.getByRole('button', { name: 'Next' })
    await user.type(email, 'pat.password@example')
    expect(next).toHaveProperty('disabled', true)
    await user.type(email, '.com')
    expect(next).toHaveProperty('disabled', false)
    await user.clear(email)
    await user.type(email, 'PAT.Password@EXAMPLE.COM')
    expect(next).toHaveProperty('disabled', false)
    expect(email.hasAttribute('aria-invalid')).toBe(false)
  })

  it('on Enter with a valid email: goes to the password step at #sign-in', async () => {
    const user = userEvent.setup()
    await startTestApp()
    await user.type(screen.getByLabelText('Email'), 'pat.password@example.com{Enter}')
    expect(await screen.findByLabelText('Password')).toBeTruthy()
    expect(window.location.hash).toBe('#sign-in')
    expect(window.history.state).toEqual({ email: 'pat.password@example.com' })
  })

  it('on Enter with an invalid email: marks the field invalid with a linked hint, only then', async () => {
    const user = userEvent.setup()
    await startTestApp()
    const email = screen.getByLabelText('Email')
    await user.type(email, 'not-an-email')
    expect(email.hasAttribute('aria-invalid')).toBe(false)
    expect(screen.queryByText(HINT)).toBeNull()
    await user.keyboard('{Enter}')
    expect(email.getAttribute('aria-invalid')).toBe('true')
    const hint = screen.getAllByText(HINT)[0] as HTMLElement
    expect(email.getAttribute('aria-describedby')).toContain(hint.id)
    expect((await screen.findByRole('alert')).textContent).toBe(HINT)
    expect(window.location.hash).toBe('')
    await user.type(email, '@example.com')
    expect(email.hasAttribute('aria-invalid')).toBe(false)
    expect(screen.queryByText(HINT)).toBeNull()
    expect(screen.getByRole('alert').textContent).toBe('')
  })

  it('on Sign in with Google: shows progress and leaves for the consent page with state and nonce', async () => {
    const user = userEvent.setup()
    const app = await startTestApp()
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }))
    expect(screen.getByRole('status').textContent).toContain('Redirecting to Google…')
    await waitFor(() => expect(app.navigations).toHaveLength(1))
    const [navigation] = app.navigations
    expect(navigation?.mode).toBe('assign')
    const url = new URL(navigation?.url ?? '')
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    const params = paramsOf(url.href)
    expect(params.get('response_type')).toBe('code')
    expect(params.get('scope')).toBe('openid profile email')
    expect(params.get('redirect_uri')).toBe('https://signin.example.com/')
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const stored = JSON.parse(sessionStorage.getItem('signin.oauthState') ?? '{}')
    expect(stored).toMatchObject({ provider: 'google', state: params.get('state') })
  })
})
