/**
 * The password step (`onPassword`): one primary authentication per submit, Okta's answers and
 * failures, Change, Forgot password, Back and Forward, and the effects each leads to.
 */
import { describe, expect, it } from 'vitest'
import { reportOf, run, SUCCESS, toPassword } from '../../testSupport/flowHarness'
import { EMAIL, hash } from '../../testSupport/flowSteps'
import { localTestConfig } from '../../testSupport/testConfig'
import { selectIsBusy } from '../signInFlow.selectors'
import type { SignInState } from '../signInFlow.types'

const password = (): SignInState => run(toPassword()).state

const submitted = (): SignInState =>
  run([{ type: 'passwordSubmitted', password: 'hunter22' }], { from: password() }).state

describe('signInFlow: password step', () => {
  it('on passwordSubmitted with 4+ characters: sends one primary authentication with the exact password', () => {
    const { state, last } = run([
      ...toPassword(),
      { type: 'passwordSubmitted', password: ' pa ss ' },
    ])
    expect(state).toMatchObject({ step: 'password', submitting: true })
    expect(selectIsBusy(state)).toBe(true)
    expect(last).toEqual([
      {
        type: 'callAuthn',
        attempt: 3,
        call: { kind: 'primary', username: 'pat@example.com', password: ' pa ss ' },
      },
    ])
  })

  it('on passwordSubmitted twice (double click, Enter spam): sends exactly one request', () => {
    const { effects } = run([
      ...toPassword(),
      { type: 'passwordSubmitted', password: 'hunter22' },
      { type: 'passwordSubmitted', password: 'hunter22' },
      { type: 'passwordSubmitted', password: 'hunter22' },
    ])
    expect(effects.filter((effect) => effect.type === 'callAuthn')).toHaveLength(1)
  })

  it('on passwordSubmitted with fewer than 4 characters: sends nothing and marks the attempt', () => {
    const { state, last } = run([...toPassword(), { type: 'passwordSubmitted', password: 'abc' }])
    expect(state).toMatchObject({ step: 'password', submitting: false, attempted: true })
    expect(last).toEqual([])
    expect(run([{ type: 'passwordSubmitted', password: 'abc' }], { from: state }).state).toBe(state)
  })

  it.each(['invalid_credentials', 'access_denied', 'password_expired', 'unknown_error'] as const)(
    'on authnCallFailed %s: returns to the email step with the error, keeping the email',
    (error) => {
      const { state, last } = run([
        ...toPassword(),
        { type: 'passwordSubmitted', password: 'hunter22' },
        { type: 'authnCallFailed', call: 'primary', error },
      ])
      expect(state).toEqual({
        attempt: 4,
        step: 'email',
        email: 'pat@example.com',
        error,
        attempted: false,
      })
      expect(last).toContainEqual({
        type: 'setLocation',
        hash: '',
        email: 'pat@example.com',
        mode: 'replace',
      })
      expect(last).toContainEqual(
        expect.objectContaining({ type: 'reportFailure', code: error, step: 'password' }),
      )
    },
  )

  it.each(['network_error', 'timeout'] as const)(
    'on authnCallFailed %s: stays on the password step to retry',
    (error) => {
      const { state, last } = run([
        ...toPassword(),
        { type: 'passwordSubmitted', password: 'hunter22' },
        { type: 'authnCallFailed', call: 'primary', error },
      ])
      expect(state).toMatchObject({ step: 'password', submitting: false, error })
      expect(last).toEqual([
        { type: 'reportFailure', code: error, step: 'password', severity: 'error' },
      ])
    },
  )

  it('on a late answer after the person went back: ignores it', () => {
    const { state } = run([
      ...toPassword(),
      { type: 'passwordSubmitted', password: 'hunter22' },
      { type: 'hashChanged', hash: '', historyEmail: null },
      { type: 'authnTransactionReceived', call: 'primary', transaction: SUCCESS },
    ])
    expect(state).toMatchObject({ step: 'email', email: 'pat@example.com' })
  })

  it('on changeEmailClicked: back to the email step with the email kept, as a new entry', () => {
    const { state, last } = run([...toPassword(), { type: 'changeEmailClicked' }])
    expect(state).toEqual({
      attempt: 3,
      step: 'email',
      email: 'pat@example.com',
      error: null,
      attempted: false,
    })
    expect(last).toEqual([
      { type: 'setLocation', hash: '', email: 'pat@example.com', mode: 'push' },
    ])
  })

  it("on forgotPasswordClicked: navigates to the identity provider's forgot-password page", () => {
    const { last } = run([...toPassword(), { type: 'forgotPasswordClicked' }])
    expect(last).toEqual([
      { type: 'navigate', url: 'https://login.example.com/signin/forgot-password', mode: 'assign' },
    ])
  })

  it('on hashChanged: back to the root shows the email step; an MFA hash without a transaction is put back', () => {
    const password = run(toPassword()).state
    expect(
      run([{ type: 'hashChanged', hash: '', historyEmail: null }], { from: password }).state.step,
    ).toBe('email')
    expect(
      run([{ type: 'hashChanged', hash: '#sign-in', historyEmail: null }], { from: password })
        .state,
    ).toBe(password)
    expect(
      run([{ type: 'hashChanged', hash: '#verify', historyEmail: null }], { from: password }).last,
    ).toEqual([
      { type: 'setLocation', hash: '#sign-in', email: 'pat@example.com', mode: 'replace' },
    ])
  })
})

describe('signInFlow: the password step', () => {
  it('a valid password after a too-short one: submitting, and no longer marked attempted', () => {
    const { state } = run([
      ...toPassword(),
      { type: 'passwordSubmitted', password: 'ab' },
      { type: 'passwordSubmitted', password: 'long-enough' },
    ])
    expect(state).toMatchObject({ step: 'password', submitting: true, attempted: false })
  })
})

describe('signInFlow: session token → authorization', () => {
  it('in local mode the forgot-password link uses the local identity provider', () => {
    const { last } = run([...toPassword(), { type: 'forgotPasswordClicked' }], {
      config: localTestConfig(),
    })
    expect(last).toEqual([
      { type: 'navigate', url: 'http://localhost:8080/signin/forgot-password', mode: 'assign' },
    ])
  })
})

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

describe('signInFlow: edges', () => {
  it('the password step ignores answers when nothing is in flight, and answers to other calls', () => {
    const idle = run(toPassword()).state
    expect(
      run([{ type: 'authnTransactionReceived', call: 'primary', transaction: SUCCESS }], {
        from: idle,
      }).state,
    ).toBe(idle)
    expect(
      run([{ type: 'authnCallFailed', call: 'primary', error: 'unknown_error' }], { from: idle })
        .state,
    ).toBe(idle)
    const busy = run([{ type: 'passwordSubmitted', password: 'hunter22' }], { from: idle }).state
    expect(
      run([{ type: 'authnTransactionReceived', call: 'verify', transaction: SUCCESS }], {
        from: busy,
      }).state,
    ).toBe(busy)
    expect(
      run([{ type: 'authnCallFailed', call: 'enroll', error: 'unknown_error' }], { from: busy })
        .state,
    ).toBe(busy)
  })
})
