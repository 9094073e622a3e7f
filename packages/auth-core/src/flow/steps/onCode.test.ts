/**
 * The code step (`onCode`): MFA_REQUIRED opens it; the code entry, one verify per code, Okta's
 * answers, remember this device, Back and Forward, and the effects each leads to.
 */
import { describe, expect, it } from 'vitest'
import { initialCodeEntry } from '../../codeEntry/initialCodeEntry'
import type { AuthErrorCode } from '../../errors/authError'
import {
  LOCKED_OUT,
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
import { codeStep, EMAIL, hash } from '../../testSupport/flowSteps'
import { selectIsBusy, selectShowsCodeVerifying } from '../signInFlow.selectors'
import type { SignInEvent, SignInState } from '../signInFlow.types'

const verifying = (): SignInState => run([typeCode('123456')], { from: codeStep() }).state

describe('signInFlow: MFA_REQUIRED', () => {
  it('on MFA_REQUIRED: shows code entry with the first token:software:totp factor, persists the state token', () => {
    const { state, last } = run(signIn(MFA_REQUIRED))
    expect(state).toEqual({
      attempt: 4,
      step: 'code',
      email: 'pat@example.com',
      stateToken: STATE_TOKEN,
      factorId: 'ostTotp0001',
      code: initialCodeEntry(),
      verifying: false,
      rememberDevice: null,
      error: null,
    })
    expect(last).toEqual([
      { type: 'persist', item: 'stateToken', value: STATE_TOKEN },
      { type: 'forget', item: 'mfaRedirect' },
      { type: 'setLocation', hash: '#verify', email: 'pat@example.com', mode: 'push' },
    ])
  })

  it('on MFA_REQUIRED without a TOTP factor: back to the email step with no_authentication_factor', () => {
    const onlyPush = {
      ...MFA_REQUIRED,
      factors: [{ id: 'opf1', factorType: 'push', provider: 'OKTA' }],
    }
    expect(run(signIn(onlyPush)).state).toMatchObject({
      step: 'email',
      error: 'no_authentication_factor',
    })
  })

  it('on the sixth digit: verification fires exactly once with the code', () => {
    const { state, effects } = run(
      [
        { type: 'codeEdited', input: { type: 'textEntered', index: 0, text: '12345' } },
        { type: 'codeEdited', input: { type: 'textEntered', index: 5, text: '6' } },
        { type: 'codeEdited', input: { type: 'textEntered', index: 5, text: '7' } },
        { type: 'codeSubmitted' },
        { type: 'codeSubmitted' },
      ],
      { from: codeStep() },
    )
    expect(effects).toEqual([
      {
        type: 'callAuthn',
        attempt: 5,
        call: {
          kind: 'verify',
          stateToken: STATE_TOKEN,
          factorId: 'ostTotp0001',
          passCode: '123456',
        },
      },
    ])
    expect(state).toMatchObject({ step: 'code', verifying: true })
    expect(selectShowsCodeVerifying(state)).toBe(true)
    expect(selectIsBusy(state)).toBe(true)
  })

  it('on codeSubmitted with all six digits (Enter): verifies', () => {
    const complete = run(
      [typeCode('123456'), { type: 'authnCallFailed', call: 'verify', error: 'network_error' }],
      { from: codeStep() },
    ).state
    const { last } = run([{ type: 'codeSubmitted' }], { from: complete })
    expect(last).toEqual([
      {
        type: 'callAuthn',
        attempt: 6,
        call: {
          kind: 'verify',
          stateToken: STATE_TOKEN,
          factorId: 'ostTotp0001',
          passCode: '123456',
        },
      },
    ])
  })

  it('on codeSubmitted before six digits: shows missing_mfa_data and sends nothing', () => {
    const { state, last } = run([typeCode('123'), { type: 'codeSubmitted' }], { from: codeStep() })
    expect(state).toMatchObject({ step: 'code', error: 'missing_mfa_data', verifying: false })
    expect(last).toEqual([
      { type: 'reportFailure', code: 'missing_mfa_data', step: 'code', severity: 'warning' },
    ])
  })

  it('on editing after an error: clears the error once digits change, not on focus moves', () => {
    const failed = run(
      [
        typeCode('123456'),
        { type: 'authnCallFailed', call: 'verify', error: 'mfa_verification_failed' },
      ],
      { from: codeStep() },
    ).state
    const moved = run([{ type: 'codeEdited', input: { type: 'boxFocused', index: 2 } }], {
      from: failed,
    }).state
    expect(moved).toMatchObject({ error: 'mfa_verification_failed' })
    expect(
      run([{ type: 'codeEdited', input: { type: 'boxFocused', index: 2 } }], { from: moved }).state,
    ).toBe(moved)
    expect(run([typeCode('1')], { from: moved }).state).toMatchObject({ error: null })
  })

  it('on verify SUCCESS: starts authorization after MFA, persisting the MFA-redirect flag and keeping the state token', () => {
    const { state, last } = run(
      [
        typeCode('123456'),
        { type: 'authnTransactionReceived', call: 'verify', transaction: SUCCESS },
      ],
      { from: codeStep() },
    )
    expect(state).toMatchObject({ step: 'authorizing', via: 'mfa', sessionToken: SESSION_TOKEN })
    expect(selectShowsCodeVerifying(state)).toBe(true)
    expect(last).toEqual([
      { type: 'persist', item: 'mfaRedirect', value: '1' },
      { type: 'prepareAuthorization', attempt: 6, sessionToken: SESSION_TOKEN },
      { type: 'startTimer', attempt: 6, id: 'authorizeRedirect', ms: 1000 },
    ])
  })

  it('on verify answering 200 without a session token: mfa_verify_incomplete, boxes cleared', () => {
    const { state } = run(
      [
        typeCode('123456'),
        { type: 'authnTransactionReceived', call: 'verify', transaction: MFA_REQUIRED },
      ],
      { from: codeStep() },
    )
    expect(state).toMatchObject({
      step: 'code',
      error: 'mfa_verify_incomplete',
      verifying: false,
      code: initialCodeEntry(),
    })
  })

  it.each<[AuthErrorCode, AuthErrorCode, boolean]>([
    ['mfa_verification_failed', 'mfa_verification_failed', true],
    ['invalid_verification_code', 'invalid_verification_code', true],
    ['passcode_replayed', 'passcode_replayed', true],
    ['unknown_error', 'verification_failed', true],
    ['enroll_failed', 'verification_failed', true],
    ['network_error', 'network_error', false],
    ['timeout', 'timeout', false],
  ])(
    'on verify failing with %s: shows %s on the code step (boxes cleared: %s)',
    (error, shown, cleared) => {
      const { state, last } = run(
        [typeCode('123456'), { type: 'authnCallFailed', call: 'verify', error }],
        { from: codeStep() },
      )
      expect(state).toMatchObject({ step: 'code', error: shown, verifying: false })
      if (state.step !== 'code') throw new Error('unreachable')
      expect(state.code.digits.join('')).toBe(cleared ? '' : '123456')
      expect(state.code.focusedIndex).toBe(cleared ? 0 : 5)
      expect(last).toContainEqual(expect.objectContaining({ type: 'reportFailure', code: shown }))
    },
  )

  it.each(['session_expired'] as const)(
    'on verify failing with %s: back to the email step, transaction forgotten',
    (error) => {
      const { state, last } = run(
        [typeCode('123456'), { type: 'authnCallFailed', call: 'verify', error }],
        { from: codeStep() },
      )
      expect(state).toEqual({
        attempt: 6,
        step: 'email',
        email: 'pat@example.com',
        error,
        attempted: false,
      })
      expect(last).toContainEqual({ type: 'forget', item: 'stateToken' })
    },
  )

  it('on edits while verifying: ignored', () => {
    const verifying = run([typeCode('123456')], { from: codeStep() }).state
    expect(run([typeCode('9')], { from: verifying }).state).toBe(verifying)
  })

  it('on Back from the code step: the password step, transaction forgotten; root → email step', () => {
    const back = run([{ type: 'hashChanged', hash: '#sign-in', historyEmail: null }], {
      from: codeStep(),
    })
    expect(back.state).toMatchObject({ step: 'password', email: 'pat@example.com' })
    expect(back.last).toEqual([{ type: 'forget', item: 'stateToken' }])
    expect(
      run([{ type: 'hashChanged', hash: '', historyEmail: null }], { from: codeStep() }).state.step,
    ).toBe('email')
    expect(
      run([{ type: 'hashChanged', hash: '#setup', historyEmail: null }], { from: codeStep() }).last,
    ).toEqual([{ type: 'setLocation', hash: '#verify', email: 'pat@example.com', mode: 'replace' }])
    const same = codeStep()
    expect(
      run([{ type: 'hashChanged', hash: '#verify', historyEmail: null }], { from: same }).state,
    ).toBe(same)
  })

  it.each([null, 'pat@example.com'])(
    'on #sign-in from an MFA step whose email is unknown (entry email %s): the email step at the root path',
    (historyEmail) => {
      const noEmail: SignInState = {
        ...(codeStep() as Extract<SignInState, { step: 'code' }>),
        email: null,
      }
      const { state, last } = run([{ type: 'hashChanged', hash: '#sign-in', historyEmail }], {
        from: noEmail,
      })
      expect(state).toMatchObject({ step: 'email', email: '' })
      expect(last).toContainEqual({ type: 'setLocation', hash: '', email: null, mode: 'replace' })
      expect(last).toContainEqual({ type: 'forget', item: 'stateToken' })
    },
  )

  it('after a resume without a known email, Back to #sign-in from the code step: the root path', () => {
    const resumed = run([
      {
        type: 'pageLoaded',
        page: page({ hash: '#verify', stored: { mfaRedirect: '1', stateToken: STATE_TOKEN } }),
      },
      { type: 'authnTransactionReceived', call: 'resume', transaction: MFA_REQUIRED },
    ])
    expect(resumed.state).toMatchObject({ step: 'code', email: null })
    const { state, last } = run(
      [{ type: 'hashChanged', hash: '#sign-in', historyEmail: 'pat@example.com' }],
      { from: resumed.state },
    )
    expect(state).toMatchObject({ step: 'email', email: '' })
    expect(last).toContainEqual({ type: 'setLocation', hash: '', email: null, mode: 'replace' })
  })
})

describe('remember this device (allowRememberDevice)', () => {
  const remembering = (byDefault: boolean) =>
    run(signIn({ ...MFA_REQUIRED, rememberDevice: { lifetimeMinutes: 10080, byDefault } })).state

  it('offers the choice, checked when rememberDeviceByDefault', () => {
    expect(remembering(false)).toMatchObject({
      rememberDevice: { lifetimeMinutes: 10080, chosen: false },
    })
    expect(remembering(true)).toMatchObject({ rememberDevice: { chosen: true } })
  })

  it('sends rememberDevice=true with the verify only when chosen', () => {
    const verify = (events: SignInEvent[], from: SignInState) =>
      run(events, { from }).effects.find((effect) => effect.type === 'callAuthn')
    expect(
      verify(
        [{ type: 'rememberDeviceChanged', remember: true }, typeCode('123456')],
        remembering(false),
      ),
    ).toMatchObject({ call: { kind: 'verify', rememberDevice: true } })
    const plain = verify([typeCode('123456')], remembering(false))
    expect(plain).toMatchObject({ call: { kind: 'verify' } })
    expect(plain && 'call' in plain && 'rememberDevice' in plain.call).toBe(false)
  })

  it('ignores the checkbox when the policy does not offer it', () => {
    const from = run(signIn(MFA_REQUIRED)).state
    expect(run([{ type: 'rememberDeviceChanged', remember: true }], { from }).state).toBe(from)
  })
})

describe('code step: effects', () => {
  it('its own hash changes nothing; #sign-in is the password step, the transaction forgotten', () => {
    const from = codeStep()
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
    expect(run([hash('#')], { from: codeStep() }).state).toMatchObject({
      step: 'email',
      email: EMAIL,
    })
    const noEmail = { ...(codeStep() as Extract<SignInState, { step: 'code' }>), email: null }
    const { state, last } = run([hash('')], { from: noEmail })
    expect(state).toMatchObject({ step: 'email', email: '' })
    expect(last).toEqual([{ type: 'forget', item: 'stateToken' }])
  })

  it('the last digit typed during a rate-limit wait does not send the code', () => {
    const limited: SignInState = {
      ...(codeStep() as Extract<SignInState, { step: 'code' }>),
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
