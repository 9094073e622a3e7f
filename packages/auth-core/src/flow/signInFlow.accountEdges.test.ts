/**
 * The account situations' less travelled edges: rate limits and unexpected failures on unlock and
 * on change_password, Back and Forward on each new step, and answers that belong to no call of
 * the step.
 */
import { describe, expect, it } from 'vitest'
import { NOW, PASSWORD_EXPIRED, run, signIn } from '../testSupport/flowHarness'
import type { SignInEvent, SignInState } from './signInFlow.types'

const expiredStep = (): SignInState => run(signIn(PASSWORD_EXPIRED)).state
const change: SignInEvent = {
  type: 'newPasswordSubmitted',
  oldPassword: 'hunter22',
  newPassword: 'Fresh-start-22',
  confirmation: 'Fresh-start-22',
}

describe('expired password step: the edges', () => {
  const failing = (failure: Partial<Extract<SignInEvent, { type: 'authnCallFailed' }>>) =>
    run(
      [
        change,
        {
          type: 'authnCallFailed',
          call: 'changePassword',
          error: 'timeout',
          ...failure,
        } as SignInEvent,
      ],
      {
        from: expiredStep(),
      },
    )

  it('E0000069 while changing: the locked step, unlock offered', () => {
    expect(failing({ error: 'account_locked' }).state).toMatchObject({
      step: 'locked',
      email: 'pat@example.com',
      canUnlock: true,
    })
  })

  it('E0000047 while changing: a wait with the clock; the form stays', () => {
    const { state, last } = failing({ error: 'rate_limited', rateLimitReset: NOW / 1000 + 9 })
    expect(state).toMatchObject({
      step: 'passwordExpired',
      changing: false,
      error: 'rate_limited',
      retry: { until: NOW + 9_000 },
    })
    expect(last).toContainEqual({ type: 'startClock' })
    expect(run([{ type: 'clockTicked', now: NOW + 9_000 }], { from: state }).state).toMatchObject({
      step: 'passwordExpired',
      error: null,
    })
  })

  it('Back to sign in while changing waits; afterwards it forgets the transaction', () => {
    const changing = run([change], { from: expiredStep() }).state
    expect(run([{ type: 'startOverClicked' }], { from: changing }).state).toBe(changing)
    const back = run([{ type: 'startOverClicked' }], { from: expiredStep() })
    expect(back.state).toMatchObject({ step: 'email', email: 'pat@example.com' })
    expect(back.last).toContainEqual({ type: 'forget', item: 'stateToken' })
  })

  it('storage refused: the email step with the storage message', () => {
    expect(
      run([{ type: 'storageFailed' } as SignInEvent], { from: expiredStep() }).state,
    ).toMatchObject({
      step: 'email',
      error: 'storage_unavailable',
    })
  })

  it('its own hash changes nothing', () => {
    const expired = expiredStep()
    expect(
      run([{ type: 'hashChanged', hash: '#new-password', historyEmail: null }], { from: expired })
        .state,
    ).toBe(expired)
  })
})
