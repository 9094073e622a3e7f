import type { AuthErrorCode } from '../../errors/authError'
import { codeEntryReducer, selectCodeValue, selectIsCodeComplete } from '../../codeEntry/codeEntry'
import { initialCodeEntry } from '../../codeEntry/initialCodeEntry'
import { failToEmail, report, unchanged } from '../flowOutcomes'
import type { StepEffect, SignInEvent, SignInState, StepTransition } from '../signInFlow.types'
import type { STEP_HASHES } from '../signInFlow.types'
import { startAuthorization } from './startAuthorization'
import { enterTransaction, lockedStep } from './enterTransaction'
import { leaveMfaByHash } from './leaveMfaByHash'
import { isWaiting, startWait, tickWait } from './rateLimitWait'

export type CodeState = Extract<SignInState, { step: 'code' }>
export type ActivateState = Extract<SignInState, { step: 'enrollActivate' }>

/** Failures after which the transaction cannot continue: back to the email step. */
const FATAL: ReadonlySet<AuthErrorCode> = new Set<AuthErrorCode>(['session_expired'])
/** Failures after which the same code may simply be sent again. */
const TRANSIENT: ReadonlySet<AuthErrorCode> = new Set<AuthErrorCode>(['network_error', 'timeout'])
/** Failures whose own message is right here; others get the step's own message. */
const KEPT: ReadonlySet<AuthErrorCode> = new Set<AuthErrorCode>([
  'passcode_replayed',
  'invalid_verification_code',
  'rate_limited',
])

/**
 * Maps a failed verify/activate call to what the step shows. A rejected code (`E0000068`) is
 * `mfa_verification_failed` on verify and `activation_invalid_code` on activate; an unexpected
 * failure is `verification_failed` / `activation_failed`.
 */
function codeFailure(error: AuthErrorCode, call: 'verify' | 'activate'): AuthErrorCode {
  if (KEPT.has(error) || TRANSIENT.has(error)) return error
  if (error === 'mfa_verification_failed')
    return call === 'verify' ? 'mfa_verification_failed' : 'activation_invalid_code'
  return call === 'verify' ? 'verification_failed' : 'activation_failed'
}

/** What differs between the code step (verify) and the QR step (activate). */
export interface CodeStepSpec<S extends CodeState | ActivateState> {
  readonly call: 'verify' | 'activate'
  readonly hash: (typeof STEP_HASHES)['code' | 'enrollActivate']
  readonly busy: (state: S) => boolean
  readonly withBusy: (state: S, busy: boolean) => S
  /** Enter pressed before all six digits are in. */
  readonly incomplete: AuthErrorCode
  /** 200 without a session token. */
  readonly noSession: AuthErrorCode
}

function submit<S extends CodeState | ActivateState>(
  spec: CodeStepSpec<S>,
  state: S,
): StepTransition {
  const passCode = selectCodeValue(state.code)
  const call = { kind: spec.call, stateToken: state.stateToken, factorId: state.factorId, passCode }
  const remember = 'rememberDevice' in state && state.rememberDevice?.chosen === true
  const effect: StepEffect = {
    type: 'callAuthn',
    call: remember ? { ...call, kind: 'verify', rememberDevice: true } : call,
  }
  return [{ ...spec.withBusy(state, true), error: null }, [effect]]
}

/** Shows `error` on the step, clearing the boxes unless the same code may be sent again. */
function showError<S extends CodeState | ActivateState>(
  spec: CodeStepSpec<S>,
  state: S,
  error: AuthErrorCode,
): StepTransition {
  const code = TRANSIENT.has(error) ? state.code : initialCodeEntry()
  return [{ ...spec.withBusy(state, false), code, error }, [report(error, state.step)]]
}

/**
 * What the code step and the QR step share (six boxes, one verify/activate call at a time, the
 * rate-limit wait, Back/forward), told apart by `spec`.
 */
export function onCodeStep<S extends CodeState | ActivateState>(
  spec: CodeStepSpec<S>,
  state: S,
  event: SignInEvent,
): StepTransition {
  const busy = spec.busy(state)
  switch (event.type) {
    case 'codeEdited': {
      if (busy) return unchanged(state)
      const code = codeEntryReducer(state.code, event.input)
      if (code === state.code) return unchanged(state)
      const digitsChanged = selectCodeValue(code) !== selectCodeValue(state.code)
      const waiting = isWaiting(state)
      const next = { ...state, code, error: digitsChanged && !waiting ? null : state.error }
      // Verification fires exactly once: when the last box fills, not on every later edit, and
      // never during a rate-limit wait.
      if (!waiting && !selectIsCodeComplete(state.code) && selectIsCodeComplete(code))
        return submit(spec, next)
      return [next, []]
    }
    case 'codeSubmitted':
      if (busy || isWaiting(state)) return unchanged(state)
      if (!selectIsCodeComplete(state.code))
        return [{ ...state, error: spec.incomplete }, [report(spec.incomplete, state.step)]]
      return submit(spec, state)
    case 'authnTransactionReceived':
      if (!busy || event.call !== spec.call) return unchanged(state)
      if (event.transaction.status === 'SUCCESS')
        return startAuthorization('mfa', state.email, event.transaction.sessionToken)
      // Okta challenges MFA before it reports an expired password (or a lockout).
      if (
        event.transaction.status === 'PASSWORD_EXPIRED' ||
        event.transaction.status === 'LOCKED_OUT'
      )
        return enterTransaction(event.transaction, {
          from: state.step,
          email: state.email,
          hashMode: 'replace',
        })
      return showError(spec, state, spec.noSession)
    case 'authnCallFailed':
      if (!busy || event.call !== spec.call) return unchanged(state)
      if (FATAL.has(event.error)) return failToEmail(state.step, state.email, event.error)
      if (event.error === 'account_locked')
        return lockedStep(state.step, state.email, true, 'replace')
      if (event.error === 'rate_limited')
        return [
          {
            ...spec.withBusy(state, false),
            error: event.error,
            retry: startWait(event.rateLimitReset),
          },
          [report(event.error, state.step), { type: 'startClock' }],
        ]
      return showError(spec, state, codeFailure(event.error, spec.call))
    case 'clockTicked':
      return tickWait(state, event.now)
    case 'rememberDeviceChanged':
      if (!('rememberDevice' in state) || !state.rememberDevice || busy) return unchanged(state)
      if (state.rememberDevice.chosen === event.remember) return unchanged(state)
      return [{ ...state, rememberDevice: { ...state.rememberDevice, chosen: event.remember } }, []]
    case 'hashChanged':
      return leaveMfaByHash(state, event.hash, spec.hash) ?? unchanged(state)
    case 'storageFailed':
      // The state token could not be kept: without storage the sign-in cannot finish (the PKCE
      // verifier must survive the redirect), so say so now rather than after the code.
      return failToEmail(state.step, state.email, 'storage_unavailable')
    default:
      return unchanged(state)
  }
}
