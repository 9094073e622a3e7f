/**
 * Which step a failure report names (the telemetry groups failures by it), on every step where a
 * failure can happen.
 */
import { describe, expect, it } from 'vitest'
import {
  CODE_VERIFIER,
  LOCKED_OUT,
  MFA_ENROLL,
  NOW,
  OAUTH_STATE,
  page,
  RECOVERY_CHALLENGE,
  reportOf,
  run,
  signIn,
  STATE_TOKEN,
  storedOAuth,
} from '../testSupport/flowHarness'
import { EMAIL, loaded } from '../testSupport/flowSteps'
import { lockedStep } from './helpers/enterTransaction'
import type { SignInState } from './signInFlow.types'

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
