import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import indexHtml from '../../index.html?raw'
import {
  SECRETS,
  authnSuccess,
  json,
  mfaRequired,
  oktaError,
  tokenSuccess,
} from '../testing/oktaBodies'
import { paramsOf, startTestApp, testAuthConfig } from '../testing/harness'
import { RETURN, storedReturn } from '../testing/providerReturn'

const { state: STATE, nonce: NONCE, verifier: VERIFIER } = RETURN

const realSetTimeout = globalThis.setTimeout

/** Lets promises and module loads settle (on real time, while the fake clock stands still). */
async function settleUntil(done: () => boolean): Promise<void> {
  for (let round = 0; round < 100 && !done(); round += 1)
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 5)))
  expect(done()).toBe(true)
}

function firePopState(url: string, state: unknown): void {
  window.history.replaceState(state, '', url)
  act(() => {
    window.dispatchEvent(new PopStateEvent('popstate', { state }))
  })
}

afterEach(() => {
  vi.useRealTimers()
})

describe('index.html', () => {
  it('has the title, no-referrer, both colour schemes, a noscript message and no inline code', () => {
    expect(indexHtml).toContain('<title>Sign in to your account</title>')
    expect(indexHtml).toContain('<meta name="referrer" content="no-referrer" />')
    expect(indexHtml).toContain('<meta name="color-scheme" content="light dark" />')
    expect(indexHtml).toMatch(/<noscript>[\s\S]*JavaScript[\s\S]*<\/noscript>/)
    expect(indexHtml).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    expect(indexHtml).not.toMatch(/<style|\sstyle=|\son[a-z]+=/i)
  })
})

describe('App: the address', () => {
  it('on a hash while the email is not valid: resets the address to the root path', async () => {
    await startTestApp({ url: '/#sign-in' })
    expect(window.location.pathname).toBe('/')
    expect(window.location.hash).toBe('')
    expect(window.location.href).toBe('https://signin.example.com/')
    expect(screen.getByLabelText('Email')).toBeTruthy()
  })

  it('on a hash while the email is not valid, opened at another path: resets to the root path /', async () => {
    await startTestApp({ url: '/anything/else#sign-in' })
    expect(window.location.href).toBe('https://signin.example.com/')
    expect(screen.getByLabelText('Email')).toBeTruthy()
  })

  it('after a resume without a known email, Back to #sign-in from the code step: the root path /', async () => {
    await startTestApp({
      url: '/#verify',
      stored: { mfaRedirect: '1', stateToken: SECRETS.stateToken },
      respond: () => mfaRequired(),
    })
    expect(await screen.findByRole('button', { name: 'Verify' })).toBeTruthy()
    firePopState('/#sign-in', { email: 'tess.totp@example.com' })
    expect(await screen.findByLabelText('Email')).toBeTruthy()
    expect(window.location.href).toBe('https://signin.example.com/')
    expect(sessionStorage.getItem('signin.stateToken')).toBeNull()
  })

  it('on an unknown hash: resets the address to the root path', async () => {
    await startTestApp({ url: '/#elsewhere', historyEmail: 'pat.password@example.com' })
    expect(window.location.hash).toBe('')
    expect(screen.getByLabelText('Email')).toBeTruthy()
  })

  it('on Back and Forward: moves between the email and password steps, keeping the email', async () => {
    const user = userEvent.setup()
    await startTestApp()
    await user.type(screen.getByLabelText('Email'), 'pat.password@example.com{Enter}')
    await screen.findByLabelText('Password')
    firePopState('/', null)
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe(
      'pat.password@example.com',
    )
    firePopState('/#sign-in', { email: 'pat.password@example.com' })
    expect(await screen.findByLabelText('Password')).toBeTruthy()
    expect(screen.getByText('pat.password@example.com')).toBeTruthy()
  })

  it('on a page restored from the back/forward cache: reloads it', async () => {
    const app = await startTestApp()
    const restored = new Event('pageshow')
    Object.defineProperty(restored, 'persisted', { value: true })
    window.dispatchEvent(restored)
    expect(app.reloads.count).toBe(1)
  })

  it('keeps the document title on every step', async () => {
    document.title = 'Sign in to your account'
    const user = userEvent.setup()
    await startTestApp({ respond: () => mfaRequired() })
    await user.type(screen.getByLabelText('Email'), 'tess.totp@example.com{Enter}')
    await user.type(await screen.findByLabelText('Password'), `${SECRETS.password}{Enter}`)
    await screen.findByRole('heading', { name: 'Enter verification code' })
    expect(document.title).toBe('Sign in to your account')
  })
})

describe('App: after MFA', () => {
  it('on a reload during the MFA redirect: shows the code screen verifying, resuming once', async () => {
    const app = await startTestApp({
      url: '/#verify',
      historyEmail: 'tess.totp@example.com',
      stored: { mfaRedirect: '1', stateToken: SECRETS.stateToken },
      respond: () => new Promise<Response>(() => undefined),
    })
    expect(await screen.findByRole('heading', { name: 'Enter verification code' })).toBeTruthy()
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Verifying...' })).toBeTruthy()
    // StrictMode renders twice; the page is still read, and the transaction resumed, once.
    await waitFor(() => expect(app.requestsTo('/api/v1/authn')).toHaveLength(1))
    expect(JSON.parse(app.requestsTo('/api/v1/authn')[0]?.body ?? '')).toEqual({
      stateToken: SECRETS.stateToken,
    })
  })

  it('on the password path: waits 1000 ms, then leaves for /authorize with PKCE S256', async () => {
    const user = userEvent.setup()
    const app = await startTestApp({
      url: '/#sign-in',
      historyEmail: 'pat.password@example.com',
      respond: () => authnSuccess(),
    })
    await user.type(screen.getByLabelText('Password'), SECRETS.password)
    vi.useFakeTimers()
    fireEvent.submit(screen.getByLabelText('Password').closest('form') as HTMLFormElement)
    await settleUntil(() => sessionStorage.getItem('signin.pkceVerifier') !== null)
    expect(screen.getByRole('status').textContent).toContain('Signing you in…')
    await act(async () => vi.advanceTimersByTime(999))
    expect(app.navigations).toHaveLength(0)
    await act(async () => vi.advanceTimersByTime(1))
    expect(app.navigations).toHaveLength(1)
    const params = paramsOf(app.navigations[0]?.url ?? '')
    expect(params.get('code_challenge_method')).toBe('S256')
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(params.get('response_mode')).toBe('fragment')
    expect(params.get('sessionToken')).toBe(SECRETS.sessionToken)
    expect(params.get('redirect_uri')).toBe('https://signin.example.com/')
    expect(params.has('code_verifier')).toBe(false)
    expect(app.navigations[0]?.mode).toBe('replace')
  })
})

describe('App: the return from the identity provider', () => {
  it('clears the URL before the token exchange, writes the cookies once, and logs out to the sub-site', async () => {
    const config = testAuthConfig()
    const app = await startTestApp({
      url: `/#code=${SECRETS.code}&state=${STATE}`,
      stored: storedReturn('okta'),
      respond: (request) => {
        // The address bar no longer holds the code when the exchange starts.
        expect(request.location.hash).toBe('')
        expect(request.location.search).toBe('')
        return tokenSuccess(config, NONCE)
      },
    })
    expect(window.location.href).toBe('https://signin.example.com/')
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Signing you in…')
    await waitFor(() => expect(app.navigations).toHaveLength(1))
    // StrictMode double rendering never exchanges the single-use code twice.
    expect(app.requestsTo('/oauth2/default/v1/token')).toHaveLength(1)
    const body = new URLSearchParams(app.requestsTo('/oauth2/default/v1/token')[0]?.body)
    expect(body.get('code')).toBe(SECRETS.code)
    expect(body.get('code_verifier')).toBe(VERIFIER)
    expect(document.cookie).toContain(`access_token=${SECRETS.accessToken}`)
    expect(document.cookie).toContain(`refresh_token=${SECRETS.refreshToken}`)
    const logout = new URL(app.navigations[0]?.url ?? '')
    expect(logout.origin + logout.pathname).toBe(
      'https://login.example.com/oauth2/default/v1/logout',
    )
    expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(
      'https://citystream.example.com/',
    )
    expect(app.navigations[0]?.mode).toBe('replace')
    expect(sessionStorage.getItem('signin.pkceVerifier')).toBeNull()
    expect(sessionStorage.getItem('signin.oauthState')).toBeNull()
  })

  it('honours the post-login redirect cookie once and clears it', async () => {
    document.cookie = 'post_login_redirect=maps; domain=.example.com; path=/; secure'
    const config = testAuthConfig()
    const app = await startTestApp({
      url: `/#code=${SECRETS.code}&state=${STATE}`,
      stored: storedReturn('okta'),
      respond: () => tokenSuccess(config, NONCE),
    })
    await waitFor(() => expect(app.navigations).toHaveLength(1))
    expect(paramsOf(app.navigations[0]?.url ?? '').get('post_logout_redirect_uri')).toBe(
      'https://maps.example.com/',
    )
    expect(document.cookie).not.toContain('post_login_redirect')
  })

  it('on a reload while the code is exchanged after MFA: says the sign-in was interrupted', async () => {
    // The return from /authorize used the transaction up; only the MFA-redirect flag is left.
    const app = await startTestApp({ url: '/', stored: { mfaRedirect: '1' } })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your sign-in was interrupted. Please sign in again.',
    )
    expect(screen.getByLabelText('Email')).toBeTruthy()
    expect(app.requests).toHaveLength(0)
    expect(sessionStorage.length).toBe(0)
  })

  it('on a forged state: exchanges nothing and says the link is no longer valid', async () => {
    const app = await startTestApp({
      url: `/#code=${SECRETS.code}&state=forged-${STATE}`,
      stored: storedReturn('okta'),
    })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This sign-in link is no longer valid. Please sign in again.',
    )
    expect(window.location.href).toBe('https://signin.example.com/')
    expect(app.requests).toHaveLength(0)
    expect(sessionStorage.length).toBe(0)
  })

  it('on an error return: shows the mapped message, never the provider description', async () => {
    await startTestApp({
      url: `/#error=access_denied&error_description=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E&state=${STATE}`,
      stored: storedReturn('okta'),
    })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The email entered has no access to this application.',
    )
    expect(document.querySelector('img')).toBeNull()
    expect(window.location.hash).toBe('')
  })
})

describe('App: the return from Google', () => {
  it('sends the code to the product API once, writes its cookies and goes to the sub-site', async () => {
    const app = await startTestApp({
      url: `/?code=${encodeURIComponent(SECRETS.googleCode)}&state=${STATE}&scope=email`,
      stored: storedReturn('google'),
      respond: (request) => {
        expect(request.location.search).toBe('')
        return json({ access_token: 'api-access', refresh_token: 'api-refresh' })
      },
    })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Signing you in with Google…',
    )
    await waitFor(() => expect(app.navigations).toHaveLength(1))
    const [call] = app.requestsTo('/auth/google-auth')
    expect(app.requestsTo('/auth/google-auth')).toHaveLength(1)
    expect(call?.method).toBe('GET')
    expect(call?.headers.get('authorization')).toBe(`Bearer ${SECRETS.googleCode}`)
    expect(call?.headers.get('nonce')).toBe(NONCE)
    expect(call?.headers.get('credentials')).toBe('omit')
    expect(document.cookie).toContain('access_token=api-access')
    expect(app.navigations[0]).toEqual({ url: 'https://citystream.example.com/', mode: 'replace' })
  })

  it('an answer with only access_token: the previous person’s refresh token (and its host-only copy) is gone', async () => {
    // Alice was signed in on this browser; Bob signs in with Google, whose answer has no refresh token.
    document.cookie = 'refresh_token=alice-refresh; path=/; domain=.example.com'
    document.cookie = 'refresh_token=alice-refresh-copy; path=/'
    const app = await startTestApp({
      url: `/?code=${encodeURIComponent(SECRETS.googleCode)}&state=${STATE}`,
      stored: storedReturn('google'),
      respond: () => json({ access_token: 'bob-access' }),
    })
    await waitFor(() => expect(app.navigations).toHaveLength(1))
    expect(document.cookie).toContain('access_token=bob-access')
    expect(document.cookie).not.toContain('refresh_token=')
  })

  it('a return at another path is cleared to the root path / before the product API call', async () => {
    const app = await startTestApp({
      url: `/somewhere/else?code=${encodeURIComponent(SECRETS.googleCode)}&state=${STATE}`,
      stored: storedReturn('google'),
      respond: () => new Promise<Response>(() => undefined),
    })
    await waitFor(() => expect(app.requestsTo('/auth/google-auth')).toHaveLength(1))
    expect(app.requestsTo('/auth/google-auth')[0]?.location.href).toBe(
      'https://signin.example.com/',
    )
  })

  it('on an unknown Google account: back to the email step with the message', async () => {
    await startTestApp({
      url: `/?code=${encodeURIComponent(SECRETS.googleCode)}&state=${STATE}`,
      stored: storedReturn('google'),
      respond: () => json({ error: 'not_found' }, 404),
    })
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No user found for this email address.',
    )
    expect(screen.getByLabelText('Email')).toBeTruthy()
  })
})

describe('App: failures reported', () => {
  it('reports a failure by code and step only', async () => {
    const user = userEvent.setup()
    const app = await startTestApp({
      url: '/#sign-in',
      historyEmail: 'lou.locked@example.com',
      respond: () => oktaError('E0000069', 403),
    })
    await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
    expect(await screen.findByRole('heading', { name: 'Your account is locked' })).toBeTruthy()
    expect(app.reports).toEqual([{ code: 'account_locked', step: 'password', severity: 'warning' }])
  })
})
