/**
 * The account situations' less travelled edges: rate limits and unexpected failures on unlock and
 * on change_password, Back and Forward on each new step, and answers that belong to no call of
 * the step.
 */
import { describe, expect, it } from 'vitest'
import { LOCKED_OUT, NOW, PASSWORD_EXPIRED, run, signIn } from '../testSupport/flowHarness'
import type { TestEvent } from '../testSupport/flowHarness'
import type { SignInEvent, SignInState } from './signInFlow.types'

const lockedStep = (): SignInState => run(signIn(LOCKED_OUT)).state
const expiredStep = (): SignInState => run(signIn(PASSWORD_EXPIRED)).state
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
    { from: lockedStep() },
  ).state
const change: SignInEvent = {
  type: 'newPasswordSubmitted',
  oldPassword: 'hunter22',
  newPassword: 'Fresh-start-22',
  confirmation: 'Fresh-start-22',
}

describe('locked step: the edges', () => {
  it('an unlock answered E0000047: the wait starts with the clock, and ends on a tick past the reset', () => {
    const limited = run(
      [
        { type: 'unlockClicked' },
        {
          type: 'authnCallFailed',
          call: 'unlock',
          error: 'rate_limited',
          rateLimitReset: NOW / 1000 + 5,
        },
      ],
      { from: lockedStep() },
    )
    expect(limited.state).toMatchObject({
      step: 'locked',
      sending: false,
      error: 'rate_limited',
      retry: { until: NOW + 5_000 },
    })
    expect(limited.last).toContainEqual({ type: 'startClock' })
    const over = run([{ type: 'clockTicked', now: NOW + 5_000 }], { from: limited.state })
    expect(over.state).toMatchObject({ step: 'locked', error: null })
    expect(over.state).not.toHaveProperty('retry.until', NOW + 5_000)
  })

  it('an unexpected unlock failure shows unknown_error, never the provider’s own code', () => {
    const { state } = run(
      [
        { type: 'unlockClicked' },
        { type: 'authnCallFailed', call: 'unlock', error: 'access_denied' },
      ],
      { from: lockedStep() },
    )
    expect(state).toMatchObject({ step: 'locked', sending: false, error: 'unknown_error' })
  })

  it('a failure of another call, or one while nothing is being sent, changes nothing', () => {
    const locked = lockedStep()
    const failure: TestEvent = { type: 'authnCallFailed', call: 'unlock', error: 'timeout' }
    expect(run([failure], { from: locked }).state).toBe(locked)
    const sending = run([{ type: 'unlockClicked' }], { from: locked }).state
    const other: TestEvent = { type: 'authnCallFailed', call: 'primary', error: 'timeout' }
    expect(run([other], { from: sending }).state).toBe(sending)
  })

  it('Back to sign in while the unlock is being sent waits for it', () => {
    const sending = run([{ type: 'unlockClicked' }], { from: lockedStep() }).state
    expect(run([{ type: 'startOverClicked' }], { from: sending }).state).toBe(sending)
  })

  it('Back and Forward: its own hash changes nothing, another one is the email step with the email', () => {
    const locked = lockedStep()
    expect(
      run([{ type: 'hashChanged', hash: '#locked', historyEmail: null }], { from: locked }).state,
    ).toBe(locked)
    expect(
      run([{ type: 'hashChanged', hash: '', historyEmail: null }], { from: locked }).state,
    ).toMatchObject({ step: 'email', email: 'pat@example.com' })
  })
})

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
