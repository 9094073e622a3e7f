/**
 * The expired password (`onPasswordExpired`): PASSWORD_EXPIRED opens the step; change_password
 * in place, its answers, its edges (rate limits, lockouts, Back and Forward, answers that belong to
 * no call of the step) and its effects.
 */
import { describe, expect, it } from 'vitest'
import {
  MFA_REQUIRED,
  NOW,
  page,
  PASSWORD_EXPIRED,
  reportOf,
  run,
  SESSION_TOKEN,
  signIn,
  STATE_TOKEN,
  SUCCESS,
  typeCode,
} from '../../testSupport/flowHarness'
import { EMAIL, toEmail } from '../../testSupport/flowSteps'
import type { SignInEvent, SignInState } from '../signInFlow.types'

const expiredStep = (): SignInState => run(signIn(PASSWORD_EXPIRED)).state

const change = (
  newPassword: string,
  confirmation = newPassword,
  oldPassword = 'hunter22',
): SignInEvent => ({
  type: 'newPasswordSubmitted',
  oldPassword,
  newPassword,
  confirmation,
})

describe('expired password (PASSWORD_EXPIRED)', () => {
  it('opens the step with the org’s rules, keeps the state token for a reload', () => {
    const { state, last } = run(signIn(PASSWORD_EXPIRED))
    expect(state).toMatchObject({
      step: 'passwordExpired',
      email: 'pat@example.com',
      stateToken: STATE_TOKEN,
      complexity: PASSWORD_EXPIRED.complexity,
      user: PASSWORD_EXPIRED.user,
      changing: false,
      error: null,
    })
    expect(last).toContainEqual({ type: 'persist', item: 'stateToken', value: STATE_TOKEN })
    expect(last).toContainEqual({
      type: 'setLocation',
      hash: '#new-password',
      email: 'pat@example.com',
      mode: 'push',
    })
  })

  it('sends change_password with the current and the new password, once', () => {
    const { state, effects } = run([change('Fresh-start-22'), change('Fresh-start-22')], {
      from: expiredStep(),
    })
    expect(state).toMatchObject({ changing: true, error: null })
    expect(effects.filter((effect) => effect.type === 'callAuthn')).toMatchObject([
      {
        type: 'callAuthn',
        call: {
          kind: 'changePassword',
          stateToken: STATE_TOKEN,
          oldPassword: 'hunter22',
          newPassword: 'Fresh-start-22',
        },
      },
    ])
  })

  it.each([
    ['a too short password', change('Ab1'), 'new_password_too_short'],
    ['no uppercase letter', change('fresh-start-22'), 'new_password_too_simple'],
    ['the first name', change('Pat-rules-22x'), 'new_password_contains_name'],
    [
      'a differing confirmation',
      change('Fresh-start-22', 'Fresh-start-23'),
      'new_password_mismatch',
    ],
    [
      'no current password',
      change('Fresh-start-22', 'Fresh-start-22', ''),
      'current_password_incorrect',
    ],
  ] as const)('refuses %s before sending anything (%s)', (_, event, error) => {
    const { state, effects } = run([event], { from: expiredStep() })
    expect(state).toMatchObject({ step: 'passwordExpired', changing: false, error })
    expect(effects.some((effect) => effect.type === 'callAuthn')).toBe(false)
    expect(effects).toContainEqual(expect.objectContaining({ type: 'reportFailure', code: error }))
  })

  it('on SUCCESS: continues with the PKCE flow; on MFA_REQUIRED: the code step', () => {
    const answer = (transaction: typeof SUCCESS | typeof MFA_REQUIRED) =>
      run(
        [
          change('Fresh-start-22'),
          { type: 'authnTransactionReceived', call: 'changePassword', transaction },
        ],
        { from: expiredStep() },
      ).state
    expect(answer(SUCCESS)).toMatchObject({ step: 'authorizing', sessionToken: SESSION_TOKEN })
    expect(answer(MFA_REQUIRED)).toMatchObject({ step: 'code', factorId: 'ostTotp0001' })
  })

  it.each([
    'current_password_incorrect',
    'new_password_reused',
    'new_password_rejected',
    'new_password_too_short',
    'network_error',
  ] as const)('on Okta refusing with %s: stays, shows it, lets the person try again', (error) => {
    const { state } = run(
      [change('Fresh-start-22'), { type: 'authnCallFailed', call: 'changePassword', error }],
      { from: expiredStep() },
    )
    expect(state).toMatchObject({ step: 'passwordExpired', changing: false, error })
    expect(run([change('Fresh-start-23')], { from: state }).state).toMatchObject({ changing: true })
  })

  it('on E0000011 (the transaction expired): back to the email step with the spec’s message', () => {
    const { state, last } = run(
      [
        change('Fresh-start-22'),
        { type: 'authnCallFailed', call: 'changePassword', error: 'session_expired' },
      ],
      { from: expiredStep() },
    )
    expect(state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
      error: 'session_expired',
      attempted: false,
    })
    expect(last).toContainEqual({ type: 'forget', item: 'stateToken' })
  })

  it('an unexpected failure is unknown_error; answers to other calls are ignored', () => {
    const from = run([change('Fresh-start-22')], { from: expiredStep() }).state
    expect(
      run([{ type: 'authnCallFailed', call: 'changePassword', error: 'enroll_failed' }], { from })
        .state,
    ).toMatchObject({ error: 'unknown_error' })
    const other = run(
      [{ type: 'authnTransactionReceived', call: 'primary', transaction: SUCCESS }],
      {
        from,
      },
    )
    expect(other.state).toBe(from)
  })

  it('Back to sign in: the email step, transaction forgotten', () => {
    const { state, last } = run([{ type: 'startOverClicked' }], { from: expiredStep() })
    expect(state).toMatchObject({ step: 'email', email: 'pat@example.com' })
    expect(last).toContainEqual({ type: 'forget', item: 'stateToken' })
  })

  it('a reload on #new-password resumes the stored transaction', () => {
    const { state, last } = run([
      {
        type: 'pageLoaded',
        page: page({
          hash: '#new-password',
          historyEmail: 'pat@example.com',
          stored: { stateToken: STATE_TOKEN },
        }),
      },
    ])
    expect(state).toMatchObject({ step: 'resuming' })
    expect(last).toContainEqual(
      expect.objectContaining({
        type: 'callAuthn',
        call: { kind: 'resume', stateToken: STATE_TOKEN },
      }),
    )
  })

  it('after MFA, a verify answering PASSWORD_EXPIRED opens the step (Okta asks MFA first)', () => {
    const { state } = run(
      [
        typeCode('123456'),
        { type: 'authnTransactionReceived', call: 'verify', transaction: PASSWORD_EXPIRED },
      ],
      { from: run(signIn(MFA_REQUIRED)).state },
    )
    expect(state).toMatchObject({ step: 'passwordExpired', stateToken: STATE_TOKEN })
  })
})

describe('expired password step: the edges', () => {
  const failing = (failure: Partial<Extract<SignInEvent, { type: 'authnCallFailed' }>>) =>
    run(
      [
        change('Fresh-start-22'),
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
    const changing = run([change('Fresh-start-22')], { from: expiredStep() }).state
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

describe('expired password step: effects', () => {
  const expired = (): SignInState => run(signIn(PASSWORD_EXPIRED)).state

  const change: SignInEvent = {
    type: 'newPasswordSubmitted',
    oldPassword: 'hunter22',
    newPassword: 'Fresh-start-22',
    confirmation: 'Fresh-start-22',
  }

  const changing = (): SignInState => run([change], { from: expired() }).state

  it('MFA after the change: the code step replaces the entry of the expired-password step', () => {
    const { state, last } = run(
      [{ type: 'authnTransactionReceived', call: 'changePassword', transaction: MFA_REQUIRED }],
      { from: changing() },
    )
    expect(state).toMatchObject({ step: 'code', email: EMAIL })
    expect(last).toContainEqual({
      type: 'setLocation',
      hash: '#verify',
      email: EMAIL,
      mode: 'replace',
    })
  })

  it('a lockout while changing: the locked step replaces the entry', () => {
    const { last } = run(
      [{ type: 'authnCallFailed', call: 'changePassword', error: 'account_locked' }],
      { from: changing() },
    )
    expect(last).toContainEqual({
      type: 'setLocation',
      hash: '#locked',
      email: EMAIL,
      mode: 'replace',
    })
  })

  it('a failure while nothing is being changed, or for another call, is ignored', () => {
    const idle = expired()
    const busy = changing()
    for (const [from, call] of [
      [idle, 'changePassword'],
      [busy, 'verify'],
    ] as const) {
      const { state, last } = run(
        [{ type: 'authnCallFailed', call, error: 'network_error', attempt: from.attempt }],
        { from },
      )
      expect(state).toBe(from)
      expect(last).toEqual([])
    }
  })

  it('an unexpected failure: unknown_error, reported from the step', () => {
    const { last } = run(
      [{ type: 'authnCallFailed', call: 'changePassword', error: 'enroll_failed' }],
      { from: changing() },
    )
    expect(last).toEqual([reportOf('unknown_error', 'passwordExpired')])
  })

  it('Back to sign in: forgets the transaction and pushes the email step', () => {
    expect(run([{ type: 'startOverClicked' }], { from: expired() }).last).toEqual([
      { type: 'forget', item: 'stateToken' },
      toEmail(EMAIL, 'push'),
    ])
    const noEmail = {
      ...(expired() as Extract<SignInState, { step: 'passwordExpired' }>),
      email: null,
    }
    const { state, last } = run([{ type: 'startOverClicked' }], { from: noEmail })
    expect(state).toMatchObject({ step: 'email', email: '' })
    expect(last).toContainEqual(toEmail(null, 'push'))
  })

  it('Back in the browser to the password step or the email step leaves it', () => {
    expect(
      run([{ type: 'hashChanged', hash: '#sign-in', historyEmail: null }], { from: expired() })
        .state,
    ).toMatchObject({ step: 'password', email: EMAIL })
    expect(
      run([{ type: 'hashChanged', hash: '', historyEmail: null }], { from: expired() }).state,
    ).toMatchObject({
      step: 'email',
      email: EMAIL,
    })
  })
})
