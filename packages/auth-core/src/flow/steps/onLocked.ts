import { report, unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import { STEP_HASHES } from '../signInFlow.types'
import { isWaiting, startWait, tickWait } from '../helpers/rateLimitWait'
import { startOver } from '../helpers/startOver'

type LockedState = Extract<SignInState, { step: 'locked' }>

/**
 * The locked step: **Unlock account** asks Okta to email an unlock link
 * (`POST /api/v1/authn/recovery/unlock`, factor EMAIL). Any answer Okta gives is the same
 * "Check your email" (it answers alike for unknown addresses: no enumeration). When the org does
 * not allow self-service unlock (no `unlock` link, `E0000119`, or a 403 `E0000006` on unlock),
 * the step says to contact an administrator instead.
 * @see https://developer.okta.com/docs/reference/api/authn/#unlock-account-with-email-factor
 */
export function onLocked(state: LockedState, event: SignInEvent): StepTransition {
  switch (event.type) {
    case 'unlockClicked':
      if (!state.canUnlock || state.sending || isWaiting(state) || state.email === null)
        return unchanged(state)
      return [
        { ...state, sending: true, error: null },
        [{ type: 'callAuthn', call: { kind: 'unlock', username: state.email } }],
      ]
    case 'authnTransactionReceived':
      if (!state.sending || event.call !== 'unlock') return unchanged(state)
      return [
        { step: 'unlockSent', email: state.email },
        [
          {
            type: 'setLocation',
            hash: STEP_HASHES.unlockSent,
            email: state.email,
            mode: 'replace',
          },
        ],
      ]
    case 'authnCallFailed': {
      if (!state.sending || event.call !== 'unlock') return unchanged(state)
      const error = event.error
      if (error === 'unlock_not_allowed' || error === 'invalid_verification_code')
        return [
          { ...state, sending: false, canUnlock: false, error: null },
          [report('unlock_not_allowed', state.step)],
        ]
      if (error === 'rate_limited')
        return [
          { ...state, sending: false, error, retry: startWait(event.rateLimitReset) },
          [report(error, state.step), { type: 'startClock' }],
        ]
      const shown = error === 'network_error' || error === 'timeout' ? error : 'unknown_error'
      return [{ ...state, sending: false, error: shown }, [report(shown, state.step)]]
    }
    case 'clockTicked':
      return tickWait(state, event.now)
    case 'startOverClicked':
      return state.sending ? unchanged(state) : startOver(state.email, 'push')
    case 'hashChanged':
      if (event.hash === STEP_HASHES.locked) return unchanged(state)
      return startOver(state.email, 'replace')
    default:
      return unchanged(state)
  }
}
