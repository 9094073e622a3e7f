import { failToEmail, unchanged } from '../flowOutcomes'
import { serializeOAuthTransaction } from '../oauthTransaction'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'

type RedirectingState = Extract<SignInState, { step: 'redirectingToGoogle' }>

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
