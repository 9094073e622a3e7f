import type { AuthErrorCode } from '../../errors/authError'
import { failToEmail, report, unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'
import { activationStep } from '../helpers/enterTransaction'
import { leaveMfaByHash } from '../helpers/leaveMfaByHash'

type ChoiceState = Extract<SignInState, { step: 'factorChoice' }>

const KEPT: ReadonlySet<AuthErrorCode> = new Set<AuthErrorCode>([
  'rate_limited',
  'network_error',
  'timeout',
])

/**
 * Factor choice (MFA_ENROLL): choosing Okta Verify or Google Authenticator enrols it; an
 * `MFA_ENROLL_ACTIVATE` answer with a secret and QR link shows the QR step.
 * @see https://developer.okta.com/docs/reference/api/authn/#enroll-factor
 */
export function onFactorChoice(state: ChoiceState, event: SignInEvent): StepTransition {
  switch (event.type) {
    case 'factorChosen':
      if (state.enrolling !== null) return unchanged(state)
      if (!state.factors.includes(event.provider))
        return [
          { ...state, error: 'no_factor_selected' },
          [report('no_factor_selected', 'factorChoice')],
        ]
      return [
        { ...state, enrolling: event.provider, error: null },
        [
          {
            type: 'callAuthn',
            call: { kind: 'enroll', stateToken: state.stateToken, provider: event.provider },
          },
        ],
      ]
    case 'authnTransactionReceived': {
      if (state.enrolling === null || event.call !== 'enroll') return unchanged(state)
      const next =
        // Stryker disable next-line ConditionalExpression: activationStep is null for a transaction without a TOTP factor and its activation, which only MFA_ENROLL_ACTIVATE carries (the check narrows the type)
        event.transaction.status === 'MFA_ENROLL_ACTIVATE'
          ? activationStep(event.transaction, state.email)
          : null
      if (!next)
        return [
          { ...state, enrolling: null, error: 'enrollment_info_failed' },
          [report('enrollment_info_failed', 'factorChoice')],
        ]
      return [
        next,
        [
          {
            type: 'persist',
            item: 'stateToken',
            value: next.stateToken,
          },
          {
            type: 'setLocation',
            hash: STEP_HASHES.enrollActivate,
            email: state.email,
            mode: 'replace',
          },
        ],
      ]
    }
    case 'authnCallFailed': {
      if (state.enrolling === null || event.call !== 'enroll') return unchanged(state)
      if (event.error === 'session_expired' || event.error === 'account_locked')
        return failToEmail('factorChoice', state.email, event.error)
      const error = KEPT.has(event.error) ? event.error : 'enroll_failed'
      return [{ ...state, enrolling: null, error }, [report(error, 'factorChoice')]]
    }
    case 'hashChanged':
      return leaveMfaByHash(state, event.hash, STEP_HASHES.factorChoice) ?? unchanged(state)
    case 'storageFailed':
      // See onCodeStep: without storage the sign-in cannot finish; say so now.
      return failToEmail('factorChoice', state.email, 'storage_unavailable')
    default:
      return unchanged(state)
  }
}
