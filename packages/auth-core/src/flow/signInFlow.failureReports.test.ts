/**
 * Which step a failure report names (the telemetry groups failures by it), what a failed return
 * or reload forgets, and the smaller guards around them: the stored OAuth transaction, the
 * authenticators offered for enrolment, and the selectors the views read.
 */
import { describe, expect, it } from 'vitest'
import {
  CODE_VERIFIER,
  LOCKED_OUT,
  MFA_ENROLL,
  MFA_REQUIRED,
  NOW,
  OAUTH_STATE,
  page,
  RECOVERY_CHALLENGE,
  run,
  signIn,
  STATE_TOKEN,
  storedOAuth,
  reportOf,
} from '../testSupport/flowHarness'
import { testConfig } from '../testSupport/testConfig'
import { parseOAuthTransaction } from './oauthTransaction'
import { selectCanSubmitEmail, selectIsBusy } from './signInFlow.selectors'
import type { SignInState, SignInStepState } from './signInFlow.types'
import { enrollableProviders, lockedStep } from './helpers/enterTransaction'

const EMAIL = 'pat@example.com'
const loaded = (overrides: Parameters<typeof page>[0]) =>
  run([{ type: 'pageLoaded', page: page(overrides) }])
const oktaCallback = (): SignInState =>
  loaded({
    hash: `#code=the-code&state=${OAUTH_STATE}`,
    stored: { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta') },
  }).state
const googleReturn = (): SignInState =>
  loaded({
    search: `?code=g-code&state=${OAUTH_STATE}`,
    stored: { oauthState: storedOAuth('google') },
  }).state
const redirectingToGoogle = (): SignInState =>
  run([
    { type: 'pageLoaded', page: page() },
    { type: 'emailChanged', email: EMAIL },
    { type: 'googleSignInClicked' },
  ]).state
const resuming = (): SignInState =>
  loaded({ hash: '#verify', historyEmail: EMAIL, stored: { stateToken: STATE_TOKEN } }).state
const choosing = (): SignInState =>
  run([{ type: 'factorChosen', provider: 'OKTA' }], { from: run(signIn(MFA_ENROLL)).state }).state

/** A compact JWT whose payload is `claims` (the signature is not read here). */
const jwt = (claims: object) =>
  `eyJhbGciOiJSUzI1NiJ9.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`

describe('failure reports name the step they happened on', () => {
  it('the token exchange failing, and a token response without tokens: callback; the email step, empty', () => {
    const failed = run([{ type: 'tokenExchangeFailed', error: 'network_error' }], {
      from: oktaCallback(),
    })
    expect(failed.state).toMatchObject({ step: 'email', email: '', error: 'network_error' })
    expect(failed.last).toContainEqual(reportOf('network_error', 'callback'))
    const incomplete = run([{ type: 'tokensIncomplete', idToken: null }], { from: oktaCallback() })
    expect(incomplete.state).toMatchObject({ step: 'email', email: '', error: 'unknown_error' })
    expect(incomplete.last).toContainEqual(reportOf('unknown_error', 'callback'))
  })

  it('tokens that cannot be written as cookies: unknown_error, reported from callback', () => {
    const { state, last } = run(
      [
        {
          type: 'tokensReceived',
          now: NOW,
          tokens: {
            accessToken: 'not;a cookie value',
            tokenType: 'Bearer',
            expiresIn: 3600,
            refreshToken: 'refresh-token-value',
            idToken: null,
            scope: 'openid offline_access',
          },
        },
      ],
      { from: oktaCallback() },
    )
    expect(state).toMatchObject({ step: 'email', email: '', error: 'unknown_error' })
    expect(last).toContainEqual(reportOf('unknown_error', 'callback'))
  })

  it('tokens received: the MFA flag is forgotten before the navigation', () => {
    const { last } = run(
      [
        {
          type: 'tokensReceived',
          now: NOW,
          tokens: {
            accessToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwYXQifQ.c2ln',
            tokenType: 'Bearer',
            expiresIn: 3600,
            refreshToken: 'refresh-token-value',
            idToken: null,
            scope: 'openid offline_access',
          },
        },
      ],
      { from: oktaCallback() },
    )
    expect(last.map((effect) => effect.type)).toEqual([
      'removeCookie',
      'removeCookie',
      'forget',
      'finishSignIn',
    ])
    expect(last[2]).toEqual({ type: 'forget', item: 'mfaRedirect' })
  })

  it('Google: the redirect failing and storage refused are reported from redirectingToGoogle', () => {
    const failed = run([{ type: 'googleRedirectFailed', error: 'network_error' }], {
      from: redirectingToGoogle(),
    })
    expect(failed.state).toMatchObject({ step: 'email', email: EMAIL, error: 'network_error' })
    expect(failed.last).toContainEqual(reportOf('network_error', 'redirectingToGoogle'))
    const storage = run([{ type: 'storageFailed' }], { from: redirectingToGoogle() })
    expect(storage.last).toContainEqual(reportOf('storage_unavailable', 'redirectingToGoogle'))
  })

  it('Google: the product API failing, or only unusable cookies, reported from googleReturn', () => {
    const failed = run([{ type: 'googleSignInFailed', error: 'google_failed' }], {
      from: googleReturn(),
    })
    expect(failed.last).toContainEqual(reportOf('google_failed', 'googleReturn'))
    const expired = run(
      [
        {
          type: 'googleCookiesReceived',
          cookies: { access_token: jwt({ exp: NOW / 1000 - 1 }) },
          now: NOW,
        },
      ],
      { from: googleReturn() },
    )
    expect(expired.state).toMatchObject({ step: 'email', error: 'google_failed' })
    expect(expired.last).toContainEqual(reportOf('google_failed', 'googleReturn'))
  })

  it('Google: a token cookie lives until its exp, counted from the event’s clock in seconds', () => {
    const { last } = run(
      [
        {
          type: 'googleCookiesReceived',
          cookies: { access_token: jwt({ exp: NOW / 1000 + 1800 }) },
          now: NOW,
        },
      ],
      { from: googleReturn() },
    )
    expect(last).toContainEqual(
      expect.objectContaining({
        type: 'finishSignIn',
        cookies: [expect.objectContaining({ name: 'access_token', maxAgeSeconds: 1800 })],
      }),
    )
  })

  it('a reload resuming a transaction: a failure or a lockout is reported from resuming', () => {
    const failed = run([{ type: 'authnCallFailed', call: 'resume', error: 'session_expired' }], {
      from: resuming(),
    })
    expect(failed.state).toMatchObject({ step: 'email', email: EMAIL, error: 'session_expired' })
    expect(failed.last).toContainEqual(reportOf('session_expired', 'resuming'))
    const lockedOut = run(
      [{ type: 'authnTransactionReceived', call: 'resume', transaction: LOCKED_OUT }],
      { from: resuming() },
    )
    expect(lockedOut.last).toContainEqual(reportOf('account_locked', 'resuming'))
  })

  it('the authenticator choice: an expired transaction and refused storage are reported from factorChoice', () => {
    const expired = run([{ type: 'authnCallFailed', call: 'enroll', error: 'session_expired' }], {
      from: choosing(),
    })
    expect(expired.last).toContainEqual(reportOf('session_expired', 'factorChoice'))
    const storage = run([{ type: 'storageFailed' }], { from: run(signIn(MFA_ENROLL)).state })
    expect(storage.last).toContainEqual(reportOf('storage_unavailable', 'factorChoice'))
  })

  it('RECOVERY_CHALLENGE answering a sign-in (only an unlock may): unknown_error, from the password step', () => {
    const { state, last } = run(signIn(RECOVERY_CHALLENGE))
    expect(state).toMatchObject({ step: 'email', email: EMAIL, error: 'unknown_error' })
    expect(last).toContainEqual(reportOf('unknown_error', 'password'))
  })

  it('a lockout: the transaction and the MFA flag forgotten, reported from where it was met', () => {
    expect(lockedStep('code', EMAIL, true, 'replace')[1]).toEqual([
      { type: 'forget', item: 'stateToken' },
      { type: 'forget', item: 'mfaRedirect' },
      { type: 'setLocation', hash: '#locked', email: EMAIL, mode: 'replace' },
      reportOf('account_locked', 'code'),
    ])
  })
})

describe('page load: what a failed return or reload forgets and reports', () => {
  it('a return from the identity provider that fails: reported from booting, the empty email step', () => {
    const { state, last } = loaded({ search: '?error=unknown_error' })
    expect(state).toMatchObject({ step: 'email', email: '', error: 'unknown_error' })
    expect(last.filter((effect) => effect.type === 'reportFailure')).toEqual([
      { type: 'reportFailure', code: 'unknown_error', step: 'booting', severity: 'warning' },
    ])
  })

  // Anyone can send a link with error parameters: without a transaction of this tab they say
  // nothing about the platform, so they are a warning, never an error-level event.
  it.each([
    ['?error=x', { search: '?error=x' }, 'unknown_error'],
    ['?error=x&state=forged', { search: '?error=x&state=forged' }, 'invalid_callback'],
    ['#error=x&state=forged', { hash: '#error=x&state=forged' }, 'invalid_callback'],
  ])('a forged return %s: shown, reported as a warning', (_url, at, error) => {
    const { state, last } = loaded(at)
    expect(state).toMatchObject({ step: 'email', error })
    expect(last.filter((effect) => effect.type === 'reportFailure')).toEqual([
      { type: 'reportFailure', code: error, step: 'booting', severity: 'warning' },
    ])
  })

  it('a reload on #new-password without the state token: forgets the stale OAuth items, reports from booting', () => {
    const { state, last } = loaded({
      hash: '#new-password',
      historyEmail: EMAIL,
      stored: { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta') },
    })
    expect(state).toMatchObject({ step: 'email', email: EMAIL, error: 'missing_state_token' })
    expect(last).toEqual([
      { type: 'forget', item: 'pkceVerifier' },
      { type: 'forget', item: 'oauthState' },
      { type: 'forget', item: 'stateToken' },
      { type: 'forget', item: 'mfaRedirect' },
      { type: 'setLocation', hash: '', email: EMAIL, mode: 'replace' },
      reportOf('missing_state_token', 'booting'),
    ])
  })

  it('a reload on #new-password with the state token resumes it, not as an MFA redirect', () => {
    const { state } = loaded({
      hash: '#new-password',
      historyEmail: EMAIL,
      stored: { stateToken: STATE_TOKEN },
    })
    expect(state).toEqual({ step: 'resuming', email: EMAIL, mfaRedirect: false, attempt: 1 })
  })

  it('a visit at "/#": the email step with the address left alone', () => {
    const { state, last } = loaded({ hash: '#', historyEmail: EMAIL })
    expect(state).toMatchObject({ step: 'email', email: EMAIL })
    expect(last).toEqual([])
  })

  it('a live session whose sub-site cannot be built (a broken config): the email step, no question', () => {
    const { state } = run(
      [{ type: 'pageLoaded', page: page({ session: { status: 'live', who: EMAIL } }) }],
      { config: { ...testConfig(), defaultSubsite: 'not a host!' } },
    )
    expect(state).toMatchObject({ step: 'email' })
  })
})

describe('the guards around the flow', () => {
  it.each(['null', '42', '"text"', '[1,2,3,4]', '{'])(
    'a stored OAuth item of %s is nothing',
    (raw) => {
      expect(parseOAuthTransaction(raw)).toBeNull()
    },
  )

  it('offers for enrolment only an authenticator not set up yet', () => {
    const activeOkta = {
      ...MFA_ENROLL,
      factors: MFA_ENROLL.factors.filter((factor) => factor.id !== 'ostTotp0003'),
    }
    expect(enrollableProviders(activeOkta)).toEqual(['GOOGLE'])
    expect(enrollableProviders(MFA_ENROLL)).toEqual(['GOOGLE', 'OKTA'])
  })

  it('Next is enabled only on the email step; the code step is busy only while verifying', () => {
    const password: SignInStepState = {
      step: 'password',
      email: EMAIL,
      submitting: false,
      attempted: false,
      error: null,
    }
    expect(selectCanSubmitEmail(password)).toBe(false)
    const code = run(signIn(MFA_REQUIRED)).state
    expect(selectIsBusy(code)).toBe(false)
  })
})
