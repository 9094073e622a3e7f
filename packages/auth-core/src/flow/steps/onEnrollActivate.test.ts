/**
 * The QR step (`onEnrollActivate`): MFA_ENROLL_ACTIVATE's code entry and the activation.
 */
import { describe, expect, it } from 'vitest'
import { initialCodeEntry } from '../../codeEntry/initialCodeEntry'
import type { AuthErrorCode } from '../../errors/authError'
import { ENROLL_ACTIVATE, run, STATE_TOKEN, SUCCESS, typeCode } from '../../testSupport/flowHarness'
import type { TestEvent } from '../../testSupport/flowHarness'
import { choiceStep } from '../../testSupport/flowSteps'
import type { SignInState } from '../signInFlow.types'

const activateStep = (): SignInState =>
  run(
    [
      { type: 'factorChosen', provider: 'OKTA' },
      { type: 'authnTransactionReceived', call: 'enroll', transaction: ENROLL_ACTIVATE },
    ],
    { from: choiceStep() },
  ).state

describe('signInFlow: MFA_ENROLL_ACTIVATE (QR step)', () => {
  it('on the sixth digit: activates once with the factor id', () => {
    const { effects, state } = run([typeCode('654321'), typeCode('1')], { from: activateStep() })
    expect(effects).toEqual([
      {
        type: 'callAuthn',
        attempt: 7,
        call: {
          kind: 'activate',
          stateToken: STATE_TOKEN,
          factorId: 'ostNew0001',
          passCode: '654321',
        },
      },
    ])
    expect(state).toMatchObject({ activating: true })
  })

  it('on activation SUCCESS: starts authorization via MFA', () => {
    const { state } = run(
      [
        typeCode('654321'),
        { type: 'authnTransactionReceived', call: 'activate', transaction: SUCCESS },
      ],
      { from: activateStep() },
    )
    expect(state).toMatchObject({ step: 'authorizing', via: 'mfa' })
  })

  it('on codeSubmitted before six digits: missing_verification_data', () => {
    expect(run([{ type: 'codeSubmitted' }], { from: activateStep() }).state).toMatchObject({
      error: 'missing_verification_data',
    })
  })

  it.each<[string, TestEvent, AuthErrorCode]>([
    [
      'E0000068',
      { type: 'authnCallFailed', call: 'activate', error: 'mfa_verification_failed' },
      'activation_invalid_code',
    ],
    [
      'an unexpected failure',
      { type: 'authnCallFailed', call: 'activate', error: 'unknown_error' },
      'activation_failed',
    ],
    [
      'a replayed code',
      { type: 'authnCallFailed', call: 'activate', error: 'passcode_replayed' },
      'passcode_replayed',
    ],
    [
      '200 without a session token',
      { type: 'authnTransactionReceived', call: 'activate', transaction: ENROLL_ACTIVATE },
      'activation_incomplete',
    ],
  ])('on %s: shows %s and clears the boxes', (_name, event, shown) => {
    const { state } = run([typeCode('654321'), event], { from: activateStep() })
    expect(state).toMatchObject({
      step: 'enrollActivate',
      error: shown,
      activating: false,
      code: initialCodeEntry(),
    })
  })

  it('ignores a verify answer while activating', () => {
    const activating = run([typeCode('654321')], { from: activateStep() }).state
    expect(
      run([{ type: 'authnTransactionReceived', call: 'verify', transaction: SUCCESS }], {
        from: activating,
      }).state,
    ).toBe(activating)
  })
})
