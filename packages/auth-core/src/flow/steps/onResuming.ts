import { failToEmail, unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { enterTransaction } from '../helpers/enterTransaction'

type ResumingState = Extract<SignInState, { step: 'resuming' }>

/**
 * After a reload mid-MFA, the stored transaction is fetched again (`POST /api/v1/authn` with the
 * state token) and the flow re-enters the step it is in; an expired transaction returns to the
 * email step with `session_expired`.
 * @see https://developer.okta.com/docs/reference/api/authn/#get-transaction-state
 */
export function onResuming(state: ResumingState, event: SignInEvent): StepTransition {
  switch (event.type) {
    case 'authnTransactionReceived':
      if (event.call !== 'resume') return unchanged(state)
      return enterTransaction(event.transaction, {
        from: 'resuming',
        email: state.email,
        hashMode: 'replace',
      })
    case 'authnCallFailed':
      if (event.call !== 'resume') return unchanged(state)
      return failToEmail('resuming', state.email, event.error)
    default:
      return unchanged(state)
  }
}
