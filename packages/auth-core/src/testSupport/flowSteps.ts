/**
 * What the per-step tests of the sign-in flow (`flow/steps/on<Step>.test.ts`) and the
 * cross-cutting ones share: the states of the steps they start from, a page load, and the events
 * and effects they write more than once.
 */
import { expect } from 'vitest'
import type { SignInEvent, SignInState } from '../flow/signInFlow.types'
import {
  CODE_VERIFIER,
  LOCKED_OUT,
  MFA_ENROLL,
  MFA_REQUIRED,
  OAUTH_STATE,
  page,
  run,
  signIn,
  storedOAuth,
} from './flowHarness'

/** The email most tests sign in with (`toPassword` and `signIn`'s default). */
export const EMAIL = 'pat@example.com'

/** A page load of `page(overrides)`: the state it leads to and its effects. */
export const loaded = (overrides: Parameters<typeof page>[0]) =>
  run([{ type: 'pageLoaded', page: page(overrides) }])

/** The email step with `email` typed in (not submitted). */
export const emailStep = (email = 'gina@example.com'): SignInState => {
  const state = run([
    { type: 'pageLoaded', page: page({}) },
    { type: 'emailChanged', email },
  ]).state
  expect(state).toMatchObject({ step: 'email', email })
  return state
}

/** The code step MFA_REQUIRED opens, nothing typed. */
export const codeStep = (): SignInState => run(signIn(MFA_REQUIRED)).state

/** The authenticator choice MFA_ENROLL opens. */
export const choiceStep = (): SignInState => run(signIn(MFA_ENROLL)).state

/** The locked step LOCKED_OUT opens, unlock offered. */
export const locked = (): SignInState => run(signIn(LOCKED_OUT)).state

/** The locked step while its unlock is being sent. */
export const sending = (): SignInState => run([{ type: 'unlockClicked' }], { from: locked() }).state

/** Back or Forward to `to`, with no email in the entry's history state. */
export const hash = (to: string): SignInEvent => ({
  type: 'hashChanged',
  hash: to,
  historyEmail: null,
})

/** The `setLocation` effect that shows the email step (with `email`) at the root address. */
export const toEmail = (email: string | null, mode: 'push' | 'replace') => ({
  type: 'setLocation',
  hash: '',
  email,
  mode,
})

/** A live session of pat's, as a page load reads it from the cookies. */
export const LIVE = { status: 'live', who: 'pat@example.com' } as const

/** What an Okta sign-in keeps until the identity provider's callback: verifier and transaction. */
export const OKTA_STORED = { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta') }

/** The address of the identity provider's callback for {@link OKTA_STORED}'s transaction. */
export const CALLBACK_HASH = `#code=the-code&state=${OAUTH_STATE}`

/** A token response with every token. */
export const TOKENS = {
  accessToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwYXQifQ.c2ln',
  tokenType: 'Bearer' as const,
  expiresIn: 3600,
  refreshToken: 'refresh-token-value',
  idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJub25jZSI6Im4ifQ.c2ln',
  scope: 'openid offline_access',
}
