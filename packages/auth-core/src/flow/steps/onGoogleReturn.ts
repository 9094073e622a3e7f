import type { FlowContext } from '../flowContext'
import { planUnwrittenTokenRemovals } from '../planUnwrittenTokenRemovals'
import { consumePostLoginCookies, failToEmail, unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { planApiCookies } from '../../cookies/planApiCookies'
import { isAuthError } from '../../errors/authError'
import { selectGoogleCookies } from '../../google/selectGoogleCookies'

type GoogleReturnState = Extract<SignInState, { step: 'googleReturn' }>

/**
 * Back from Google: the product API exchanged the Google code for the platform's cookies; those
 * whose names are allowed (`googleCookieNames`) are written with the contract's attributes (never
 * the server's), the other names are reported (names only) and left out, a token cookie the map
 * lacks is removed (the previous person's must not stay), then the person is redirected (the write and the redirect under the platform-wide refresh lease). A map with none
 * of the allowed names fails with `google_failed`.
 * @see ../../../../../shared/docs/contracts.md
 */
export function onGoogleReturn(
  state: GoogleReturnState,
  event: SignInEvent,
  context: FlowContext,
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
          ...consumePostLoginCookies(context.config),
          {
            type: 'finishSignIn',
            removals: planUnwrittenTokenRemovals(context.config, cookies),
            cookies,
            url: state.target,
            mode: 'replace',
          },
        ],
      ]
    }
    default:
      return unchanged(state)
  }
}
