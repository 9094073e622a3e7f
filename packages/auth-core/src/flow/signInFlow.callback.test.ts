import { describe, expect, it } from 'vitest'
import { CODE_VERIFIER, NOW, OAUTH_STATE, page, run, storedOAuth } from '../testSupport/flowHarness'
import type { SignInEffect } from './signInFlow.types'
import { OAUTH_TRANSACTION_MAX_AGE_MS } from './signInFlow.types'

const loaded = (overrides: Parameters<typeof page>[0]) =>
  run([{ type: 'pageLoaded', page: page(overrides) }])
const exchanges = (effects: readonly SignInEffect[]) =>
  effects.filter((effect) => effect.type === 'exchangeCode')
const fragment = `#code=the-code&state=${OAUTH_STATE}`
const oktaStoredAt = (createdAt: number) => ({
  pkceVerifier: CODE_VERIFIER,
  oauthState: storedOAuth('okta', createdAt),
})
const ID_TOKEN = 'eyJhbGciOiJSUzI1NiJ9.eyJub25jZSI6Im4ifQ.c2ln'

describe('signInFlow: the age of the stored OAuth transaction', () => {
  // The transaction is dated by this tab's own clock: a date ahead of now means the clock was set
  // back meanwhile (NTP, a person fixing the time); up to 60 s of that is allowed, no more.
  it.each([
    ['exactly ten minutes old', NOW - OAUTH_TRANSACTION_MAX_AGE_MS],
    ['dated exactly one minute ahead (the clock was set back since)', NOW + 60_000],
    ['dated one second ahead', NOW + 1_000],
  ])('accepts a transaction %s', (_label, createdAt) => {
    const { state, effects } = loaded({ hash: fragment, stored: oktaStoredAt(createdAt) })
    expect(state).toMatchObject({ step: 'callback' })
    expect(exchanges(effects)).toHaveLength(1)
  })

  it.each([
    ['one millisecond past ten minutes', NOW - OAUTH_TRANSACTION_MAX_AGE_MS - 1],
    ['dated one millisecond more than a minute in the future', NOW + 60_001],
    ['dated a day in the future', NOW + 86_400_000],
  ])('refuses a transaction %s: invalid_callback, no exchange', (_label, createdAt) => {
    const { state, effects } = loaded({ hash: fragment, stored: oktaStoredAt(createdAt) })
    expect(state).toMatchObject({ step: 'email', error: 'invalid_callback' })
    expect(exchanges(effects)).toEqual([])
  })
})

describe('signInFlow: the age of the stored Google transaction, by the same rule', () => {
  const googleReturn = (createdAt: number) =>
    loaded({
      search: `?code=g-code&state=${OAUTH_STATE}`,
      stored: { oauthState: storedOAuth('google', createdAt) },
    })

  it.each([
    ['exactly ten minutes old', NOW - OAUTH_TRANSACTION_MAX_AGE_MS],
    ['dated exactly one minute ahead', NOW + 60_000],
  ])('accepts one %s: the code goes to the product API', (_label, createdAt) => {
    const { state, effects } = googleReturn(createdAt)
    expect(state).toMatchObject({ step: 'googleReturn' })
    expect(effects.filter((effect) => effect.type === 'callGoogleAuth')).toHaveLength(1)
  })

  it.each([
    ['one millisecond past ten minutes', NOW - OAUTH_TRANSACTION_MAX_AGE_MS - 1],
    ['dated one millisecond more than a minute ahead', NOW + 60_001],
  ])('refuses one %s: invalid_callback, nothing sent', (_label, createdAt) => {
    const { state, effects } = googleReturn(createdAt)
    expect(state).toMatchObject({ step: 'email', error: 'invalid_callback' })
    expect(effects.filter((effect) => effect.type === 'callGoogleAuth')).toEqual([])
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
    const callback = loaded({ hash: fragment, stored: oktaStoredAt(NOW - 5_000) }).state
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
