/**
 * The account situations, effect by effect: what the shell is told to do (the address and its
 * history mode, the failure report and the step it names, the Authn call) on the locked, "Check
 * your email", expired-password and already-signed-in steps. The shell runs exactly these
 * effects, so a missing or different one is a different page for the person.
 */
import { describe, expect, it } from 'vitest'
import {
  LOCKED_OUT,
  MFA_REQUIRED,
  page,
  PASSWORD_EXPIRED,
  RECOVERY_CHALLENGE,
  run,
  signIn,
  reportOf,
} from '../testSupport/flowHarness'
import type { SignInEvent, SignInState } from './signInFlow.types'
import { lockedStep } from './helpers/enterTransaction'

const EMAIL = 'pat@example.com'
const toEmail = (email: string | null, mode: 'push' | 'replace') => ({
  type: 'setLocation',
  hash: '',
  email,
  mode,
})

const locked = (): SignInState => run(signIn(LOCKED_OUT)).state
const sending = (): SignInState => run([{ type: 'unlockClicked' }], { from: locked() }).state
const unlockSent = (): SignInState =>
  run([{ type: 'authnTransactionReceived', call: 'unlock', transaction: RECOVERY_CHALLENGE }], {
    from: sending(),
  }).state
const lockedWithoutEmail = (canUnlock: boolean): SignInState => ({
  step: 'locked',
  email: null,
  canUnlock,
  sending: false,
  error: null,
  attempt: 7,
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

describe('already signed in: effects', () => {
  const live = (): SignInState =>
    run([
      {
        type: 'pageLoaded',
        page: page({ session: { status: 'live', who: EMAIL }, postLoginRedirect: 'roads' }),
      },
      { type: 'sessionVerified', who: EMAIL },
    ]).state

  it('Continue: done, via the plain redirect page (not the MFA one)', () => {
    const from = run([{ type: 'continueClicked' }], { from: live() }).state
    expect(run([{ type: 'sessionVerified', who: EMAIL }], { from }).state).toEqual({
      step: 'done',
      via: 'password',
      attempt: from.attempt + 1,
    })
  })

  it('the session ended after Sign in with a different account: the empty email step at /', () => {
    const { state, last } = run([{ type: 'switchAccountClicked' }, { type: 'sessionEnded' }], {
      from: live(),
    })
    expect(state).toMatchObject({ step: 'email', email: '', error: null })
    expect(last).toEqual([toEmail(null, 'replace')])
  })

  it('a sessionEnded nobody asked for changes nothing', () => {
    const from = live()
    const { state, last } = run([{ type: 'sessionEnded' }], { from })
    expect(state).toBe(from)
    expect(last).toEqual([])
  })
})
