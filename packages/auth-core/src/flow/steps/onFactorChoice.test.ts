/**
 * The authenticator choice (`onFactorChoice`): MFA_ENROLL offers the authenticators not set up
 * yet; enrolling one once, and what a failed or unexpected enrolment shows and reports.
 */
import { describe, expect, it } from 'vitest'
import { initialCodeEntry } from '../../codeEntry/initialCodeEntry'
import type { AuthErrorCode } from '../../errors/authError'
import {
  ENROLL_ACTIVATE,
  MFA_ENROLL,
  MFA_REQUIRED,
  reportOf,
  run,
  signIn,
  STATE_TOKEN,
  SUCCESS,
} from '../../testSupport/flowHarness'
import { choiceStep } from '../../testSupport/flowSteps'
import { enrollableProviders } from '../helpers/enterTransaction'
import type { SignInState } from '../signInFlow.types'

const enrolling = (): SignInState =>
  run([{ type: 'factorChosen', provider: 'OKTA' }], { from: choice() }).state

const choice = (): SignInState => run(signIn(MFA_ENROLL)).state

describe('the guards around the flow', () => {
  it('offers for enrolment only an authenticator not set up yet', () => {
    const activeOkta = {
      ...MFA_ENROLL,
      factors: MFA_ENROLL.factors.filter((factor) => factor.id !== 'ostTotp0003'),
    }
    expect(enrollableProviders(activeOkta)).toEqual(['GOOGLE'])
    expect(enrollableProviders(MFA_ENROLL)).toEqual(['GOOGLE', 'OKTA'])
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

describe('signInFlow: the authenticator choice reports what went wrong', () => {
  it('an authenticator not offered: no_factor_selected, reported from factorChoice', () => {
    const onlyGoogle = {
      ...MFA_ENROLL,
      factors: MFA_ENROLL.factors.filter((factor) => factor.provider === 'GOOGLE'),
    }
    const { last } = run([{ type: 'factorChosen', provider: 'OKTA' }], {
      from: run(signIn(onlyGoogle)).state,
    })
    expect(last).toEqual([reportOf('no_factor_selected', 'factorChoice')])
  })

  it('an enrolment answered with something other than an activation: enrollment_info_failed', () => {
    const { state, last } = run(
      [{ type: 'authnTransactionReceived', call: 'enroll', transaction: SUCCESS }],
      { from: enrolling() },
    )
    expect(state).toMatchObject({
      step: 'factorChoice',
      enrolling: null,
      error: 'enrollment_info_failed',
    })
    expect(last).toEqual([reportOf('enrollment_info_failed', 'factorChoice')])
  })

  it('an answer to another call while enrolling: ignored', () => {
    const from = enrolling()
    const { state, last } = run(
      [{ type: 'authnTransactionReceived', call: 'verify', transaction: SUCCESS }],
      { from },
    )
    expect(state).toBe(from)
    expect(last).toEqual([])
  })

  it('a locked account while enrolling: back to the email step with account_locked', () => {
    const { state } = run([{ type: 'authnCallFailed', call: 'enroll', error: 'account_locked' }], {
      from: enrolling(),
    })
    expect(state).toMatchObject({ step: 'email', error: 'account_locked' })
  })

  it('a network failure while enrolling: stays, says so and reports it from factorChoice', () => {
    const { state, last } = run(
      [{ type: 'authnCallFailed', call: 'enroll', error: 'network_error' }],
      { from: enrolling() },
    )
    expect(state).toMatchObject({ step: 'factorChoice', enrolling: null, error: 'network_error' })
    expect(last).toEqual([reportOf('network_error', 'factorChoice')])
  })
})
