import { isValidPassword } from '../../validation/validation'
import { newPasswordProblem } from '../../password/passwordRules'
import type { AuthErrorCode } from '../../errors/authError'
import { emailStep, failToEmail, forget, report, unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'
import { enterTransaction, lockedStep } from '../helpers/enterTransaction'
import { leaveMfaByHash } from '../helpers/leaveMfaByHash'
import { isWaiting, startWait, tickWait } from '../helpers/rateLimitWait'

type PasswordExpiredState = Extract<SignInState, { step: 'passwordExpired' }>

/** Failures the person can fix on this step; anything else unexpected is `unknown_error` here. */
const SHOWN: ReadonlySet<AuthErrorCode> = new Set<AuthErrorCode>([
  'current_password_incorrect',
  'new_password_too_short',
  'new_password_too_simple',
  'new_password_contains_name',
  'new_password_reused',
  'new_password_rejected',
  'network_error',
  'timeout',
])

/**
 * The expired-password step (`PASSWORD_EXPIRED`): the new password is checked against the org's
 * rules and the confirmation before anything is sent; then `change_password` with the current
 * and the new password. Its answer continues the normal flow (SUCCESS → the PKCE flow); Okta's
 * refusals stay here in the product's words; an expired transaction (`E0000011`) goes back to
 * the email step with the specification's message.
 * @see https://developer.okta.com/docs/reference/api/authn/#change-password
 */
export function onPasswordExpired(state: PasswordExpiredState, event: SignInEvent): StepTransition {
  switch (event.type) {
    case 'newPasswordSubmitted': {
      if (state.changing || isWaiting(state)) return unchanged(state)
      const problem = !isValidPassword(event.oldPassword)
        ? 'current_password_incorrect'
        : newPasswordProblem(state.complexity, state.user, event.newPassword, event.confirmation)
      if (problem !== null) return [{ ...state, error: problem }, [report(problem, state.step)]]
      return [
        { ...state, changing: true, error: null },
        [
          {
            type: 'callAuthn',
            call: {
              kind: 'changePassword',
              stateToken: state.stateToken,
              oldPassword: event.oldPassword,
              newPassword: event.newPassword,
            },
          },
        ],
      ]
    }
    case 'authnTransactionReceived':
      if (!state.changing || event.call !== 'changePassword') return unchanged(state)
      return enterTransaction(event.transaction, {
        from: state.step,
        email: state.email,
        hashMode: 'replace',
      })
    case 'authnCallFailed': {
      if (!state.changing || event.call !== 'changePassword') return unchanged(state)
      const error = event.error
      if (error === 'session_expired') return failToEmail(state.step, state.email, error)
      if (error === 'account_locked') return lockedStep(state.step, state.email, true, 'replace')
      if (error === 'rate_limited')
        return [
          { ...state, changing: false, error, retry: startWait(event.rateLimitReset) },
          [report(error, state.step), { type: 'startClock' }],
        ]
      const shown = SHOWN.has(error) ? error : 'unknown_error'
      return [{ ...state, changing: false, error: shown }, [report(shown, state.step)]]
    }
    case 'clockTicked':
      return tickWait(state, event.now)
    case 'startOverClicked':
      if (state.changing) return unchanged(state)
      return [
        emailStep(state.email ?? ''),
        [
          ...forget('stateToken'),
          { type: 'setLocation', hash: STEP_HASHES.email, email: state.email, mode: 'push' },
        ],
      ]
    case 'hashChanged':
      return leaveMfaByHash(state, event.hash, STEP_HASHES.passwordExpired) ?? unchanged(state)
    case 'storageFailed':
      // The state token could not be kept: without storage the sign-in cannot finish.
      return failToEmail(state.step, state.email, 'storage_unavailable')
    default:
      return unchanged(state)
  }
}
