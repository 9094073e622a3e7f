import { COOKIE_NAMES } from '../../cookies/cookie.types'
import { planCookieRemoval } from '../../cookies/planCookieRemoval'
import type { FlowContext } from '../flowContext'
import { consumePostLoginCookies, emailStep, unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'

type SignedInState = Extract<SignInState, { step: 'signedIn' }>

/**
 * Already signed in: a visit while the parent-domain cookies hold a live session. First the
 * session is checked (`checking: 'session'`): the access token's signature against the
 * authorization server's keys; the question names that person (or nobody, for a refresh token
 * alone), and a token that cannot be verified (forged, foreign, expired, keys unreachable) leads
 * to the plain email step instead. Nothing happens by itself (a sub-site that rejects the token
 * and sends the person back must not start a loop). **Continue** checks the cookies again
 * (`checking: 'continue'`): the same person (or, when nobody was named, any verified one) goes on
 * to the redirect target the normal rules picked, consuming `post_login_redirect` and
 * `post_login_path`; another verified person is asked about anew; an unverified token goes to the
 * email step. **Sign in with a different account** ends the session first as `signOut` does
 * without the provider redirect (revoke, remove the cookies, under the platform-wide refresh
 * lease), then shows the email step.
 * @see https://www.rfc-editor.org/rfc/rfc7009 (token revocation)
 * @see https://www.rfc-editor.org/rfc/rfc9068#section-4 (validating JWT access tokens)
 */
export function onSignedIn(
  state: SignedInState,
  event: SignInEvent,
  context: FlowContext,
): StepTransition {
  const { config } = context
  switch (event.type) {
    case 'continueClicked':
      if (state.signingOut || state.checking !== null) return unchanged(state)
      return [{ ...state, checking: 'continue' }, [{ type: 'verifySession' }]]
    case 'sessionVerified': {
      if (state.checking === null) return unchanged(state)
      const same = state.session.who === null || event.who === state.session.who
      if (state.checking === 'continue' && same)
        return [
          { step: 'done', via: 'password' },
          [
            ...consumePostLoginCookies(config),
            { type: 'navigate', url: state.target, mode: 'assign' },
          ],
        ]
      // At load, or another person's verified session by Continue: ask (about them).
      return [{ ...state, session: { who: event.who }, checking: null }, []]
    }
    // `sessionUnverified` (the plain email step) is the flow's own: see `isReturnFailure`.
    case 'switchAccountClicked':
      if (state.signingOut || state.checking !== null) return unchanged(state)
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
