/**
 * The identity provider's callback (`onCallback`): the return with a code (its state, its age,
 * errors from /authorize), the token exchange, the cookies written and the way on to the sub-site.
 */
import { describe, expect, it } from 'vitest'
import {
  CODE_VERIFIER,
  NOW,
  OAUTH_NONCE,
  OAUTH_STATE,
  page,
  run,
  storedOAuth,
} from '../../testSupport/flowHarness'
import { CALLBACK_HASH, loaded, OKTA_STORED, TOKENS } from '../../testSupport/flowSteps'
import { localTestConfig, testConfig } from '../../testSupport/testConfig'
import { selectShowsCodeVerifying } from '../signInFlow.selectors'
import { OAUTH_TRANSACTION_MAX_AGE_MS } from '../signInFlow.types'
import type { SignInEffect, SignInState } from '../signInFlow.types'

const exchanges = (effects: readonly SignInEffect[]) =>
  effects.filter((effect) => effect.type === 'exchangeCode')

const oktaStoredAt = (createdAt: number) => ({
  pkceVerifier: CODE_VERIFIER,
  oauthState: storedOAuth('okta', createdAt),
})

const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJub25jZSI6Im4ifQ.c2ln'

describe('signInFlow: identity provider callback', () => {
  it('on a callback with the matching state: clears the URL first, forgets the transaction, exchanges the code', () => {
    const { state, effects } = loaded({ hash: CALLBACK_HASH, stored: OKTA_STORED })
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
    const { state } = loaded({ hash: CALLBACK_HASH, stored: { ...OKTA_STORED, mfaRedirect: '1' } })
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
    const { state, effects } = loaded({ hash, stored: OKTA_STORED })
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
    const { state, effects } = loaded({ hash: CALLBACK_HASH, stored })
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
      stored: OKTA_STORED,
    })
    expect(state).toMatchObject({ step: 'email', error: shown })
    expect(exchanges(effects)).toEqual([])
  })

  it('on tokensReceived: clears the redirect cookie, then writes the cookies and ends through the provider logout, as one effect', () => {
    const callback = loaded({
      hash: CALLBACK_HASH,
      stored: OKTA_STORED,
      postLoginRedirect: 'roads',
    }).state
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
      const callback = loaded({
        hash: CALLBACK_HASH,
        stored: OKTA_STORED,
        postLoginRedirect: cookie,
      }).state
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
          page: page({ hash: CALLBACK_HASH, stored: OKTA_STORED, host: 'localhost:5173' }),
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
    const callback = loaded({ hash: CALLBACK_HASH, stored: OKTA_STORED }).state
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
    const callback = loaded({ hash: CALLBACK_HASH, stored: OKTA_STORED }).state
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
    const callback = loaded({
      hash: CALLBACK_HASH,
      stored: { ...OKTA_STORED, mfaRedirect: '1' },
    }).state
    const { state, last } = run([{ type: 'tokenExchangeFailed', error: 'unknown_error' }], {
      from: callback,
    })
    expect(state).toMatchObject({ step: 'email', error: 'unknown_error' })
    expect(last).toContainEqual({ type: 'forget', item: 'mfaRedirect' })
  })

  it('a callback ignores unrelated events', () => {
    const callback: SignInState = loaded({ hash: CALLBACK_HASH, stored: OKTA_STORED }).state
    expect(run([{ type: 'emailSubmitted' }], { from: callback }).state).toBe(callback)
  })

  it('with an allow-list: a sub-site outside it goes to the default', () => {
    const config = testConfig({ allowedSubsites: ['citystream', 'roads'] })
    const callback = run(
      [
        {
          type: 'pageLoaded',
          page: page({ hash: CALLBACK_HASH, stored: OKTA_STORED, postLoginRedirect: 'maps' }),
        },
      ],
      { config },
    ).state
    expect(callback).toMatchObject({ target: 'https://citystream.example.com/' })
  })
})

describe('signInFlow: the age of the stored OAuth transaction', () => {
  // The transaction is dated by this tab's own clock: a date ahead of now means the clock was set
  // back meanwhile (NTP, a person fixing the time); up to 60 s of that is allowed, no more.
  it.each([
    ['exactly ten minutes old', NOW - OAUTH_TRANSACTION_MAX_AGE_MS],
    ['dated exactly one minute ahead (the clock was set back since)', NOW + 60_000],
    ['dated one second ahead', NOW + 1_000],
  ])('accepts a transaction %s', (_label, createdAt) => {
    const { state, effects } = loaded({ hash: CALLBACK_HASH, stored: oktaStoredAt(createdAt) })
    expect(state).toMatchObject({ step: 'callback' })
    expect(exchanges(effects)).toHaveLength(1)
  })

  it.each([
    ['one millisecond past ten minutes', NOW - OAUTH_TRANSACTION_MAX_AGE_MS - 1],
    ['dated one millisecond more than a minute in the future', NOW + 60_001],
    ['dated a day in the future', NOW + 86_400_000],
  ])('refuses a transaction %s: invalid_callback, no exchange', (_label, createdAt) => {
    const { state, effects } = loaded({ hash: CALLBACK_HASH, stored: oktaStoredAt(createdAt) })
    expect(state).toMatchObject({ step: 'email', error: 'invalid_callback' })
    expect(exchanges(effects)).toEqual([])
  })
})

describe('signInFlow: errors returned by /authorize', () => {
  it.each([
    ['interaction_required', 'session_expired'],
    ['consent_required', 'session_expired'],
    ['login_required', 'session_expired'],
    ['access_denied', 'access_denied'],
    ['temporarily_unavailable', 'unknown_error'],
  ])('on #error=%s with the matching state: %s', (error, shown) => {
    const { state, effects } = loaded({
      hash: `#error=${error}&state=${OAUTH_STATE}`,
      stored: oktaStoredAt(NOW - 5_000),
    })
    expect(state).toMatchObject({ step: 'email', error: shown })
    expect(exchanges(effects)).toEqual([])
  })
})

describe('signInFlow: a token response without an access token', () => {
  it('logs out with unknown_error: forgets the MFA flag, reports, then navigates (replace) to the logout', () => {
    const callback = loaded({ hash: CALLBACK_HASH, stored: oktaStoredAt(NOW - 5_000) }).state
    const { state, last } = run([{ type: 'tokensIncomplete', idToken: ID_TOKEN }], {
      from: callback,
    })
    const logout = new URL('https://login.example.com/oauth2/default/v1/logout')
    logout.searchParams.set('id_token_hint', ID_TOKEN)
    logout.searchParams.set(
      'post_logout_redirect_uri',
      'https://signin.example.com/?error=unknown_error',
    )
    expect(state).toMatchObject({ step: 'done', via: 'password' })
    expect(last).toEqual([
      { type: 'forget', item: 'mfaRedirect' },
      { type: 'reportFailure', code: 'unknown_error', step: 'callback', severity: 'error' },
      { type: 'navigate', url: logout.href, mode: 'replace' },
    ])
  })
})

describe('signInFlow: edges', () => {
  it('a callback that cannot build even the default target (invalid hand-made config): unknown_error, no exchange', () => {
    const config = testConfig({ defaultSubsite: 'Not A Label' })
    const { state, effects } = run(
      [
        {
          type: 'pageLoaded',
          page: page({
            hash: `#code=c&state=${OAUTH_STATE}`,
            stored: { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta') },
          }),
        },
      ],
      { config },
    )
    expect(state).toMatchObject({ step: 'email', error: 'unknown_error' })
    expect(effects.some((effect) => effect.type === 'exchangeCode')).toBe(false)
  })
})
