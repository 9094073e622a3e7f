import type { SignInEvent, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'
import { onCodeStep } from '../helpers/onCodeStep'
import type { ActivateState, CodeStepSpec } from '../helpers/onCodeStep'

const ACTIVATE: CodeStepSpec<ActivateState> = {
  call: 'activate',
  hash: STEP_HASHES.enrollActivate,
  busy: (state) => state.activating,
  withBusy: (state, activating) => ({ ...state, activating }),
  incomplete: 'missing_verification_data',
  noSession: 'activation_incomplete',
}

/**
 * The QR step (MFA_ENROLL_ACTIVATE): the code from the newly set-up app activates the factor,
 * which yields the session token.
 * @see https://developer.okta.com/docs/reference/api/authn/#activate-totp-factor
 */
export function onEnrollActivate(state: ActivateState, event: SignInEvent): StepTransition {
  return onCodeStep(ACTIVATE, state, event)
}
