import { COOKIE_NAMES } from '../../cookies/cookie.types'
import { planCookieRemoval } from '../../cookies/planCookieRemoval'
import type { FlowContext } from '../flowContext'
import { consumePostLoginCookies, emailStep, unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'

type SignedInState = Extract<SignInState, { step: 'signedIn' }>

/**
 * Already signed in: a plain visit while the parent-domain cookies hold a live session. Nothing
 * happens by itself (a sub-site that rejects the token and sends the person back must not start
 * a loop). **Continue** goes to the redirect target the normal rules picked, consuming
 * `post_login_redirect` and `post_login_path`; **Sign in with a different account** ends the session first as
 * `signOut` does without the provider redirect (revoke, remove the cookies, under the
 * platform-wide refresh lease), then shows the email step.
 * @see https://www.rfc-editor.org/rfc/rfc7009 (token revocation)
 */
export function onSignedIn(
  context: FlowContext,
  state: SignedInState,
  event: SignInEvent,
): StepTransition {
  const { config } = context
  switch (event.type) {
    case 'continueClicked':
      if (state.signingOut) return unchanged(state)
      return [
        { step: 'done', via: 'password' },
        [
          ...consumePostLoginCookies(config),
          { type: 'navigate', url: state.target, mode: 'assign' },
        ],
      ]
    case 'switchAccountClicked':
      if (state.signingOut) return unchanged(state)
      return [
        { ...state, signingOut: true },
        [
          {
            type: 'endSession',
            cookies: [
              planCookieRemoval(config, COOKIE_NAMES.accessToken),
              planCookieRemoval(config, COOKIE_NAMES.refreshToken),
            ],
          },
        ],
      ]
    case 'sessionEnded':
      if (!state.signingOut) return unchanged(state)
      return [
        emailStep(''),
        [{ type: 'setLocation', hash: STEP_HASHES.email, email: null, mode: 'replace' }],
      ]
    default:
      return unchanged(state)
  }
}
