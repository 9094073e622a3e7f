import type { FlowContext } from '../flowContext'
import { failToEmail, unchanged } from '../flowOutcomes'
import { serializeOAuthTransaction } from '../oauthTransaction'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { planApiCookies } from '../../cookies/planApiCookies'
import { planCookieRemoval } from '../../cookies/planCookieRemoval'
import { COOKIE_NAMES } from '../../cookies/cookie.types'
import { isAuthError } from '../../errors/authError'
import { selectGoogleCookies } from '../../google/selectGoogleCookies'

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
 * Back from Google: the product API exchanged the Google code for the platform's cookies; those
 * whose names are allowed (`googleCookieNames`) are written with the contract's attributes (never
 * the server's), the other names are reported (names only) and left out, then the person is
 * redirected. A map with none of the allowed names fails with `google_failed`.
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
      let ignoredNames
      try {
        const selection = selectGoogleCookies(event.cookies, context.config.googleCookieNames)
        ignoredNames = selection.ignoredNames
        cookies = planApiCookies(context.config, selection.cookies, Math.floor(event.now / 1000))
      } catch (error) {
        return failToEmail('googleReturn', null, isAuthError(error) ? error.code : 'google_failed')
      }
      return [
        { step: 'done', via: 'google' },
        [
          ...(ignoredNames.length > 0
            ? [{ type: 'reportIgnoredCookies', names: ignoredNames } as const]
            : []),
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
