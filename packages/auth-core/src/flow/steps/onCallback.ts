import type { FlowContext } from '../flowContext'
import { consumePostLoginCookies, failToEmail, forget, report, unchanged } from '../flowOutcomes'
import { planUnwrittenTokenRemovals } from '../planUnwrittenTokenRemovals'
import type { FinishSignIn, SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { buildLogoutUrl } from '../../oauth/buildLogoutUrl'
import { planTokenCookies } from '../../cookies/planTokenCookies'
import { isAuthError } from '../../errors/authError'
import { isDeepTarget, serializeReturnTo } from '../returnTo'

type CallbackState = Extract<SignInState, { step: 'callback' }>

/**
 * Back from `/authorize` with a code: after the exchange the post-login redirect cookie is
 * cleared, then, under the platform-wide refresh lease, the tokens are written as cookies and the
 * sign-in ends with a logout-redirect to the provider carrying the ID token, which returns to the
 * sub-site (spec section 4). A target with a
 * path (`post_login_path`) cannot be a registered logout redirect URI: the logout returns to this
 * page's own `/` instead, with the target kept in sessionStorage (`returnTo`), and the page goes on
 * to it from there; when storage refuses to keep it, the sign-in goes on to the sub-site's root
 * without it (see `onDone`). A token response without an access token logs out with
 * `unknown_error`.
 */
export function onCallback(
  state: CallbackState,
  event: SignInEvent,
  context: FlowContext,
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
      // The logout returns only to a registered URI: a deep link goes through our own page.
      const viaSignInPage = idToken !== null && isDeepTarget(state.target)
      const logoutTo = (postLogoutRedirectUri: string): string =>
        buildLogoutUrl(config, {
          idTokenHint: idToken as string,
          postLogoutRedirectUri,
          // Stryker disable next-line StringLiteral: buildLogoutUrl takes every server but 'org' as the custom one ('' is outside the type)
          server: 'custom',
        })
      const url =
        idToken === null
          ? state.target
          : logoutTo(viaSignInPage ? config.redirectUri : state.target)
      // Both token cookies (written or removed), under the platform-wide refresh lease, then the
      // logout redirect.
      const finish = (to: string): FinishSignIn => ({
        type: 'finishSignIn',
        removals: planUnwrittenTokenRemovals(config, cookies),
        cookies,
        url: to,
        mode: 'replace',
      })
      if (!viaSignInPage)
        return [
          { step: 'done', via: state.via },
          [...consumePostLoginCookies(config), ...forget('mfaRedirect'), finish(url)],
        ]
      const returnTo = serializeReturnTo(state.target, event.now)
      return [
        // Storage may refuse the deep link: then the sign-in goes on without it.
        { step: 'done', via: state.via, withoutDeepLink: finish(logoutTo(rootOf(state.target))) },
        [
          ...consumePostLoginCookies(config),
          ...forget('mfaRedirect'),
          { type: 'persist', item: 'returnTo', value: returnTo },
          finish(url),
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
    default:
      return unchanged(state)
  }
}

/** The root of a target (`https://roads.example.com/`), a registered logout redirect URI. */
function rootOf(target: string): string {
  return `${new URL(target).origin}/`
}
