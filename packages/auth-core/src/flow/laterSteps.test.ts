/**
 * The flow without its later steps (`createSignInFlow(config, null)`, the sign-in page's first
 * load): every step before an answer from Okta behaves exactly as in the whole flow, the answer
 * that enters a later step enters it alike, and an event in a later step is refused loudly, never
 * silently dropped.
 */
import { describe, expect, it } from 'vitest'
import { SAMPLE_EVENTS } from '../testSupport/flowEvents'
import {
  ENROLL_ACTIVATE,
  LOCKED_OUT,
  MFA_ENROLL,
  MFA_REQUIRED,
  page,
  PASSWORD_EXPIRED,
  run,
  signIn,
  SUCCESS,
  toPassword,
} from '../testSupport/flowHarness'
import type { TestEvent } from '../testSupport/flowHarness'
import { testConfig } from '../testSupport/testConfig'
import { laterSteps } from './laterSteps'
import { createSignInFlow, needsLaterSteps } from './signInFlow'
import type { SignInState } from './signInFlow.types'

/** Sign-ins that end at each later step, as the whole flow plays them. */
const TO_LATER_STEPS: Readonly<Record<string, readonly TestEvent[]>> = {
  code: signIn(MFA_REQUIRED),
  factorChoice: signIn(MFA_ENROLL),
  enrollActivate: signIn(ENROLL_ACTIVATE),
  passwordExpired: signIn(PASSWORD_EXPIRED),
  locked: signIn(LOCKED_OUT),
}

describe('the flow without its later steps', () => {
  it('needsLaterSteps is true exactly for the steps only an answer from Okta leads to', () => {
    const needing = Object.entries(TO_LATER_STEPS).map(([step, events]) => {
      const { state } = run(events)
      expect(state.step).toBe(step)
      return needsLaterSteps(state)
    })
    expect(needing).toEqual([true, true, true, true, true])
    const unlockSent: SignInState = { step: 'unlockSent', attempt: 9, email: null }
    expect(needsLaterSteps(unlockSent)).toBe(true)
    // The providers' returns: only the token exchange's or the product API's answer moves them on.
    const target = 'https://citystream.example.com/'
    expect(needsLaterSteps({ step: 'callback', attempt: 2, via: 'password', target })).toBe(true)
    expect(needsLaterSteps({ step: 'googleReturn', attempt: 2, target })).toBe(true)
    const earlier = [
      createSignInFlow(testConfig(), null).initialState,
      run([{ type: 'pageLoaded', page: page() }]).state,
      run(toPassword()).state,
      run(signIn(SUCCESS)).state,
    ]
    expect(earlier.map((state) => [state.step, needsLaterSteps(state)])).toEqual([
      ['booting', false],
      ['email', false],
      ['password', false],
      ['authorizing', false],
    ])
  })

  it.each(Object.entries(TO_LATER_STEPS))(
    'enters %s as the whole flow does, with the same effects at every event',
    (_, events) => {
      for (let count = 1; count <= events.length; count++) {
        const played = events.slice(0, count)
        expect(run(played, { laterSteps: null })).toEqual(run(played))
      }
    },
  )

  it('a provider’s return that failed needs no later steps: the email step with the error (their chunk may be what failed)', () => {
    const target = 'https://citystream.example.com/'
    const first = createSignInFlow(testConfig(), null)
    const callback = { step: 'callback', attempt: 2, via: 'password', target } as const
    const failed = { type: 'tokenExchangeFailed', attempt: 2, error: 'network_error' } as const
    expect(needsLaterSteps(callback, failed)).toBe(false)
    expect(first.transition(callback, failed)[0]).toMatchObject({
      step: 'email',
      error: 'network_error',
    })
    const googleReturn = { step: 'googleReturn', attempt: 2, target } as const
    const refused = { type: 'googleSignInFailed', attempt: 2, error: 'google_failed' } as const
    expect(needsLaterSteps(googleReturn, refused)).toBe(false)
    expect(first.transition(googleReturn, refused)[0]).toMatchObject({
      step: 'email',
      error: 'google_failed',
    })
    // Their answers that succeed, and the other step's failure, need them.
    expect(needsLaterSteps(callback, refused)).toBe(true)
    expect(needsLaterSteps(googleReturn, failed)).toBe(true)
    expect(() =>
      first.transition(callback, { type: 'tokensIncomplete', attempt: 2, idToken: null }),
    ).toThrow(/the callback step needs laterSteps/)
  })

  it('refuses an event in a later step with an error naming it, instead of dropping it', () => {
    const first = createSignInFlow(testConfig(), null)
    const { state } = run(signIn(MFA_REQUIRED))
    expect(() => first.transition(state, SAMPLE_EVENTS.codeSubmitted as never)).toThrow(
      /the code step needs laterSteps/,
    )
    // The same state and event with the later steps: handled.
    const whole = createSignInFlow(testConfig(), laterSteps)
    expect(() => whole.transition(state, SAMPLE_EVENTS.codeSubmitted as never)).not.toThrow()
  })

  it('handles every sample event on the steps before an answer exactly as the whole flow', () => {
    const starts = [toPassword(), [{ type: 'pageLoaded', page: page() }] as TestEvent[]]
    for (const start of starts)
      for (const event of Object.values(SAMPLE_EVENTS))
        expect(run([...start, event], { laterSteps: null })).toEqual(run([...start, event]))
  })
})
