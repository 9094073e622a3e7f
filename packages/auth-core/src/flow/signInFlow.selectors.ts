/**
 * Values derived from the flow state (derive, don't store). Views read these; the state keeps
 * only what cannot be derived.
 */
import type { AuthErrorCode } from '../errors/authError'
import { isValidEmail } from '../validation/validation'
import type { SignInStepState } from './signInFlow.types'

/** Whether Next is enabled: the email step with a valid email (spec section 5). */
export function selectCanSubmitEmail(state: SignInStepState): boolean {
  return state.step === 'email' && isValidEmail(state.email)
}

/** The error the current step shows, if any. */
export function selectError(state: SignInStepState): AuthErrorCode | null {
  return 'error' in state ? state.error : null
}

/** The email the person is signing in as, when known. */
export function selectEmail(state: SignInStepState): string | null {
  return 'email' in state ? state.email : null
}

/**
 * Whether the page should show the code step in its verifying state: during MFA verification,
 * and from MFA success through the redirects and the exchange, including a reload while the
 * MFA-redirect flag is set (spec section 2).
 */
export function selectShowsCodeVerifying(state: SignInStepState): boolean {
  switch (state.step) {
    case 'code':
      return state.verifying
    case 'resuming':
      return state.mfaRedirect
    case 'authorizing':
    case 'callback':
    case 'done':
      return state.via === 'mfa'
    default:
      return false
  }
}

/** Whether a request or redirect is under way, so controls that would start another are inert. */
export function selectIsBusy(state: SignInStepState): boolean {
  switch (state.step) {
    case 'email':
      return false
    case 'password':
      return state.submitting
    case 'code':
      return state.verifying
    case 'enrollActivate':
      return state.activating
    case 'factorChoice':
      return state.enrolling !== null
    default:
      return true
  }
}
