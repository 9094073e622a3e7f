/**
 * "Check your email" (`onUnlockSent`), where every answer to the unlock leads: Back to sign in,
 * Back and Forward, and every other event ignored.
 */
import { describe, expect, it } from 'vitest'
import { RECOVERY_CHALLENGE, run } from '../../testSupport/flowHarness'
import { EMAIL, locked, sending, toEmail } from '../../testSupport/flowSteps'
import type { SignInEvent, SignInState } from '../signInFlow.types'

const unlockSent = (): SignInState =>
  run([{ type: 'authnTransactionReceived', call: 'unlock', transaction: RECOVERY_CHALLENGE }], {
    from: sending(),
  }).state

const unlockSentStep = (): SignInState =>
  run(
    [
      { type: 'unlockClicked' },
      {
        type: 'authnTransactionReceived',
        call: 'unlock',
        transaction: { status: 'RECOVERY_CHALLENGE' },
      } as SignInEvent,
    ],
    { from: locked() },
  ).state

describe('"Check your email": the edges', () => {
  it('Back to sign in: the email step with the email', () => {
    const sent = unlockSentStep()
    expect(sent).toMatchObject({ step: 'unlockSent' })
    expect(run([{ type: 'startOverClicked' }], { from: sent }).state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
    })
  })

  it('Back and Forward: its own hash changes nothing, another one is the email step', () => {
    const sent = unlockSentStep()
    expect(
      run([{ type: 'hashChanged', hash: '#unlock-sent', historyEmail: null }], { from: sent })
        .state,
    ).toBe(sent)
    expect(
      run([{ type: 'hashChanged', hash: '#sign-in', historyEmail: null }], { from: sent }).state,
    ).toMatchObject({ step: 'email' })
  })

  it('ignores every other event', () => {
    const sent = unlockSentStep()
    expect(run([{ type: 'unlockClicked' }], { from: sent }).state).toBe(sent)
  })
})

describe('"Check your email": effects', () => {
  it('Back to sign in pushes the email step; Back in the browser replaces it', () => {
    const pushed = run([{ type: 'startOverClicked' }], { from: unlockSent() })
    expect(pushed.state).toMatchObject({ step: 'email', email: EMAIL })
    expect(pushed.last).toEqual([toEmail(EMAIL, 'push')])
    expect(
      run([{ type: 'hashChanged', hash: '', historyEmail: null }], { from: unlockSent() }).last,
    ).toEqual([toEmail(EMAIL, 'replace')])
  })
})
