/**
 * The email step (`onEmail`): typing and submitting an email, Back and Forward in the address bar,
 * and Sign in with Google.
 */
import { describe, expect, it } from 'vitest'
import { page, run, signIn, SUCCESS, toPassword } from '../../testSupport/flowHarness'
import { emailStep } from '../../testSupport/flowSteps'
import { selectCanSubmitEmail, selectError } from '../signInFlow.selectors'

describe('signInFlow: email step', () => {
  it('on pageLoaded with an empty hash: shows the email step', () => {
    const { state, effects } = run([{ type: 'pageLoaded', page: page() }])
    expect(state).toEqual({ attempt: 1, step: 'email', email: '', error: null, attempted: false })
    expect(effects).toEqual([])
  })

  it('on emailChanged: Next enables only for a valid email, tested lowercased', () => {
    const invalid = run([
      { type: 'pageLoaded', page: page() },
      { type: 'emailChanged', email: 'pat@example' },
    ])
    expect(selectCanSubmitEmail(invalid.state)).toBe(false)
    const upper = run([
      { type: 'pageLoaded', page: page() },
      { type: 'emailChanged', email: 'Pat.Smith@Example.COM' },
    ])
    expect(selectCanSubmitEmail(upper.state)).toBe(true)
  })

  it('on emailSubmitted with a valid email: moves to the password step and pushes #sign-in', () => {
    const { state, last } = run(toPassword(' Pat@Example.com '))
    expect(state).toEqual({
      attempt: 2,
      step: 'password',
      email: 'Pat@Example.com',
      submitting: false,
      attempted: false,
      error: null,
    })
    expect(last).toEqual([
      { type: 'setLocation', hash: '#sign-in', email: 'Pat@Example.com', mode: 'push' },
    ])
  })

  it('on emailSubmitted with an invalid email: stays and marks the attempt (for aria-invalid)', () => {
    const { state, last } = run([
      { type: 'pageLoaded', page: page() },
      { type: 'emailChanged', email: 'nope' },
      { type: 'emailSubmitted' },
    ])
    expect(state).toMatchObject({ step: 'email', attempted: true })
    expect(last).toEqual([])
    const again = run([{ type: 'emailSubmitted' }], { from: state })
    expect(again.state).toBe(state)
  })

  it('on emailChanged after an error: clears the error; the same text without error is a no-op', () => {
    const failed = run([...signIn(SUCCESS)]).state
    const withError = run(
      [{ type: 'authnCallFailed', call: 'primary', error: 'invalid_credentials' }],
      {
        from: run([...toPassword(), { type: 'passwordSubmitted', password: 'hunter22' }]).state,
      },
    ).state
    expect(failed.step).toBe('authorizing')
    expect(selectError(withError)).toBe('invalid_credentials')
    const edited = run([{ type: 'emailChanged', email: 'pat@example.com' }], {
      from: withError,
    }).state
    expect(selectError(edited)).toBeNull()
    expect(run([{ type: 'emailChanged', email: 'pat@example.com' }], { from: edited }).state).toBe(
      edited,
    )
  })

  it('on hashChanged to #sign-in while the email is invalid: resets the address to the root', () => {
    const { state, last } = run([
      { type: 'pageLoaded', page: page() },
      { type: 'emailChanged', email: 'x' },
      { type: 'hashChanged', hash: '#sign-in', historyEmail: null },
    ])
    expect(state.step).toBe('email')
    expect(last).toEqual([{ type: 'setLocation', hash: '', email: null, mode: 'replace' }])
  })

  it('on hashChanged to #sign-in (forward) with a valid email: shows the password step without a new entry', () => {
    const { state, last } = run([
      { type: 'pageLoaded', page: page() },
      { type: 'emailChanged', email: 'pat@example.com' },
      { type: 'hashChanged', hash: '#sign-in', historyEmail: null },
    ])
    expect(state.step).toBe('password')
    expect(last).toEqual([])
  })

  it('on hashChanged to the root or to an unknown hash in the email step', () => {
    const loaded = run([{ type: 'pageLoaded', page: page() }]).state
    expect(
      run([{ type: 'hashChanged', hash: '', historyEmail: null }], { from: loaded }).state,
    ).toBe(loaded)
    expect(
      run([{ type: 'hashChanged', hash: '#whatever', historyEmail: null }], { from: loaded }).last,
    ).toEqual([{ type: 'setLocation', hash: '', email: null, mode: 'replace' }])
  })
})

describe('signInFlow: the address bar on the email step', () => {
  it.each(['', '#'])('on hash %j: nothing changes, no effect', (hash) => {
    const from = emailStep('pat@example.com')
    const { state, last } = run([{ type: 'hashChanged', hash, historyEmail: null }], { from })
    expect(state).toBe(from)
    expect(last).toEqual([])
  })

  it('on the hash of another step: stays and puts the root back', () => {
    const from = emailStep('pat@example.com')
    const { state, last } = run([{ type: 'hashChanged', hash: '#verify', historyEmail: null }], {
      from,
    })
    expect(state).toBe(from)
    expect(last).toEqual([{ type: 'setLocation', hash: '', email: null, mode: 'replace' }])
  })

  it('on #sign-in (history forward) with a valid email: the password step, fresh', () => {
    const { state, last } = run([{ type: 'hashChanged', hash: '#sign-in', historyEmail: null }], {
      from: emailStep(' pat@example.com '),
    })
    expect(state).toMatchObject({
      step: 'password',
      email: 'pat@example.com',
      submitting: false,
      attempted: false,
      error: null,
    })
    expect(last).toEqual([])
  })
})

describe('signInFlow: Google', () => {
  it('on googleSignInClicked: prepares the consent redirect', () => {
    const { state, last } = run([{ type: 'googleSignInClicked' }], { from: emailStep() })
    expect(state).toEqual({ attempt: 2, step: 'redirectingToGoogle', email: 'gina@example.com' })
    expect(last).toEqual([{ type: 'prepareGoogleRedirect', attempt: 2 }])
  })
})
