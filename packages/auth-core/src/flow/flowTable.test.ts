import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isAuthErrorCode } from '../errors/authError'
import { anyEvent, SAMPLE_EVENTS } from '../testSupport/flowEvents'
import {
  answering,
  CODE_VERIFIER,
  ENROLL_ACTIVATE,
  LOCKED_OUT,
  MFA_ENROLL,
  MFA_REQUIRED,
  NOW,
  OAUTH_STATE,
  page,
  PASSWORD_EXPIRED,
  RECOVERY_CHALLENGE,
  run,
  signIn,
  storedOAuth,
  SUCCESS,
  toPassword,
  typeCode,
} from '../testSupport/flowHarness'
import type { TestEvent } from '../testSupport/flowHarness'
import { LIVE } from '../testSupport/flowSteps'
import { testConfig } from '../testSupport/testConfig'
import { FLOW_TABLE } from './flowTable'
import { serializeReturnTo } from './returnTo'
import { laterSteps } from './laterSteps'
import { createSignInFlow } from './signInFlow'
import type { SignInEffect, SignInEvent, SignInState, SignInStep } from './signInFlow.types'
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

const flow = createSignInFlow(testConfig(), laterSteps)

const CALLS = [
  'primary',
  'resume',
  'enroll',
  'activate',
  'verify',
  'changePassword',
  'unlock',
] as const
const TRANSACTIONS = [
  SUCCESS,
  MFA_REQUIRED,
  MFA_ENROLL,
  ENROLL_ACTIVATE,
  PASSWORD_EXPIRED,
  LOCKED_OUT,
  RECOVERY_CHALLENGE,
]
const OKTA_RETURN = {
  hash: `#code=c&state=${OAUTH_STATE}`,
  stored: { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta') },
}

/**
 * Events that reach the branches one sample of each does not: every Authn answer to every call,
 * the pages a visit may start from, a whole token response, the product API's token cookie.
 */
const WITNESSES: readonly TestEvent[] = [
  ...CALLS.flatMap((call): TestEvent[] => [
    ...TRANSACTIONS.map((transaction): TestEvent => ({
      type: 'authnTransactionReceived',
      call,
      transaction,
    })),
    { type: 'authnCallFailed', call, error: 'account_locked' },
  ]),
  ...[
    page({ hash: '#sign-in', historyEmail: 'pat@example.com' }),
    page({ session: LIVE }),
    page(OKTA_RETURN),
    page({ ...OKTA_RETURN, postLoginRedirect: 'roads', postLoginPath: '/projects/42?tab=map' }),
    page({
      session: LIVE,
      stored: { returnTo: serializeReturnTo('https://roads.example.com/projects/42', NOW) },
    }),
  ].map((loaded): TestEvent => ({ type: 'pageLoaded', page: loaded })),
  {
    type: 'tokensReceived',
    now: NOW,
    tokens: {
      accessToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJwYXQifQ.c2ln',
      tokenType: 'Bearer',
      expiresIn: 3600,
      refreshToken: 'refresh-token-value',
      idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJub25jZSI6Im4ifQ.c2ln',
      scope: 'openid offline_access',
    },
  },
  { type: 'googleCookiesReceived', cookies: { access_token: 'at' }, now: NOW },
]

/** Whether `event` in `state` changed nothing: same state, no effects (a lone stop of the clock on a tick is what every step does). */
function untouched(
  state: SignInState,
  event: SignInEvent,
  [next, effects]: readonly [SignInState, readonly SignInEffect[]],
): boolean {
  if (next !== state) return false
  if (event.type === 'clockTicked' && effects.length === 1 && effects[0]?.type === 'stopClock')
    return !FLOW_TABLE[state.step].handles.includes('clockTicked')
  return effects.length === 0
}

describe('the flow table (flowTable.ts)', () => {
  it('has a row for every step, naming only steps', () => {
    expect(Object.keys(FLOW_TABLE).sort()).toEqual(Object.keys(STATES).sort())
    for (const row of Object.values(FLOW_TABLE))
      for (const step of row.leadsTo) expect(Object.keys(STATES)).toContain(step)
  })

  it('lists every event a step handles and every step it leads to', () => {
    // Every transition within three events of a state of every step, over one sample of each
    // event, the witnesses and a fixed sample of other payloads; each entry of the table is seen.
    const pool = [
      ...Object.values(SAMPLE_EVENTS),
      ...WITNESSES,
      ...fc.sample(anyEvent, { numRuns: 200, seed: 24 }),
    ]
    let frontier: SignInState[] = [flow.initialState, ...Object.values(STATES)]
    const seen = new Set(frontier.map((state) => JSON.stringify(state)))
    const observed = new Set<string>()
    for (let depth = 0; depth < 3; depth++) {
      const reached: SignInState[] = []
      for (const state of frontier)
        for (const testEvent of pool) {
          const event = answering(state, testEvent)
          const result = flow.transition(state, event)
          if (untouched(state, event, result)) continue
          const row = FLOW_TABLE[state.step]
          const next = result[0]
          if (!row.handles.includes(event.type))
            expect(row.handles, `${state.step} handled ${event.type}`).toContain(event.type)
          if (!row.leadsTo.includes(next.step))
            expect(row.leadsTo, `${state.step} on ${event.type}`).toContain(next.step)
          observed.add(`${state.step} ${event.type}`).add(`${state.step} → ${next.step}`)
          const key = JSON.stringify(next)
          if (!seen.has(key) && seen.size < 4000) {
            seen.add(key)
            reached.push(next)
          }
        }
      frontier = reached
    }
    const listed = Object.entries(FLOW_TABLE).flatMap(([step, row]) => [
      ...row.handles.map((type) => `${step} ${type}`),
      ...row.leadsTo.map((to) => `${step} → ${to}`),
    ])
    expect(listed.filter((entry) => !observed.has(entry))).toEqual([])
  })
})

describe('signInFlow: events a step does not handle', () => {
  for (const [step, state] of Object.entries(STATES) as [SignInStep, SignInState][]) {
    // A clock tick outside a rate-limit wait stops the clock everywhere (tested with the waits).
    const ignored = (Object.keys(SAMPLE_EVENTS) as TestEvent['type'][]).filter(
      (type) => !FLOW_TABLE[step].handles.includes(type) && type !== 'clockTicked',
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
