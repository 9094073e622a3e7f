/**
 * The selectors the views read (`signInFlow.selectors.ts`).
 */
import { describe, expect, it } from 'vitest'
import {
  ENROLL_ACTIVATE,
  MFA_ENROLL,
  MFA_REQUIRED,
  page,
  run,
  signIn,
  toPassword,
  typeCode,
} from '../testSupport/flowHarness'
import { EMAIL } from '../testSupport/flowSteps'
import {
  selectCanSubmitEmail,
  selectEmail,
  selectError,
  selectIsBusy,
  selectShowsCodeVerifying,
} from './signInFlow.selectors'
import type { SignInStepState } from './signInFlow.types'

describe('signInFlow selectors', () => {
  it('selectShowsCodeVerifying: only while verifying, and from MFA success to the exchange', () => {
    const code = run(signIn(MFA_REQUIRED)).state
    expect(selectShowsCodeVerifying(code)).toBe(false)
    expect(selectShowsCodeVerifying(run(toPassword()).state)).toBe(false)
    expect(selectShowsCodeVerifying({ step: 'done', via: 'google' })).toBe(false)
    expect(selectShowsCodeVerifying({ step: 'done', via: 'mfa' })).toBe(true)
  })

  it('selectIsBusy: requests and redirects under way', () => {
    expect(selectIsBusy(run([{ type: 'pageLoaded', page: page() }]).state)).toBe(false)
    expect(selectIsBusy(run(toPassword()).state)).toBe(false)
    const activate = run(signIn(ENROLL_ACTIVATE)).state
    expect(selectIsBusy(activate)).toBe(false)
    expect(selectIsBusy(run([typeCode('123456')], { from: activate }).state)).toBe(true)
    const choice = run(signIn(MFA_ENROLL)).state
    expect(selectIsBusy(choice)).toBe(false)
    expect(
      selectIsBusy(run([{ type: 'factorChosen', provider: 'GOOGLE' }], { from: choice }).state),
    ).toBe(true)
    expect(selectIsBusy({ step: 'booting' })).toBe(true)
  })

  it('selectError: the step error, or null for steps without one', () => {
    expect(selectError({ step: 'done', via: 'password' })).toBeNull()
    expect(
      selectError(
        run([{ type: 'codeSubmitted' }], { from: run(signIn(MFA_REQUIRED)).state }).state,
      ),
    ).toBe('missing_mfa_data')
  })
})

describe('the guards around the flow', () => {
  it('Next is enabled only on the email step; the code step is busy only while verifying', () => {
    const password: SignInStepState = {
      step: 'password',
      email: EMAIL,
      submitting: false,
      attempted: false,
      error: null,
    }
    expect(selectCanSubmitEmail(password)).toBe(false)
    const code = run(signIn(MFA_REQUIRED)).state
    expect(selectIsBusy(code)).toBe(false)
  })
})

describe('signInFlow: session token → authorization', () => {
  it('selectors derive the email', () => {
    expect(selectEmail(run(toPassword()).state)).toBe('pat@example.com')
    expect(selectEmail({ step: 'booting' })).toBeNull()
  })
})
