/**
 * The account situations, effect by effect: what the shell is told to do (the address and its
 * history mode, the failure report and the step it names, the Authn call) on the locked, "Check
 * your email", expired-password and already-signed-in steps. The shell runs exactly these
 * effects, so a missing or different one is a different page for the person.
 */
import { describe, expect, it } from 'vitest'
import {
  MFA_REQUIRED,
  page,
  PASSWORD_EXPIRED,
  run,
  signIn,
  reportOf,
} from '../testSupport/flowHarness'
import type { SignInEvent, SignInState } from './signInFlow.types'

const EMAIL = 'pat@example.com'
const toEmail = (email: string | null, mode: 'push' | 'replace') => ({
  type: 'setLocation',
  hash: '',
  email,
  mode,
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
