import type { SignInEvent, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'
import { onCodeStep } from '../helpers/onCodeStep'
import type { CodeState, CodeStepSpec } from '../helpers/onCodeStep'

const VERIFY: CodeStepSpec<CodeState> = {
  call: 'verify',
  hash: STEP_HASHES.code,
  busy: (state) => state.verifying,
  withBusy: (state, verifying) => ({ ...state, verifying }),
  incomplete: 'missing_mfa_data',
  noSession: 'mfa_verify_incomplete',
}

/**
 * The code step (MFA_REQUIRED): six boxes; verification fires once when the last box fills, or
 * on Enter/Verify; a rejected code clears the boxes.
 * @see https://developer.okta.com/docs/reference/api/authn/#verify-totp-factor
 */
export function onCode(state: CodeState, event: SignInEvent): StepTransition {
  return onCodeStep(VERIFY, state, event)
}
