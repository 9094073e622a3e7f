import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isAuthErrorCode } from '../errors/authError'
import { anyEvent, SAMPLE_EVENTS } from '../testing/flowEvents'
import {
  answering,
  ENROLL_ACTIVATE,
  LOCKED_OUT,
  MFA_ENROLL,
  MFA_REQUIRED,
  page,
  PASSWORD_EXPIRED,
  RECOVERY_CHALLENGE,
  run,
  signIn,
  storedOAuth,
  SUCCESS,
  toPassword,
  typeCode,
} from '../testing/flowHarness'
import type { TestEvent } from '../testing/flowHarness'
import { testConfig } from '../testing/testConfig'
import { laterSteps } from './laterSteps'
import { createSignInFlow } from './signInFlow'
import type { SignInEvent, SignInState, SignInStep } from './signInFlow.types'
import { STEP_HASHES } from './signInFlow.types'

/** A reachable state of every step. */
const STATES: Record<SignInStep, SignInState> = {
  booting: { step: 'booting', attempt: 0 },
  email: run([{ type: 'pageLoaded', page: page() }]).state,
  password: run(toPassword()).state,
  code: run(signIn(MFA_REQUIRED)).state,
  factorChoice: run(signIn(MFA_ENROLL)).state,
  enrollActivate: run(signIn(ENROLL_ACTIVATE)).state,
  resuming: run([
    { type: 'pageLoaded', page: page({ stored: { mfaRedirect: '1', stateToken: 's' } }) },
  ]).state,
  authorizing: run(signIn(SUCCESS)).state,
  redirectingToGoogle: run([{ type: 'pageLoaded', page: page() }, { type: 'googleSignInClicked' }])
    .state,
  callback: run([
    {
      type: 'pageLoaded',
      page: page({
        hash: `#code=c&state=${'S'.repeat(43)}`,
        stored: { pkceVerifier: 'V'.repeat(43), oauthState: storedOAuth('okta') },
      }),
    },
  ]).state,
  googleReturn: run([
    {
      type: 'pageLoaded',
      page: page({
        search: `?code=c&state=${'S'.repeat(43)}`,
        stored: { oauthState: storedOAuth('google') },
      }),
    },
  ]).state,
  passwordExpired: run(signIn(PASSWORD_EXPIRED)).state,
  locked: run(signIn(LOCKED_OUT)).state,
  unlockSent: run([
    ...signIn(LOCKED_OUT),
    { type: 'unlockClicked' },
    { type: 'authnTransactionReceived', call: 'unlock', transaction: RECOVERY_CHALLENGE },
  ]).state,
  signedIn: run([
    { type: 'pageLoaded', page: page({ session: { status: 'live', who: 'pat@example.com' } }) },
    { type: 'sessionVerified', who: 'pat@example.com' },
  ]).state,
  done: { step: 'done', via: 'password', attempt: 9 },
}

/** The events each step handles; every other event must leave it untouched. */
const HANDLED: Record<SignInStep, readonly TestEvent['type'][]> = {
  booting: ['pageLoaded'],
  email: ['emailChanged', 'emailSubmitted', 'googleSignInClicked', 'hashChanged'],
  password: [
    'passwordSubmitted',
    'authnTransactionReceived',
    'authnCallFailed',
    'changeEmailClicked',
    'forgotPasswordClicked',
    'hashChanged',
    'clockTicked',
  ],
  code: [
    'codeEdited',
    'codeSubmitted',
    'authnTransactionReceived',
    'authnCallFailed',
    'hashChanged',
    'storageFailed',
    'clockTicked',
    'rememberDeviceChanged',
  ],
  factorChoice: [
    'factorChosen',
    'authnTransactionReceived',
    'authnCallFailed',
    'hashChanged',
    'storageFailed',
  ],
  enrollActivate: [
    'codeEdited',
    'codeSubmitted',
    'authnTransactionReceived',
    'authnCallFailed',
    'hashChanged',
    'storageFailed',
    'clockTicked',
  ],
  passwordExpired: [
    'storageFailed',
    'newPasswordSubmitted',
    'authnTransactionReceived',
    'authnCallFailed',
    'startOverClicked',
    'hashChanged',
    'clockTicked',
  ],
  locked: [
    'unlockClicked',
    'authnTransactionReceived',
    'authnCallFailed',
    'startOverClicked',
    'hashChanged',
    'clockTicked',
  ],
  unlockSent: ['startOverClicked', 'hashChanged'],
  signedIn: ['continueClicked', 'switchAccountClicked', 'sessionEnded'],
  resuming: ['authnTransactionReceived', 'authnCallFailed'],
  authorizing: [
    'authorizationPrepared',
    'timerElapsed',
    'authorizationFailed',
    'storageFailed',
    'hashChanged',
  ],
  redirectingToGoogle: ['googleRedirectPrepared', 'googleRedirectFailed', 'storageFailed'],
  callback: ['tokensReceived', 'tokensIncomplete', 'tokenExchangeFailed'],
  googleReturn: ['googleCookiesReceived', 'googleSignInFailed'],
  done: [],
}

const flow = createSignInFlow(testConfig(), laterSteps)

describe('signInFlow: events a step does not handle', () => {
  for (const [step, state] of Object.entries(STATES) as [SignInStep, SignInState][]) {
    // A clock tick outside a rate-limit wait stops the clock everywhere (tested with the waits).
    const ignored = (Object.keys(SAMPLE_EVENTS) as TestEvent['type'][]).filter(
      (type) => !HANDLED[step].includes(type) && type !== 'clockTicked',
    )
    it.each(ignored)(`in ${step}: ignores %s (same state, no effects)`, (type) => {
      expect(state.step).toBe(step)
      // A result answers the current attempt: ignored by the step, not by the attempt check.
      const [next, effects] = flow.transition(state, answering(state, SAMPLE_EVENTS[type]))
      expect(next).toBe(state)
      expect(effects).toEqual([])
    })
  }

  it('an event of an unknown type is ignored everywhere', () => {
    for (const state of Object.values(STATES)) {
      const [next, effects] = flow.transition(state, {
        type: 'somethingElse',
      } as unknown as SignInEvent)
      expect(next).toBe(state)
      expect(effects).toEqual([])
    }
  })
})

/** Invariants every state must satisfy. */
function assertValid(state: SignInState): void {
  expect(Object.keys(STATES)).toContain(state.step)
  expect(JSON.parse(JSON.stringify(state))).toEqual(state)
  if ('error' in state && state.error !== null) expect(isAuthErrorCode(state.error)).toBe(true)
  switch (state.step) {
    case 'password':
      expect(state.email.trim()).toBe(state.email)
      break
    case 'code':
    case 'enrollActivate':
      expect(state.code.digits).toHaveLength(6)
      expect(state.stateToken.length).toBeGreaterThan(0)
      break
    case 'factorChoice':
      expect(state.factors.length).toBeGreaterThan(0)
      expect(state.enrolling === null || state.factors.includes(state.enrolling)).toBe(true)
      break
    default:
      break
  }
}

describe('signInFlow: properties', () => {
  it('any sequence of events never throws and never reaches an invalid state', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 30 }), (events) => {
        let state: SignInState = flow.initialState
        for (const event of events) {
          const [next, effects] = flow.transition(state, answering(state, event))
          assertValid(next)
          for (const effect of effects) {
            expect(typeof effect.type).toBe('string')
            if (effect.type === 'setLocation')
              expect(Object.values(STEP_HASHES)).toContain(effect.hash)
            if (effect.type === 'reportFailure')
              expect(JSON.stringify(effect)).not.toContain('hunter')
          }
          state = next
        }
      }),
      { numRuns: 400 },
    )
  })

  it('at most one Authn request is in flight at a time', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 30 }), (events) => {
        let state: SignInState = flow.initialState
        let inFlight = 0
        for (const event of events) {
          if (event.type === 'authnTransactionReceived' || event.type === 'authnCallFailed')
            inFlight = 0
          if (event.type === 'pageLoaded' || event.type === 'hashChanged') inFlight = 0
          const [next, effects] = flow.transition(state, answering(state, event))
          inFlight += effects.filter((effect) => effect.type === 'callAuthn').length
          expect(inFlight).toBeLessThanOrEqual(1)
          state = next
        }
      }),
      { numRuns: 300 },
    )
  })

  it('a full MFA sign-in never lets the password reach a report', () => {
    const { effects } = run([
      ...signIn(MFA_REQUIRED),
      typeCode('123456'),
      { type: 'authnCallFailed', call: 'verify', error: 'unknown_error' },
    ])
    expect(JSON.stringify(effects.filter((effect) => effect.type === 'reportFailure'))).not.toMatch(
      /hunter|123456/,
    )
  })
})
