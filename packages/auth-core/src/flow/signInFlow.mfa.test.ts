import { describe, expect, it } from 'vitest'
import {
  ENROLL_ACTIVATE,
  MFA_ENROLL,
  MFA_REQUIRED,
  page,
  run,
  SESSION_TOKEN,
  signIn,
  STATE_TOKEN,
  SUCCESS,
  typeCode,
} from '../testSupport/flowHarness'
import { initialCodeEntry } from '../codeEntry/initialCodeEntry'
import type { AuthErrorCode } from '../errors/authError'
import { selectIsBusy, selectShowsCodeVerifying } from './signInFlow.selectors'
import type { SignInState } from './signInFlow.types'
import type { TestEvent } from '../testSupport/flowHarness'

const codeStep = (): SignInState => run(signIn(MFA_REQUIRED)).state
const choiceStep = (): SignInState => run(signIn(MFA_ENROLL)).state
const activateStep = (): SignInState =>
  run(
    [
      { type: 'factorChosen', provider: 'OKTA' },
      { type: 'authnTransactionReceived', call: 'enroll', transaction: ENROLL_ACTIVATE },
    ],
    { from: choiceStep() },
  ).state

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

describe('signInFlow: MFA_ENROLL', () => {
  it('on MFA_ENROLL: lists only NOT_SETUP TOTP factors of Okta Verify and Google Authenticator', () => {
    const { state, last } = run(signIn(MFA_ENROLL))
    expect(state).toEqual({
      attempt: 4,
      step: 'factorChoice',
      email: 'pat@example.com',
      stateToken: STATE_TOKEN,
      factors: ['GOOGLE', 'OKTA'],
      enrolling: null,
      error: null,
    })
    expect(last).toContainEqual({
      type: 'setLocation',
      hash: '#setup',
      email: 'pat@example.com',
      mode: 'push',
    })
  })

  it('on MFA_ENROLL with nothing to set up: enroll_failed on the email step', () => {
    const none = {
      ...MFA_ENROLL,
      factors: [{ id: 'sms1', factorType: 'sms', provider: 'OKTA', status: 'NOT_SETUP' }],
    }
    expect(run(signIn(none)).state).toMatchObject({ step: 'email', error: 'enroll_failed' })
  })

  it('on factorChosen: enrols it once with the state token', () => {
    const { state, effects } = run(
      [
        { type: 'factorChosen', provider: 'GOOGLE' },
        { type: 'factorChosen', provider: 'OKTA' },
      ],
      { from: choiceStep() },
    )
    expect(state).toMatchObject({ step: 'factorChoice', enrolling: 'GOOGLE' })
    expect(effects).toEqual([
      {
        type: 'callAuthn',
        attempt: 5,
        call: { kind: 'enroll', stateToken: STATE_TOKEN, provider: 'GOOGLE' },
      },
    ])
  })

  it('on factorChosen for an authenticator not offered: no_factor_selected', () => {
    const onlyGoogle = {
      ...MFA_ENROLL,
      factors: [
        { id: 'g1', factorType: 'token:software:totp', provider: 'GOOGLE', status: 'NOT_SETUP' },
      ],
    }
    const { state, effects } = run([
      ...signIn(onlyGoogle),
      { type: 'factorChosen', provider: 'OKTA' },
    ])
    expect(state).toMatchObject({
      step: 'factorChoice',
      error: 'no_factor_selected',
      enrolling: null,
    })
    expect(
      effects.filter((effect) => effect.type === 'callAuthn' && effect.call.kind === 'enroll'),
    ).toEqual([])
  })

  it('on MFA_ENROLL_ACTIVATE after enrolling: shows the QR step with secret and QR link, replacing #setup', () => {
    const { state, last } = run(
      [
        { type: 'factorChosen', provider: 'OKTA' },
        { type: 'authnTransactionReceived', call: 'enroll', transaction: ENROLL_ACTIVATE },
      ],
      { from: choiceStep() },
    )
    expect(state).toEqual({
      attempt: 6,
      step: 'enrollActivate',
      email: 'pat@example.com',
      stateToken: STATE_TOKEN,
      factorId: 'ostNew0001',
      provider: 'OKTA',
      sharedSecret: 'KBMTM32UJZSXQ2DW',
      qrCodeUrl: 'https://login.example.com/api/v1/users/u1/factors/ostNew0001/qr/abc',
      code: initialCodeEntry(),
      activating: false,
      error: null,
    })
    expect(last).toEqual([
      { type: 'persist', item: 'stateToken', value: STATE_TOKEN },
      { type: 'setLocation', hash: '#activate', email: 'pat@example.com', mode: 'replace' },
    ])
  })

  it.each([
    [
      'no shared secret',
      {
        ...ENROLL_ACTIVATE,
        activation: { sharedSecret: null, qrCodeUrl: 'https://login.example.com/qr' },
      },
    ],
    ['no QR link', { ...ENROLL_ACTIVATE, activation: { sharedSecret: 'ABC', qrCodeUrl: null } }],
    ['no activation', { ...ENROLL_ACTIVATE, activation: null }],
    ['no factor', { ...ENROLL_ACTIVATE, factor: null }],
    [
      'a non-TOTP factor',
      { ...ENROLL_ACTIVATE, factor: { id: 'x', factorType: 'sms', provider: 'OKTA' } },
    ],
    [
      'an unknown provider',
      {
        ...ENROLL_ACTIVATE,
        factor: { id: 'x', factorType: 'token:software:totp', provider: 'RSA' },
      },
    ],
    ['another status', MFA_REQUIRED],
  ])(
    'on an enrol answer with %s: enrollment_info_failed, choice offered again',
    (_name, transaction) => {
      const { state } = run(
        [
          { type: 'factorChosen', provider: 'OKTA' },
          { type: 'authnTransactionReceived', call: 'enroll', transaction: transaction as never },
        ],
        { from: choiceStep() },
      )
      expect(state).toMatchObject({
        step: 'factorChoice',
        enrolling: null,
        error: 'enrollment_info_failed',
      })
    },
  )

  it.each<[AuthErrorCode, AuthErrorCode]>([
    ['unknown_error', 'enroll_failed'],
    ['invalid_verification_code', 'enroll_failed'],
    ['rate_limited', 'rate_limited'],
    ['network_error', 'network_error'],
    ['timeout', 'timeout'],
  ])('on enrol failing with %s: shows %s and lets the person choose again', (error, shown) => {
    const { state } = run(
      [
        { type: 'factorChosen', provider: 'OKTA' },
        { type: 'authnCallFailed', call: 'enroll', error },
      ],
      { from: choiceStep() },
    )
    expect(state).toMatchObject({ step: 'factorChoice', enrolling: null, error: shown })
  })

  it('on enrol failing with session_expired: back to the email step', () => {
    const { state } = run(
      [
        { type: 'factorChosen', provider: 'OKTA' },
        { type: 'authnCallFailed', call: 'enroll', error: 'session_expired' },
      ],
      { from: choiceStep() },
    )
    expect(state).toMatchObject({ step: 'email', error: 'session_expired' })
  })

  it('on Back from factor choice: password step', () => {
    expect(
      run([{ type: 'hashChanged', hash: '#sign-in', historyEmail: null }], { from: choiceStep() })
        .state.step,
    ).toBe('password')
    const same = choiceStep()
    expect(
      run([{ type: 'hashChanged', hash: '#setup', historyEmail: null }], { from: same }).state,
    ).toBe(same)
  })

  it('on MFA_ENROLL_ACTIVATE straight from primary authentication: the QR step', () => {
    expect(run(signIn(ENROLL_ACTIVATE)).state.step).toBe('enrollActivate')
    expect(run(signIn({ ...ENROLL_ACTIVATE, activation: null })).state).toMatchObject({
      step: 'email',
      error: 'enrollment_info_failed',
    })
  })
})

describe('signInFlow: MFA_ENROLL_ACTIVATE (QR step)', () => {
  it('on the sixth digit: activates once with the factor id', () => {
    const { effects, state } = run([typeCode('654321'), typeCode('1')], { from: activateStep() })
    expect(effects).toEqual([
      {
        type: 'callAuthn',
        attempt: 7,
        call: {
          kind: 'activate',
          stateToken: STATE_TOKEN,
          factorId: 'ostNew0001',
          passCode: '654321',
        },
      },
    ])
    expect(state).toMatchObject({ activating: true })
  })

  it('on activation SUCCESS: starts authorization via MFA', () => {
    const { state } = run(
      [
        typeCode('654321'),
        { type: 'authnTransactionReceived', call: 'activate', transaction: SUCCESS },
      ],
      { from: activateStep() },
    )
    expect(state).toMatchObject({ step: 'authorizing', via: 'mfa' })
  })

  it('on codeSubmitted before six digits: missing_verification_data', () => {
    expect(run([{ type: 'codeSubmitted' }], { from: activateStep() }).state).toMatchObject({
      error: 'missing_verification_data',
    })
  })

  it.each<[string, TestEvent, AuthErrorCode]>([
    [
      'E0000068',
      { type: 'authnCallFailed', call: 'activate', error: 'mfa_verification_failed' },
      'activation_invalid_code',
    ],
    [
      'an unexpected failure',
      { type: 'authnCallFailed', call: 'activate', error: 'unknown_error' },
      'activation_failed',
    ],
    [
      'a replayed code',
      { type: 'authnCallFailed', call: 'activate', error: 'passcode_replayed' },
      'passcode_replayed',
    ],
    [
      '200 without a session token',
      { type: 'authnTransactionReceived', call: 'activate', transaction: ENROLL_ACTIVATE },
      'activation_incomplete',
    ],
  ])('on %s: shows %s and clears the boxes', (_name, event, shown) => {
    const { state } = run([typeCode('654321'), event], { from: activateStep() })
    expect(state).toMatchObject({
      step: 'enrollActivate',
      error: shown,
      activating: false,
      code: initialCodeEntry(),
    })
  })

  it('ignores a verify answer while activating', () => {
    const activating = run([typeCode('654321')], { from: activateStep() }).state
    expect(
      run([{ type: 'authnTransactionReceived', call: 'verify', transaction: SUCCESS }], {
        from: activating,
      }).state,
    ).toBe(activating)
  })
})
