import { emailStep, forget, resetToEmail } from '../flowOutcomes'
import type { SignInState, StepTransition, StepHash } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'

type MfaState = Extract<
  SignInState,
  { step: 'code' | 'factorChoice' | 'enrollActivate' | 'passwordExpired' }
>

/**
 * Back/forward while in an MFA step: `#sign-in` returns to the password step and the root to the
 * email step, both abandoning the transaction; any other hash is put back to this step's own.
 * `#sign-in` while no email is known (after a resume without one) is a hash set while the email is
 * not valid: the email step, with the address reset to the root path (spec section 2).
 */
export function leaveMfaByHash(
  state: MfaState,
  hash: string,
  own: StepHash,
): StepTransition | null {
  if (hash === own) return null
  if (hash === STEP_HASHES.password && state.email !== null)
    return [
      { step: 'password', email: state.email, submitting: false, attempted: false, error: null },
      forget('stateToken'),
    ]
  if (hash === STEP_HASHES.password) return resetToEmail(forget('stateToken'))
  if (hash === '' || hash === '#') return [emailStep(state.email ?? ''), forget('stateToken')]
  return [state, [{ type: 'setLocation', hash: own, email: state.email, mode: 'replace' }]]
}
