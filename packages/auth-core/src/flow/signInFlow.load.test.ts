import { describe, expect, it } from 'vitest'
import {
  CODE_VERIFIER,
  MFA_REQUIRED,
  NOW,
  OAUTH_NONCE,
  OAUTH_STATE,
  page,
  run,
  signIn,
  STATE_TOKEN,
  storedOAuth,
} from '../testSupport/flowHarness'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import { messageFor } from '../errors/errorMessages'
import { selectShowsCodeVerifying } from './signInFlow.selectors'
import type { SignInEffect, SignInState } from './signInFlow.types'

const loaded = (overrides: Parameters<typeof page>[0]) =>
  run([{ type: 'pageLoaded', page: page(overrides) }])
const exchanges = (effects: readonly SignInEffect[]) =>
  effects.filter((effect) => effect.type === 'exchangeCode')

const TOKENS = {
  accessToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwYXQifQ.c2ln',
  tokenType: 'Bearer' as const,
  expiresIn: 3600,
  refreshToken: 'refresh-token-value',
  idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJub25jZSI6Im4ifQ.c2ln',
  scope: 'openid offline_access',
}

describe('signInFlow: page load', () => {
  it('on a reload at #sign-in with the email kept in history: stays on the password step', () => {
    expect(loaded({ hash: '#sign-in', historyEmail: 'pat@example.com' }).state).toEqual({
      attempt: 1,
      step: 'password',
      email: 'pat@example.com',
      submitting: false,
      attempted: false,
      error: null,
    })
  })

  it.each([
    ['#sign-in', null],
    ['#sign-in', 'not-an-email'],
    ['#verify', null],
    ['#setup', 'x'],
    ['#something-else', 'pat@example.com'],
  ])('on a load at %s with email %s: resets the address to the root', (hash, historyEmail) => {
    const { state, effects } = loaded({ hash, historyEmail })
    expect(state).toEqual({ attempt: 1, step: 'email', email: '', error: null, attempted: false })
    expect(effects).toContainEqual({ type: 'setLocation', hash: '', email: null, mode: 'replace' })
  })

  it('on a fresh load with leftovers of an abandoned flow: forgets them', () => {
    const { effects } = loaded({
      stored: {
        pkceVerifier: CODE_VERIFIER,
        oauthState: storedOAuth('okta'),
        stateToken: STATE_TOKEN,
      },
    })
    expect(effects).toEqual([
      { type: 'forget', item: 'pkceVerifier' },
      { type: 'forget', item: 'oauthState' },
      { type: 'forget', item: 'stateToken' },
    ])
  })

  it('on a fresh load with an email in history: prefills it', () => {
    expect(loaded({ historyEmail: 'pat@example.com' }).state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
    })
  })

  it('on a reload while the MFA-redirect flag is set: shows the code step verifying and resumes the transaction', () => {
    const { state, effects } = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { mfaRedirect: '1', stateToken: STATE_TOKEN },
    })
    expect(state).toEqual({
      attempt: 1,
      step: 'resuming',
      email: 'pat@example.com',
      mfaRedirect: true,
    })
    expect(selectShowsCodeVerifying(state)).toBe(true)
    expect(effects).toEqual([
      { type: 'callAuthn', attempt: 1, call: { kind: 'resume', stateToken: STATE_TOKEN } },
    ])
  })

  it('on a reload during the token exchange after MFA (the flag kept, the transaction used): says the sign-in was interrupted', () => {
    // What the return from /authorize leaves stored while the code is exchanged: the callback
    // forgot the state token, the verifier and the OAuth state; the flag goes with the answer.
    const { state, effects } = loaded({ stored: { mfaRedirect: '1' } })
    expect(state).toMatchObject({ step: 'email', error: 'sign_in_interrupted' })
    expect(effects).toContainEqual({ type: 'forget', item: 'mfaRedirect' })
    expect(effects).toContainEqual({
      type: 'reportFailure',
      code: 'sign_in_interrupted',
      step: 'booting',
      severity: 'warning',
    })
    expect(messageFor('sign_in_interrupted')).toBe(
      'Your sign-in was interrupted. Please sign in again.',
    )
  })

  it.each([
    ['#verify', 'missing_mfa_data'],
    ['#setup', 'missing_state_token'],
    ['#activate', 'missing_state_token'],
  ])('on a reload at %s without a stored state token: %s', (hash, error) => {
    expect(loaded({ hash, historyEmail: 'pat@example.com' }).state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
      error,
    })
  })

  it('on a reload at #verify with a stored state token: resumes, then shows the code step again', () => {
    const first = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { stateToken: STATE_TOKEN },
    })
    expect(first.state).toEqual({
      attempt: 1,
      step: 'resuming',
      email: 'pat@example.com',
      mfaRedirect: false,
    })
    expect(selectShowsCodeVerifying(first.state)).toBe(false)
    const resumed = run(
      [{ type: 'authnTransactionReceived', call: 'resume', transaction: MFA_REQUIRED }],
      { from: first.state },
    )
    expect(resumed.state).toMatchObject({ step: 'code', factorId: 'ostTotp0001', verifying: false })
    expect(resumed.last).toContainEqual({
      type: 'setLocation',
      hash: '#verify',
      email: 'pat@example.com',
      mode: 'replace',
    })
  })

  it('on a resume that finds the transaction expired: session_expired on the email step', () => {
    const first = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { stateToken: STATE_TOKEN, mfaRedirect: '1' },
    })
    const { state, last } = run(
      [{ type: 'authnCallFailed', call: 'resume', error: 'session_expired' }],
      { from: first.state },
    )
    expect(state).toMatchObject({ step: 'email', error: 'session_expired' })
    expect(last).toContainEqual({ type: 'forget', item: 'mfaRedirect' })
    expect(last).toContainEqual({ type: 'forget', item: 'stateToken' })
  })

  it('on a resume that succeeds: authorization after MFA', () => {
    const first = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { stateToken: STATE_TOKEN, mfaRedirect: '1' },
    })
    const { state } = run(
      [
        {
          type: 'authnTransactionReceived',
          call: 'resume',
          transaction: { status: 'SUCCESS', sessionToken: 'st' },
        },
      ],
      { from: first.state },
    )
    expect(state).toMatchObject({ step: 'authorizing', via: 'mfa' })
  })

  it('resuming ignores answers to other calls', () => {
    const first = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { stateToken: STATE_TOKEN },
    }).state
    expect(
      run([{ type: 'authnCallFailed', call: 'verify', error: 'unknown_error' }], { from: first })
        .state,
    ).toBe(first)
    expect(
      run([{ type: 'authnTransactionReceived', call: 'verify', transaction: MFA_REQUIRED }], {
        from: first,
      }).state,
    ).toBe(first)
  })
})

describe('signInFlow: identity provider callback', () => {
  const okta = { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta') }
  const fragment = `#code=the-code&state=${OAUTH_STATE}`

  it('on a callback with the matching state: clears the URL first, forgets the transaction, exchanges the code', () => {
    const { state, effects } = loaded({ hash: fragment, stored: okta })
    expect(state).toEqual({
      attempt: 1,
      step: 'callback',
      via: 'password',
      target: 'https://citystream.example.com/',
    })
    expect(effects[0]).toEqual({ type: 'clearUrl' })
    expect(effects).toContainEqual({ type: 'forget', item: 'pkceVerifier' })
    expect(effects).toContainEqual({ type: 'forget', item: 'oauthState' })
    expect(exchanges(effects)).toEqual([
      {
        type: 'exchangeCode',
        attempt: 1,
        callback: expect.objectContaining({
          source: 'fragment',
          code: 'the-code',
          state: OAUTH_STATE,
        }),
        expectedState: OAUTH_STATE,
        codeVerifier: CODE_VERIFIER,
        nonce: OAUTH_NONCE,
      },
    ])
  })

  it('on a callback after MFA (flag set): shows the code step verifying during the exchange', () => {
    const { state } = loaded({ hash: fragment, stored: { ...okta, mfaRedirect: '1' } })
    expect(state).toMatchObject({ step: 'callback', via: 'mfa' })
    expect(selectShowsCodeVerifying(state)).toBe(true)
  })

  it.each([
    ['a different state', '#code=the-code&state=evil'],
    ['no state', '#code=the-code'],
    ['a duplicated state', `#code=the-code&state=${OAUTH_STATE}&state=${OAUTH_STATE}`],
    ['a duplicated code', `#code=a&code=b&state=${OAUTH_STATE}`],
    ['no code', `#state=${OAUTH_STATE}`],
    ['an implicit id_token only', `#id_token=x.y.z&state=${OAUTH_STATE}`],
  ])('on a callback with %s: invalid_callback and no exchange', (_name, hash) => {
    const { state, effects } = loaded({ hash, stored: okta })
    expect(state).toMatchObject({ step: 'email', error: 'invalid_callback' })
    expect(exchanges(effects)).toEqual([])
    expect(effects[0]).toEqual({ type: 'clearUrl' })
  })

  it.each([
    ['no stored transaction', {}],
    ['a replayed URL (transaction already used)', { pkceVerifier: CODE_VERIFIER }],
    [
      'a tampered stored transaction',
      { pkceVerifier: CODE_VERIFIER, oauthState: '{"provider":"okta","state":' },
    ],
    [
      'a stale transaction (> 10 min)',
      { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta', NOW - 11 * 60 * 1000) },
    ],
    [
      "Google's transaction (mix-up)",
      { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('google') },
    ],
    ['no stored verifier', { oauthState: storedOAuth('okta') }],
  ])('on a callback with %s: invalid_callback and no exchange', (_name, stored) => {
    const { state, effects } = loaded({ hash: fragment, stored })
    expect(state).toMatchObject({ step: 'email', error: 'invalid_callback' })
    expect(exchanges(effects)).toEqual([])
  })

  it.each([
    ['access_denied', 'access_denied'],
    ['login_required', 'session_expired'],
    ['server_error', 'unknown_error'],
  ])('on #error=%s with the matching state: %s', (error, shown) => {
    const { state, effects } = loaded({
      hash: `#error=${error}&error_description=%3Cimg%3E&state=${OAUTH_STATE}`,
      stored: okta,
    })
    expect(state).toMatchObject({ step: 'email', error: shown })
    expect(exchanges(effects)).toEqual([])
  })

  it('on tokensReceived: clears the redirect cookie, then writes the cookies and ends through the provider logout, as one effect', () => {
    const callback = loaded({ hash: fragment, stored: okta, postLoginRedirect: 'roads' }).state
    const { state, last } = run([{ type: 'tokensReceived', tokens: TOKENS, now: NOW }], {
      from: callback,
    })
    expect(state).toEqual({ attempt: 2, step: 'done', via: 'password' })
    const cookieDefaults = { domain: '.example.com', path: '/', secure: true, sameSite: 'Lax' }
    const finish = last.at(-1)
    expect(finish).toMatchObject({
      type: 'finishSignIn',
      cookies: [
        { name: 'access_token', value: TOKENS.accessToken, maxAgeSeconds: 3600, ...cookieDefaults },
        {
          name: 'refresh_token',
          value: TOKENS.refreshToken,
          maxAgeSeconds: 604800,
          ...cookieDefaults,
        },
      ],
      mode: 'replace',
    })
    expect(last).toContainEqual({
      type: 'removeCookie',
      cookie: { name: 'post_login_redirect', domain: '.example.com', path: '/' },
    })
    expect(last).toContainEqual({
      type: 'removeCookie',
      cookie: { name: 'post_login_path', domain: '.example.com', path: '/' },
    })
    expect(last.filter((effect) => effect.type === 'navigate')).toEqual([])
    const url = new URL((finish as { url: string }).url)
    expect(url.origin + url.pathname).toBe('https://login.example.com/oauth2/default/v1/logout')
    expect(url.searchParams.get('id_token_hint')).toBe(TOKENS.idToken)
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe('https://roads.example.com/')
  })

  it.each([
    ['absent', null],
    ['the current sub-domain', 'signin'],
    ['tampered', 'evil.com/'],
    ['a backslash trick', 'a\\evil.com'],
  ])(
    'on tokensReceived with a post-login redirect cookie that is %s: goes to citystream',
    (_name, cookie) => {
      const callback = loaded({ hash: fragment, stored: okta, postLoginRedirect: cookie }).state
      const { last } = run([{ type: 'tokensReceived', tokens: TOKENS, now: NOW }], {
        from: callback,
      })
      const url = new URL((last.at(-1) as { url: string }).url)
      expect(url.searchParams.get('post_logout_redirect_uri')).toBe(
        'https://citystream.example.com/',
      )
    },
  )

  it('on tokensReceived in local mode: host-only cookies and localhost:3000', () => {
    const config = localTestConfig()
    const callback = run(
      [
        {
          type: 'pageLoaded',
          page: page({ hash: fragment, stored: okta, host: 'localhost:5173' }),
        },
      ],
      { config },
    ).state
    const { last } = run(
      [
        {
          type: 'tokensReceived',
          tokens: { ...TOKENS, idToken: null, refreshToken: null },
          now: NOW,
        },
      ],
      { config, from: callback },
    )
    expect(last.at(-1)).toEqual({
      type: 'finishSignIn',
      // No refresh token in the answer: the previous one's cookie goes.
      removals: [{ name: 'refresh_token', path: '/' }],
      cookies: [
        {
          name: 'access_token',
          value: TOKENS.accessToken,
          maxAgeSeconds: 3600,
          path: '/',
          secure: true,
          sameSite: 'Lax',
        },
      ],
      url: 'http://localhost:3000/',
      mode: 'replace',
    })
  })

  it('on tokensReceived with a token that is not a cookie value: unknown_error, nothing written', () => {
    const callback = loaded({ hash: fragment, stored: okta }).state
    const { state, last } = run(
      [
        {
          type: 'tokensReceived',
          tokens: { ...TOKENS, accessToken: 'a;Domain=evil.com' },
          now: NOW,
        },
      ],
      { from: callback },
    )
    expect(state).toMatchObject({ step: 'email', error: 'unknown_error' })
    expect(last.some((effect) => effect.type === 'finishSignIn')).toBe(false)
  })

  it('on a token response without an access token: logs out with unknown_error', () => {
    const callback = loaded({ hash: fragment, stored: okta }).state
    const { state, last } = run([{ type: 'tokensIncomplete', idToken: TOKENS.idToken }], {
      from: callback,
    })
    expect(state).toEqual({ attempt: 2, step: 'done', via: 'password' })
    const url = new URL((last.at(-1) as { url: string }).url)
    expect(url.pathname).toBe('/oauth2/default/v1/logout')
    expect(url.searchParams.get('id_token_hint')).toBe(TOKENS.idToken)
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(
      'https://signin.example.com/?error=unknown_error',
    )
    expect(last).toContainEqual({
      type: 'reportFailure',
      code: 'unknown_error',
      step: 'callback',
      severity: 'error',
    })
    expect(
      run([{ type: 'tokensIncomplete', idToken: null }], { from: callback }).state,
    ).toMatchObject({ step: 'email', error: 'unknown_error' })
  })

  it('on the return from that logout (?error=unknown_error): shows unknown_error', () => {
    const { state, effects } = loaded({ search: '?error=unknown_error' })
    expect(state).toMatchObject({ step: 'email', error: 'unknown_error' })
    expect(effects[0]).toEqual({ type: 'clearUrl' })
  })

  it('on tokenExchangeFailed: back to the email step with the error', () => {
    const callback = loaded({ hash: fragment, stored: { ...okta, mfaRedirect: '1' } }).state
    const { state, last } = run([{ type: 'tokenExchangeFailed', error: 'unknown_error' }], {
      from: callback,
    })
    expect(state).toMatchObject({ step: 'email', error: 'unknown_error' })
    expect(last).toContainEqual({ type: 'forget', item: 'mfaRedirect' })
  })

  it('a callback ignores unrelated events', () => {
    const callback: SignInState = loaded({ hash: fragment, stored: okta }).state
    expect(run([{ type: 'emailSubmitted' }], { from: callback }).state).toBe(callback)
  })

  it('with an allow-list: a sub-site outside it goes to the default', () => {
    const config = testConfig({ allowedSubsites: ['citystream', 'roads'] })
    const callback = run(
      [
        {
          type: 'pageLoaded',
          page: page({ hash: fragment, stored: okta, postLoginRedirect: 'maps' }),
        },
      ],
      { config },
    ).state
    expect(callback).toMatchObject({ target: 'https://citystream.example.com/' })
  })
})

describe('signInFlow: reload during the wait after MFA', () => {
  it('keeps the state token until the callback, so the reload asks the provider and says why it stops', () => {
    // The MFA succeeds: the flag is persisted and the state token is NOT forgotten.
    const verified = run([
      ...signIn(MFA_REQUIRED),
      { type: 'codeEdited', input: { type: 'textEntered', index: 0, text: '123456' } },
      {
        type: 'authnTransactionReceived',
        call: 'verify',
        transaction: { status: 'SUCCESS', sessionToken: 'st' },
      },
    ])
    expect(verified.last).toContainEqual({ type: 'persist', item: 'mfaRedirect', value: '1' })
    expect(verified.last).not.toContainEqual({ type: 'forget', item: 'stateToken' })
    // The page is reloaded inside the 1000 ms: the code screen verifying, and the transaction is re-read.
    const reloaded = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { mfaRedirect: '1', stateToken: STATE_TOKEN },
    })
    expect(selectShowsCodeVerifying(reloaded.state)).toBe(true)
    expect(reloaded.effects).toContainEqual({
      type: 'callAuthn',
      attempt: 1,
      call: { kind: 'resume', stateToken: STATE_TOKEN },
    })
    // A provider that has closed the finished transaction: a clear way forward.
    const closed = run([{ type: 'authnCallFailed', call: 'resume', error: 'session_expired' }], {
      from: reloaded.state,
    })
    expect(closed.state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
      error: 'session_expired',
    })
  })

  it('forgets the state token once the callback arrives', () => {
    const { effects } = loaded({
      hash: `#code=c&state=${OAUTH_STATE}`,
      stored: {
        pkceVerifier: CODE_VERIFIER,
        oauthState: storedOAuth('okta'),
        stateToken: STATE_TOKEN,
        mfaRedirect: '1',
      },
    })
    expect(effects).toContainEqual({ type: 'forget', item: 'stateToken' })
  })
})
