import { emailStep, failToEmail, forget, resetToEmail, unchanged } from '../flowOutcomes'
import { serializeOAuthTransaction } from '../oauthTransaction'
import type { StepEffect, SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'

type AuthorizingState = Extract<SignInState, { step: 'authorizing' }>

function go(url: string): StepEffect {
  // Replace: the sign-in page entry is not kept behind the provider in history.
  return { type: 'navigate', url, mode: 'replace' }
}

/**
 * Authorizing: the request (verifier, state, nonce) is persisted as soon as it is prepared, and
 * the browser goes to `/authorize` once both the request is ready and the 1000 ms have passed.
 * Back during the wait cancels.
 */
export function onAuthorizing(state: AuthorizingState, event: SignInEvent): StepTransition {
  switch (event.type) {
    case 'authorizationPrepared': {
      if (state.authorizeUrl !== null) return unchanged(state)
      const { url, codeVerifier, state: oauthState, nonce } = event.request
      const effects: StepEffect[] = [
        { type: 'persist', item: 'pkceVerifier', value: codeVerifier },
        {
          type: 'persist',
          item: 'oauthState',
          value: serializeOAuthTransaction({
            provider: 'okta',
            state: oauthState,
            nonce,
            createdAt: event.now,
          }),
        },
      ]
      if (state.delayElapsed) effects.push(go(url))
      return [{ ...state, authorizeUrl: url }, effects]
    }
    case 'timerElapsed':
      if (state.delayElapsed) return unchanged(state)
      return [
        { ...state, delayElapsed: true },
        state.authorizeUrl !== null ? [go(state.authorizeUrl)] : [],
      ]
    case 'authorizationFailed':
      return failToEmail('authorizing', state.email, event.error)
    case 'storageFailed':
      return failToEmail(
        'authorizing',
        state.email,
        'storage_unavailable',
        forget('pkceVerifier', 'oauthState'),
      )
    case 'hashChanged': {
      if (state.delayElapsed && state.authorizeUrl !== null) return unchanged(state)
      const abandon = forget('pkceVerifier', 'oauthState', 'mfaRedirect', 'stateToken')
      if (event.hash === STEP_HASHES.password && state.email !== null)
        return [
          {
            step: 'password',
            email: state.email,
            submitting: false,
            attempted: false,
            error: null,
          },
          abandon,
        ]
      if (event.hash === '' || event.hash === '#') return [emailStep(state.email ?? ''), abandon]
      // #sign-in with no email known: the hash is set while the email is not valid.
      if (event.hash === STEP_HASHES.password) return resetToEmail(abandon)
      return unchanged(state)
    }
    default:
      return unchanged(state)
  }
}
