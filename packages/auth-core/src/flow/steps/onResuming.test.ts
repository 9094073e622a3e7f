/**
 * Resuming (`onResuming`): a reload that resumes the stored transaction, and its answers.
 */
import { describe, expect, it } from 'vitest'
import { MFA_REQUIRED, run, STATE_TOKEN } from '../../testSupport/flowHarness'
import { loaded } from '../../testSupport/flowSteps'

describe('signInFlow: page load', () => {
  it('on a resume that finds the transaction expired: session_expired on the email step', () => {
    const first = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { stateToken: STATE_TOKEN, mfaRedirect: '1' },
    })
    const { state, last } = run(
      [{ type: 'authnCallFailed', call: 'resume', error: 'session_expired' }],
      { from: first.state },
    )
    expect(state).toMatchObject({ step: 'email', error: 'session_expired' })
    expect(last).toContainEqual({ type: 'forget', item: 'mfaRedirect' })
    expect(last).toContainEqual({ type: 'forget', item: 'stateToken' })
  })

  it('on a resume that succeeds: authorization after MFA', () => {
    const first = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { stateToken: STATE_TOKEN, mfaRedirect: '1' },
    })
    const { state } = run(
      [
        {
          type: 'authnTransactionReceived',
          call: 'resume',
          transaction: { status: 'SUCCESS', sessionToken: 'st' },
        },
      ],
      { from: first.state },
    )
    expect(state).toMatchObject({ step: 'authorizing', via: 'mfa' })
  })

  it('resuming ignores answers to other calls', () => {
    const first = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { stateToken: STATE_TOKEN },
    }).state
    expect(
      run([{ type: 'authnCallFailed', call: 'verify', error: 'unknown_error' }], { from: first })
        .state,
    ).toBe(first)
    expect(
      run([{ type: 'authnTransactionReceived', call: 'verify', transaction: MFA_REQUIRED }], {
        from: first,
      }).state,
    ).toBe(first)
  })
})
