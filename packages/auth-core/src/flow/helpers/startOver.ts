import { emailStep } from '../flowOutcomes'
import type { StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'

/** Back to the email step with the email kept, for "Back to sign in" and Back. */
export function startOver(email: string | null, mode: 'push' | 'replace'): StepTransition {
  return [emailStep(email ?? ''), [{ type: 'setLocation', hash: STEP_HASHES.email, email, mode }]]
}
