import { isValidEmail, normalizeEmail } from '../../validation/validation'
import { unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'

type EmailState = Extract<SignInState, { step: 'email' }>

/**
 * The email step: Next (or Enter) moves to the password step only with a valid email; Google
 * sign-in starts from here. Back/forward onto `#sign-in` is honoured only with a valid email.
 */
export function onEmail(state: EmailState, event: SignInEvent): StepTransition {
  switch (event.type) {
    case 'emailChanged':
      if (event.email === state.email && state.error === null) return unchanged(state)
      return [{ ...state, email: event.email, error: null }, []]
    case 'emailSubmitted': {
      if (!isValidEmail(state.email))
        return state.attempted ? unchanged(state) : [{ ...state, attempted: true }, []]
      const email = normalizeEmail(state.email)
      return [
        { step: 'password', email, submitting: false, attempted: false, error: null },
        [{ type: 'setLocation', hash: STEP_HASHES.password, email, mode: 'push' }],
      ]
    }
    case 'googleSignInClicked':
      return [
        { step: 'redirectingToGoogle', email: state.email },
        [{ type: 'prepareGoogleRedirect' }],
      ]
    case 'hashChanged':
      if (event.hash === '' || event.hash === '#') return unchanged(state)
      if (event.hash === STEP_HASHES.password && isValidEmail(state.email))
        return [
          {
            step: 'password',
            email: normalizeEmail(state.email),
            submitting: false,
            attempted: false,
            error: null,
          },
          [],
        ]
      return [
        state,
        [{ type: 'setLocation', hash: STEP_HASHES.email, email: null, mode: 'replace' }],
      ]
    default:
      return unchanged(state)
  }
}
