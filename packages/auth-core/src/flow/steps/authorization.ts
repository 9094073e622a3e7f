import type { SignInState, SignInTransition, SignInVia } from '../signInFlow.types'
import { AUTHORIZE_REDIRECT_DELAY_MS } from '../signInFlow.types'
import { forget } from '../flowOutcomes'

/**
 * A session token starts the PKCE authorization-code flow: the request is prepared while the
 * 1000 ms delay runs (spec sections 4 and 9). After MFA, the MFA-redirect flag is persisted so a
 * reload shows the code step verifying, and the finished transaction's state token is forgotten.
 */
export function startAuthorization(
  via: SignInVia,
  email: string | null,
  sessionToken: string,
): SignInTransition {
  const state: SignInState = {
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
      ...(via === 'mfa'
        ? [...forget('stateToken'), { type: 'persist', item: 'mfaRedirect', value: '1' } as const]
        : []),
      { type: 'prepareAuthorization', sessionToken },
      { type: 'startTimer', id: 'authorizeRedirect', ms: AUTHORIZE_REDIRECT_DELAY_MS },
    ],
  ]
}
