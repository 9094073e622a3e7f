import { isValidPassword } from '../../validation/validation'
import type { FlowContext } from '../flowContext'
import { emailStep, failToEmail, report, unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'
import { enterTransaction, lockedStep } from '../helpers/enterTransaction'
import { isWaiting, startWait, tickWait } from '../helpers/rateLimitWait'

type PasswordState = Extract<SignInState, { step: 'password' }>

/**
 * The password step. One primary-authentication request at a time: submits while one is in
 * flight are ignored (double clicks and Enter-spam send exactly one request). A failure the
 * provider answered returns to the email step (spec section 4); a network failure or timeout
 * stays here so the person can simply try again.
 * @see https://developer.okta.com/docs/reference/api/authn/#primary-authentication
 */
export function onPassword(
  context: FlowContext,
  state: PasswordState,
  event: SignInEvent,
): StepTransition {
  switch (event.type) {
    case 'passwordSubmitted':
      if (state.submitting || isWaiting(state)) return unchanged(state)
      if (!isValidPassword(event.password))
        return state.attempted ? unchanged(state) : [{ ...state, attempted: true }, []]
      return [
        { ...state, submitting: true, attempted: false, error: null },
        [
          {
            type: 'callAuthn',
            call: { kind: 'primary', username: state.email, password: event.password },
          },
        ],
      ]
    case 'authnTransactionReceived':
      if (!state.submitting || event.call !== 'primary') return unchanged(state)
      return enterTransaction(event.transaction, {
        from: 'password',
        email: state.email,
        hashMode: 'push',
      })
    case 'authnCallFailed':
      if (!state.submitting || event.call !== 'primary') return unchanged(state)
      if (event.error === 'network_error' || event.error === 'timeout')
        return [
          { ...state, submitting: false, error: event.error },
          [report(event.error, 'password')],
        ]
      if (event.error === 'rate_limited')
        return [
          {
            ...state,
            submitting: false,
            error: event.error,
            retry: startWait(event.rateLimitReset),
          },
          [report(event.error, 'password'), { type: 'startClock' }],
        ]
      if (event.error === 'account_locked' || event.error === 'unlock_not_allowed')
        return lockedStep('password', state.email, event.error !== 'unlock_not_allowed', 'push')
      return failToEmail('password', state.email, event.error)
    case 'clockTicked':
      return tickWait(state, event.now)
    case 'changeEmailClicked':
      return [
        emailStep(state.email),
        [{ type: 'setLocation', hash: STEP_HASHES.email, email: state.email, mode: 'push' }],
      ]
    case 'forgotPasswordClicked':
      return [
        state,
        [
          {
            type: 'navigate',
            url: `${context.config.oktaOrgUrl}/signin/forgot-password`,
            mode: 'assign',
          },
        ],
      ]
    case 'hashChanged':
      if (event.hash === '' || event.hash === '#') return [emailStep(state.email), []]
      if (event.hash === STEP_HASHES.password) return unchanged(state)
      return [
        state,
        [{ type: 'setLocation', hash: STEP_HASHES.password, email: state.email, mode: 'replace' }],
      ]
    default:
      return unchanged(state)
  }
}
