import { unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'
import { startOver } from '../helpers/startOver'

type UnlockSentState = Extract<SignInState, { step: 'unlockSent' }>

/** "Check your email": only the way back to sign in. */
export function onUnlockSent(state: UnlockSentState, event: SignInEvent): StepTransition {
  switch (event.type) {
    case 'startOverClicked':
      return startOver(state.email, 'push')
    case 'hashChanged':
      if (event.hash === STEP_HASHES.unlockSent) return unchanged(state)
      return startOver(state.email, 'replace')
    default:
      return unchanged(state)
  }
}
