import type { FlowContext } from '../flowContext'
import { failToEmail, unchanged } from '../flowOutcomes'
import { serializeOAuthTransaction } from '../oauthTransaction'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { planApiCookies } from '../../cookies/planApiCookies'
import { planCookieRemoval } from '../../cookies/planCookieRemoval'
import { COOKIE_NAMES } from '../../cookies/cookie.types'
import { isAuthError } from '../../errors/authError'

type RedirectingState = Extract<SignInState, { step: 'redirectingToGoogle' }>
type GoogleReturnState = Extract<SignInState, { step: 'googleReturn' }>

/** Leaving for Google's consent page: the `state` and `nonce` are persisted first. */
export function onRedirectingToGoogle(state: RedirectingState, event: SignInEvent): StepTransition {
  switch (event.type) {
    case 'googleRedirectPrepared':
      return [
        state,
        [
          {
            type: 'persist',
            item: 'oauthState',
            value: serializeOAuthTransaction({
              provider: 'google',
              state: event.state,
              nonce: event.nonce,
              createdAt: event.now,
            }),
          },
          // Assign: Back from Google's page returns here.
          { type: 'navigate', url: event.url, mode: 'assign' },
        ],
      ]
    case 'googleRedirectFailed':
      return failToEmail('redirectingToGoogle', state.email, event.error)
    case 'storageFailed':
      return failToEmail('redirectingToGoogle', state.email, 'storage_unavailable')
    default:
      return unchanged(state)
  }
}

/**
 * Back from Google: the product API exchanged the Google code for the platform's cookies, which
 * are written with the contract's attributes (never the server's), then the person is redirected.
 * @see ../../../../../shared/docs/contracts.md
 */
export function onGoogleReturn(
  context: FlowContext,
  state: GoogleReturnState,
  event: SignInEvent,
): StepTransition {
  switch (event.type) {
    case 'googleCookiesReceived': {
      let cookies
      try {
        cookies = planApiCookies(context.config, event.cookies, Math.floor(event.now / 1000))
      } catch (error) {
        return failToEmail('googleReturn', null, isAuthError(error) ? error.code : 'google_failed')
      }
      return [
        { step: 'done', via: 'google' },
        [
          { type: 'setCookies', cookies },
          {
            type: 'removeCookie',
            cookie: planCookieRemoval(context.config, COOKIE_NAMES.postLoginRedirect),
          },
          { type: 'navigate', url: state.target, mode: 'replace' },
        ],
      ]
    }
    case 'googleSignInFailed':
      return failToEmail('googleReturn', null, event.error)
    default:
      return unchanged(state)
  }
}
