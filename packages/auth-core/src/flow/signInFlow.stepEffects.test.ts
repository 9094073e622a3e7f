/**
 * The password, code and authorizing steps, effect by effect: Back and Forward (which history
 * entry is written or replaced, what is forgotten), rate-limit waits, lockouts met on each call,
 * and which step a failure report names. The shell runs exactly these effects.
 */
import { describe, expect, it } from 'vitest'
import {
  MFA_REQUIRED,
  NOW,
  PASSWORD_EXPIRED,
  LOCKED_OUT,
  run,
  signIn,
  SUCCESS,
  toPassword,
  typeCode,
  reportOf,
} from '../testSupport/flowHarness'
import type { SignInEvent, SignInState } from './signInFlow.types'
import { tickWait } from './helpers/rateLimitWait'

const EMAIL = 'pat@example.com'
const hash = (to: string): SignInEvent => ({ type: 'hashChanged', hash: to, historyEmail: null })
const AUTHORIZATION = {
  url: 'https://login.example.com/oauth2/default/v1/authorize?x=1',
  codeVerifier: 'V'.repeat(43),
  state: 'S'.repeat(43),
  nonce: 'N'.repeat(43),
}

const password = (): SignInState => run(toPassword()).state
const submitted = (): SignInState =>
  run([{ type: 'passwordSubmitted', password: 'hunter22' }], { from: password() }).state
const code = (): SignInState => run(signIn(MFA_REQUIRED)).state
const verifying = (): SignInState => run([typeCode('123456')], { from: code() }).state
const authorizing = (): SignInState => run(signIn(SUCCESS)).state

describe('password step: effects', () => {
  it('a rate limit: the report from the password step, then the clock starts', () => {
    const { last } = run(
      [{ type: 'authnCallFailed', call: 'primary', error: 'rate_limited', rateLimitReset: 1 }],
      { from: submitted() },
    )
    expect(last).toEqual([reportOf('rate_limited', 'password'), { type: 'startClock' }])
  })

  it('E0000069 on the password: the locked step offering unlock, a new history entry', () => {
    const { state, last } = run(
      [{ type: 'authnCallFailed', call: 'primary', error: 'account_locked' }],
      { from: submitted() },
    )
    expect(state).toMatchObject({ step: 'locked', email: EMAIL, canUnlock: true })
    expect(last).toContainEqual({
      type: 'setLocation',
      hash: '#locked',
      email: EMAIL,
      mode: 'push',
    })
    expect(last).toContainEqual(reportOf('account_locked', 'password'))
  })

  it('E0000119 on the password: the locked step without unlock (contact an administrator)', () => {
    const { state } = run(
      [{ type: 'authnCallFailed', call: 'primary', error: 'unlock_not_allowed' }],
      { from: submitted() },
    )
    expect(state).toMatchObject({ step: 'locked', email: EMAIL, canUnlock: false })
  })

  it('Back to the root or to "#": the email step with the email, nothing else to do', () => {
    for (const to of ['', '#']) {
      const { state, last } = run([hash(to)], { from: password() })
      expect(state).toMatchObject({ step: 'email', email: EMAIL })
      expect(last).toEqual([])
    }
  })

  it('its own hash changes nothing; another hash is put back, replacing the entry', () => {
    const from = password()
    const own = run([hash('#sign-in')], { from })
    expect(own.state).toBe(from)
    expect(own.last).toEqual([])
    expect(run([hash('#verify')], { from }).last).toEqual([
      { type: 'setLocation', hash: '#sign-in', email: EMAIL, mode: 'replace' },
    ])
  })
})

describe('code step: effects', () => {
  it('its own hash changes nothing; #sign-in is the password step, the transaction forgotten', () => {
    const from = code()
    const own = run([hash('#verify')], { from })
    expect(own.state).toBe(from)
    expect(own.last).toEqual([])
    const back = run([hash('#sign-in')], { from })
    expect(back.state).toEqual({
      step: 'password',
      email: EMAIL,
      submitting: false,
      attempted: false,
      error: null,
      attempt: from.attempt + 1,
    })
    expect(back.last).toEqual([{ type: 'forget', item: 'stateToken' }])
  })

  it('Back to "#": the email step with the email; without a known email, the empty one', () => {
    expect(run([hash('#')], { from: code() }).state).toMatchObject({ step: 'email', email: EMAIL })
    const noEmail = { ...(code() as Extract<SignInState, { step: 'code' }>), email: null }
    const { state, last } = run([hash('')], { from: noEmail })
    expect(state).toMatchObject({ step: 'email', email: '' })
    expect(last).toEqual([{ type: 'forget', item: 'stateToken' }])
  })

  it('the last digit typed during a rate-limit wait does not send the code', () => {
    const limited: SignInState = {
      ...(code() as Extract<SignInState, { step: 'code' }>),
      error: 'rate_limited',
      retry: { until: NOW + 30_000, secondsLeft: 30 },
    }
    const { state, effects } = run([typeCode('123456')], { from: limited })
    expect(state).toMatchObject({ step: 'code', verifying: false })
    expect(effects.some((effect) => effect.type === 'callAuthn')).toBe(false)
  })

  it('a rate limit on verify: the report from the code step, then the clock starts', () => {
    const { last } = run(
      [{ type: 'authnCallFailed', call: 'verify', error: 'rate_limited', rateLimitReset: 1 }],
      { from: verifying() },
    )
    expect(last).toEqual([reportOf('rate_limited', 'code'), { type: 'startClock' }])
  })

  it('verify answered LOCKED_OUT or E0000069: the locked step, replacing the entry', () => {
    const answered = run(
      [{ type: 'authnTransactionReceived', call: 'verify', transaction: LOCKED_OUT }],
      { from: verifying() },
    )
    expect(answered.state).toMatchObject({ step: 'locked', email: EMAIL, canUnlock: true })
    expect(answered.last).toContainEqual({
      type: 'setLocation',
      hash: '#locked',
      email: EMAIL,
      mode: 'replace',
    })
    const failed = run([{ type: 'authnCallFailed', call: 'verify', error: 'account_locked' }], {
      from: verifying(),
    })
    expect(failed.last).toContainEqual({
      type: 'setLocation',
      hash: '#locked',
      email: EMAIL,
      mode: 'replace',
    })
  })

  it('verify answered PASSWORD_EXPIRED: the expired-password step for the email, replacing the entry', () => {
    const { state, last } = run(
      [{ type: 'authnTransactionReceived', call: 'verify', transaction: PASSWORD_EXPIRED }],
      { from: verifying() },
    )
    expect(state).toMatchObject({ step: 'passwordExpired', email: EMAIL })
    expect(last).toContainEqual({
      type: 'setLocation',
      hash: '#new-password',
      email: EMAIL,
      mode: 'replace',
    })
  })

  it('remember device set to what it already is: the same state, nothing to do', () => {
    const from = run(
      signIn({ ...MFA_REQUIRED, rememberDevice: { lifetimeMinutes: 10080, byDefault: true } }),
    ).state
    const same = run([{ type: 'rememberDeviceChanged', remember: true }], { from })
    expect(same.state).toBe(from)
    const changed = run([{ type: 'rememberDeviceChanged', remember: false }], { from })
    expect(changed.state).toMatchObject({ rememberDevice: { chosen: false } })
    expect(changed.last).toEqual([])
  })
})

describe('rate-limit wait: the ticks', () => {
  it('a tick with no wait running stops the clock and changes nothing', () => {
    for (const state of [{ error: null }, { error: null, retry: null }]) {
      const [next, effects] = tickWait(state, NOW)
      expect(next).toBe(state)
      expect(effects).toEqual([{ type: 'stopClock' }])
    }
  })

  it('a tick that counts a second down asks for nothing', () => {
    const [first, none] = tickWait(
      { error: 'rate_limited', retry: { until: NOW + 3_000, secondsLeft: null } },
      NOW,
    )
    expect(first).toEqual({
      error: 'rate_limited',
      retry: { until: NOW + 3_000, secondsLeft: 3 },
    })
    expect(none).toEqual([])
    const [second, effects] = tickWait(first, NOW + 1_000)
    expect(second.retry).toEqual({ until: NOW + 3_000, secondsLeft: 2 })
    expect(effects).toEqual([])
  })
})

describe('authorizing: effects', () => {
  it('the 1000 ms delay elapsing before the request is ready: nothing to do yet', () => {
    const { state, last } = run([{ type: 'timerElapsed', id: 'authorizeRedirect' }], {
      from: authorizing(),
    })
    expect(state).toMatchObject({ step: 'authorizing', delayElapsed: true, authorizeUrl: null })
    expect(last).toEqual([])
  })

  it('the request failing: the email step, reported from authorizing', () => {
    const { state, last } = run([{ type: 'authorizationFailed', error: 'unknown_error' }], {
      from: authorizing(),
    })
    expect(state).toMatchObject({ step: 'email', email: EMAIL, error: 'unknown_error' })
    expect(last).toContainEqual(reportOf('unknown_error', 'authorizing'))
  })

  it('storage refused: forgets the verifier and the OAuth state, reported from authorizing', () => {
    const from = run([{ type: 'authorizationPrepared', request: AUTHORIZATION, now: NOW }], {
      from: authorizing(),
    }).state
    const { state, last } = run([{ type: 'storageFailed' }], { from })
    expect(state).toMatchObject({ step: 'email', error: 'storage_unavailable' })
    expect(last).toEqual([
      { type: 'forget', item: 'pkceVerifier' },
      { type: 'forget', item: 'oauthState' },
      { type: 'forget', item: 'stateToken' },
      { type: 'forget', item: 'mfaRedirect' },
      { type: 'setLocation', hash: '', email: EMAIL, mode: 'replace' },
      reportOf('storage_unavailable', 'authorizing'),
    ])
  })

  it('Back while waiting for the request, even after the delay: the person leaves', () => {
    const elapsed = run([{ type: 'timerElapsed', id: 'authorizeRedirect' }], {
      from: authorizing(),
    }).state
    const { state } = run([hash('#sign-in')], { from: elapsed })
    expect(state).toEqual({
      step: 'password',
      email: EMAIL,
      submitting: false,
      attempted: false,
      error: null,
      attempt: elapsed.attempt + 1,
    })
    const prepared = run([{ type: 'authorizationPrepared', request: AUTHORIZATION, now: NOW }], {
      from: authorizing(),
    }).state
    expect(run([hash('#')], { from: prepared }).state).toMatchObject({
      step: 'email',
      email: EMAIL,
    })
  })
})
