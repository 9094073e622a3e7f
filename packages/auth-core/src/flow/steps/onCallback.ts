import type { FlowContext } from '../flowContext'
import { failToEmail, forget, report, unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { buildLogoutUrl } from '../../oauth/buildLogoutUrl'
import { planTokenCookies } from '../../cookies/planTokenCookies'
import { planCookieRemoval } from '../../cookies/planCookieRemoval'
import { COOKIE_NAMES } from '../../cookies/cookie.types'
import { isAuthError } from '../../errors/authError'

type CallbackState = Extract<SignInState, { step: 'callback' }>

/**
 * Back from `/authorize` with a code: after the exchange the tokens are written as cookies, the
 * post-login redirect cookie is cleared, and the sign-in ends with a logout-redirect to the
 * provider carrying the ID token, which returns to the sub-site (spec section 4). A token response
 * without an access token logs out with `unknown_error`.
 */
export function onCallback(
  context: FlowContext,
  state: CallbackState,
  event: SignInEvent,
): StepTransition {
  const { config } = context
  switch (event.type) {
    case 'tokensReceived': {
      let cookies
      try {
        cookies = planTokenCookies(config, event.tokens)
      } catch (error) {
        return failToEmail('callback', null, isAuthError(error) ? error.code : 'unknown_error')
      }
      const idToken = event.tokens.idToken
      const url =
        idToken === null
          ? state.target
          : buildLogoutUrl(config, {
              idTokenHint: idToken,
              postLogoutRedirectUri: state.target,
              // Stryker disable next-line StringLiteral: buildLogoutUrl takes every server but 'org' as the custom one ('' is outside the type)
              server: 'custom',
            })
      return [
        { step: 'done', via: state.via },
        [
          { type: 'setCookies', cookies },
          {
            type: 'removeCookie',
            cookie: planCookieRemoval(config, COOKIE_NAMES.postLoginRedirect),
          },
          ...forget('mfaRedirect'),
          { type: 'navigate', url, mode: 'replace' },
        ],
      ]
    }
    case 'tokensIncomplete': {
      if (event.idToken === null) return failToEmail('callback', null, 'unknown_error')
      const url = buildLogoutUrl(config, {
        idTokenHint: event.idToken,
        postLogoutRedirectUri: `${config.redirectUri}?error=unknown_error`,
        // Stryker disable next-line StringLiteral: buildLogoutUrl takes every server but 'org' as the custom one ('' is outside the type)
        server: 'custom',
      })
      return [
        { step: 'done', via: state.via },
        [
          ...forget('mfaRedirect'),
          report('unknown_error', 'callback'),
          { type: 'navigate', url, mode: 'replace' },
        ],
      ]
    }
    case 'tokenExchangeFailed':
      return failToEmail('callback', null, event.error)
    default:
      return unchanged(state)
  }
}
