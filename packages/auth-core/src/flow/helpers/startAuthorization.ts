import type { SignInStepState, StepTransition, SignInVia } from '../signInFlow.types'
import { AUTHORIZE_REDIRECT_DELAY_MS } from '../signInFlow.types'

/**
 * A session token starts the PKCE authorization-code flow: the request is prepared while the
 * 1000 ms delay runs (spec sections 4 and 9). After MFA, the MFA-redirect flag is persisted so a
 * reload shows the code step verifying; the state token stays stored until the callback, so such a
 * reload can ask the provider where the transaction stands instead of failing blind.
 */
export function startAuthorization(
  via: SignInVia,
  email: string | null,
  sessionToken: string,
): StepTransition {
  const state: SignInStepState = {
    step: 'authorizing',
    via,
    email,
    sessionToken,
    authorizeUrl: null,
    delayElapsed: false,
  }
  return [
    state,
    [
      ...(via === 'mfa' ? [{ type: 'persist', item: 'mfaRedirect', value: '1' } as const] : []),
      { type: 'prepareAuthorization', sessionToken },
      { type: 'startTimer', id: 'authorizeRedirect', ms: AUTHORIZE_REDIRECT_DELAY_MS },
    ],
  ]
}
