/**
 * The locked account (`onLocked`): LOCKED_OUT and E0000069 lead to the locked step; **Unlock
 * account** asks Okta for an unlock email; the edges (rate limits, unexpected failures, Back and
 * Forward, answers to no call of the step) and the step's effects.
 */
import { describe, expect, it } from 'vitest'
import {
  LOCKED_OUT,
  MFA_REQUIRED,
  NOW,
  RECOVERY_CHALLENGE,
  reportOf,
  run,
  signIn,
  toPassword,
  typeCode,
} from '../../testSupport/flowHarness'
import type { TestEvent } from '../../testSupport/flowHarness'
import { EMAIL, locked, sending, toEmail } from '../../testSupport/flowSteps'
import { lockedStep } from '../helpers/enterTransaction'
import type { SignInEvent, SignInState } from '../signInFlow.types'

const lockedWithoutEmail = (canUnlock: boolean): SignInState => ({
  step: 'locked',
  email: null,
  canUnlock,
  sending: false,
  error: null,
  attempt: 7,
})

describe('locked account (LOCKED_OUT, E0000069)', () => {
  it('LOCKED_OUT with the unlock link: the locked step offering unlock, transaction dropped', () => {
    const { state, last } = run(signIn(LOCKED_OUT))
    expect(state).toMatchObject({
      step: 'locked',
      email: 'pat@example.com',
      canUnlock: true,
      sending: false,
      error: null,
    })
    expect(last).toContainEqual({ type: 'forget', item: 'stateToken' })
    expect(last).toContainEqual(expect.objectContaining({ type: 'setLocation', hash: '#locked' }))
  })

  it('LOCKED_OUT without the unlock link, or E0000119: no unlock offered (contact an administrator)', () => {
    expect(run(signIn({ ...LOCKED_OUT, canUnlock: false })).state).toMatchObject({
      step: 'locked',
      canUnlock: false,
    })
    const { state } = run([
      ...toPassword(),
      { type: 'passwordSubmitted', password: 'hunter22' },
      { type: 'authnCallFailed', call: 'primary', error: 'unlock_not_allowed' },
    ])
    expect(state).toMatchObject({ step: 'locked', canUnlock: false })
  })

  it('E0000069 on verify: the locked step offering unlock', () => {
    const { state } = run(
      [typeCode('123456'), { type: 'authnCallFailed', call: 'verify', error: 'account_locked' }],
      { from: run(signIn(MFA_REQUIRED)).state },
    )
    expect(state).toMatchObject({ step: 'locked', email: 'pat@example.com', canUnlock: true })
  })

  it('Unlock account posts the username once; any answer is "Check your email"', () => {
    const { state, effects } = run(
      [
        { type: 'unlockClicked' },
        { type: 'unlockClicked' },
        { type: 'authnTransactionReceived', call: 'unlock', transaction: RECOVERY_CHALLENGE },
      ],
      { from: locked() },
    )
    expect(effects.filter((effect) => effect.type === 'callAuthn')).toMatchObject([
      { type: 'callAuthn', call: { kind: 'unlock', username: 'pat@example.com' } },
    ])
    expect(state).toMatchObject({ step: 'unlockSent', email: 'pat@example.com' })
  })

  it('an unlock refused by the org (E0000119, E0000006): says to contact an administrator', () => {
    for (const error of ['unlock_not_allowed', 'invalid_verification_code'] as const) {
      const { state } = run(
        [{ type: 'unlockClicked' }, { type: 'authnCallFailed', call: 'unlock', error }],
        { from: locked() },
      )
      expect(state).toMatchObject({ step: 'locked', canUnlock: false, sending: false, error: null })
      expect(run([{ type: 'unlockClicked' }], { from: state }).effects).toEqual([])
    }
  })

  it('a network failure keeps the step with the error; Back to sign in keeps the email', () => {
    const { state } = run(
      [{ type: 'unlockClicked' }, { type: 'authnCallFailed', call: 'unlock', error: 'timeout' }],
      { from: locked() },
    )
    expect(state).toMatchObject({ step: 'locked', sending: false, error: 'timeout' })
    expect(run([{ type: 'startOverClicked' }], { from: state }).state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
    })
  })

  it('no unlock without an email (a lockout met after a reload lost it)', () => {
    const state: SignInState = {
      step: 'locked',
      email: null,
      canUnlock: false,
      sending: false,
      error: null,
      attempt: 3,
    }
    expect(run([{ type: 'unlockClicked' }], { from: state }).state).toBe(state)
  })
})

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
      { from: locked() },
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
      { from: locked() },
    )
    expect(state).toMatchObject({ step: 'locked', sending: false, error: 'unknown_error' })
  })

  it('a failure of another call, or one while nothing is being sent, changes nothing', () => {
    const lockedState = locked()
    const failure: TestEvent = { type: 'authnCallFailed', call: 'unlock', error: 'timeout' }
    expect(run([failure], { from: lockedState }).state).toBe(lockedState)
    const sending = run([{ type: 'unlockClicked' }], { from: lockedState }).state
    const other: TestEvent = { type: 'authnCallFailed', call: 'primary', error: 'timeout' }
    expect(run([other], { from: sending }).state).toBe(sending)
  })

  it('Back to sign in while the unlock is being sent waits for it', () => {
    const sending = run([{ type: 'unlockClicked' }], { from: locked() }).state
    expect(run([{ type: 'startOverClicked' }], { from: sending }).state).toBe(sending)
  })

  it('Back and Forward: its own hash changes nothing, another one is the email step with the email', () => {
    const lockedState = locked()
    expect(
      run([{ type: 'hashChanged', hash: '#locked', historyEmail: null }], { from: lockedState })
        .state,
    ).toBe(lockedState)
    expect(
      run([{ type: 'hashChanged', hash: '', historyEmail: null }], { from: lockedState }).state,
    ).toMatchObject({ step: 'email', email: 'pat@example.com' })
  })
})

describe('locked step: effects', () => {
  it('Unlock account: exactly one unlock call for the email, the step marked as sending', () => {
    const from = locked()
    const { state, last } = run([{ type: 'unlockClicked' }], { from })
    expect(state).toEqual({ ...from, sending: true, error: null, attempt: from.attempt + 1 })
    expect(last).toEqual([
      {
        type: 'callAuthn',
        call: { kind: 'unlock', username: EMAIL },
        attempt: from.attempt + 1,
      },
    ])
  })

  it('a lockout met without an email offers no unlock, and a state without one never posts it', () => {
    expect(lockedStep('code', null, true, 'replace')[0]).toMatchObject({
      step: 'locked',
      email: null,
      canUnlock: false,
    })
    expect(lockedStep('code', EMAIL, true, 'replace')[0]).toMatchObject({ canUnlock: true })
    const from = lockedWithoutEmail(true)
    const { state: after, last } = run([{ type: 'unlockClicked' }], { from })
    expect(after).toBe(from)
    expect(last).toEqual([])
  })

  it('the answer to the unlock: "Check your email" with its own address, replacing the entry', () => {
    const from = sending()
    const { state, last } = run(
      [{ type: 'authnTransactionReceived', call: 'unlock', transaction: RECOVERY_CHALLENGE }],
      { from },
    )
    expect(state).toEqual({ step: 'unlockSent', email: EMAIL, attempt: from.attempt + 1 })
    expect(last).toEqual([
      { type: 'setLocation', hash: '#unlock-sent', email: EMAIL, mode: 'replace' },
    ])
  })

  it('an answer or a failure while nothing is being sent, or for another call, is ignored', () => {
    const idle = locked()
    const busy = sending()
    const events: [SignInState, SignInEvent][] = [
      [
        idle,
        {
          type: 'authnTransactionReceived',
          call: 'unlock',
          transaction: RECOVERY_CHALLENGE,
          attempt: idle.attempt,
        },
      ],
      [
        busy,
        {
          type: 'authnTransactionReceived',
          call: 'primary',
          transaction: RECOVERY_CHALLENGE,
          attempt: busy.attempt,
        },
      ],
      [idle, { type: 'authnCallFailed', call: 'unlock', error: 'timeout', attempt: idle.attempt }],
      [busy, { type: 'authnCallFailed', call: 'primary', error: 'timeout', attempt: busy.attempt }],
    ]
    for (const [from, event] of events) {
      const { state, last } = run([event], { from })
      expect(state).toBe(from)
      expect(last).toEqual([])
    }
  })

  it('an unlock the org refuses: only the report, from the locked step', () => {
    const { state, last } = run(
      [{ type: 'authnCallFailed', call: 'unlock', error: 'unlock_not_allowed' }],
      { from: sending() },
    )
    expect(state).toMatchObject({ step: 'locked', canUnlock: false, sending: false, error: null })
    expect(last).toEqual([reportOf('unlock_not_allowed', 'locked')])
  })

  it.each(['network_error', 'timeout'] as const)(
    'an unlock that fails with %s shows that, reported from the locked step',
    (error) => {
      const { state, last } = run([{ type: 'authnCallFailed', call: 'unlock', error }], {
        from: sending(),
      })
      expect(state).toMatchObject({ step: 'locked', sending: false, error })
      expect(last).toEqual([reportOf(error, 'locked')])
    },
  )

  it('Back to sign in pushes the email step; Back in the browser replaces it', () => {
    expect(run([{ type: 'startOverClicked' }], { from: locked() }).last).toEqual([
      toEmail(EMAIL, 'push'),
    ])
    expect(
      run([{ type: 'hashChanged', hash: '#sign-in', historyEmail: null }], { from: locked() }).last,
    ).toEqual([toEmail(EMAIL, 'replace')])
  })

  it('Back to sign in without an email: the empty email step', () => {
    const { state, last } = run([{ type: 'startOverClicked' }], { from: lockedWithoutEmail(false) })
    expect(state).toEqual({ step: 'email', email: '', error: null, attempted: false, attempt: 8 })
    expect(last).toEqual([toEmail(null, 'push')])
  })
})
