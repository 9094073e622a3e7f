/**
 * Answers that belong to no call in flight: each asynchronous effect carries the attempt of the
 * state it leads to, and a result for any other attempt, or for another call, changes nothing; a
 * failed persist stops its transition.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { anyEvent } from '../testSupport/flowEvents'
import {
  answering,
  ENROLL_ACTIVATE,
  MFA_ENROLL,
  MFA_REQUIRED,
  run,
  signIn,
  SUCCESS,
  toPassword,
  typeCode,
} from '../testSupport/flowHarness'
import { testConfig } from '../testSupport/testConfig'
import { laterSteps } from './laterSteps'
import { createSignInFlow } from './signInFlow'
import type { AttemptId, SignInEffect, SignInState } from './signInFlow.types'

const PAT_SESSION = 'pat-session-token-0123456789'

const BOB_SESSION = 'bob-session-token-0123456789'

/** The attempt carried by the effect of type `type` among `effects`. */
function attemptOf(effects: readonly SignInEffect[], type: SignInEffect['type']): AttemptId {
  const effect = effects.find((candidate) => candidate.type === type)
  if (!effect || !('attempt' in effect)) throw new Error(`no ${type} effect with an attempt`)
  return effect.attempt
}

describe('signInFlow: one attempt at a time, by identity', () => {
  it("pat's late SUCCESS, after Change and bob's submit, is ignored: bob's own answer signs bob in", () => {
    const patSubmitted = run([
      ...toPassword('pat@example.com'),
      { type: 'passwordSubmitted', password: 'pats-password' },
    ])
    const pat = attemptOf(patSubmitted.last, 'callAuthn')
    const bobSubmitted = run(
      [
        { type: 'changeEmailClicked' },
        { type: 'emailChanged', email: 'bob@example.com' },
        { type: 'emailSubmitted' },
        { type: 'passwordSubmitted', password: 'bobs-password' },
      ],
      { from: patSubmitted.state },
    )
    const bob = attemptOf(bobSubmitted.last, 'callAuthn')
    expect(bob).not.toBe(pat)

    const late = run(
      [
        {
          type: 'authnTransactionReceived',
          attempt: pat,
          call: 'primary',
          transaction: { ...SUCCESS, sessionToken: PAT_SESSION },
        },
      ],
      { from: bobSubmitted.state },
    )
    expect(late.state).toBe(bobSubmitted.state)
    expect(late.effects).toEqual([])

    const answered = run(
      [
        {
          type: 'authnTransactionReceived',
          attempt: bob,
          call: 'primary',
          transaction: { ...SUCCESS, sessionToken: BOB_SESSION },
        },
      ],
      { from: late.state },
    )
    expect(answered.state).toMatchObject({
      step: 'authorizing',
      email: 'bob@example.com',
      sessionToken: BOB_SESSION,
    })
  })

  it("pat's late failure does not throw bob back to the email step", () => {
    const patSubmitted = run([
      ...toPassword('pat@example.com'),
      { type: 'passwordSubmitted', password: 'pats-password' },
    ])
    const pat = attemptOf(patSubmitted.last, 'callAuthn')
    const bobSubmitted = run(
      [
        { type: 'changeEmailClicked' },
        { type: 'emailChanged', email: 'bob@example.com' },
        { type: 'emailSubmitted' },
        { type: 'passwordSubmitted', password: 'bobs-password' },
      ],
      { from: patSubmitted.state },
    )
    const late = run(
      [{ type: 'authnCallFailed', attempt: pat, call: 'primary', error: 'invalid_credentials' }],
      { from: bobSubmitted.state },
    )
    expect(late.state).toBe(bobSubmitted.state)
    expect(late.effects).toEqual([])
  })

  it('an answer for an attempt whose step was left is ignored, even before another attempt starts', () => {
    const verifying = run([...signIn(MFA_REQUIRED), typeCode('123456')])
    const verify = attemptOf(verifying.last, 'callAuthn')
    const back = run([{ type: 'hashChanged', hash: '#sign-in', historyEmail: 'pat@example.com' }], {
      from: verifying.state,
    })
    expect(back.state).toMatchObject({ step: 'password', submitting: false })
    const late = run(
      [{ type: 'authnTransactionReceived', attempt: verify, call: 'verify', transaction: SUCCESS }],
      { from: back.state },
    )
    expect(late.state).toBe(back.state)
    expect(late.effects).toEqual([])
  })

  it('the 1000 ms wait belongs to its attempt: SUCCESS, Back, sign in again; the first timer cannot cut the second wait short', () => {
    const first = run(signIn(SUCCESS))
    const firstWait = attemptOf(first.last, 'startTimer')
    expect(attemptOf(first.last, 'prepareAuthorization')).toBe(firstWait)

    const second = run(
      [
        { type: 'hashChanged', hash: '#sign-in', historyEmail: 'pat@example.com' },
        { type: 'passwordSubmitted', password: 'hunter22' },
        { type: 'authnTransactionReceived', call: 'primary', transaction: SUCCESS },
      ],
      { from: first.state },
    )
    const secondWait = attemptOf(second.last, 'startTimer')
    expect(secondWait).not.toBe(firstWait)

    // The first attempt's timer and PKCE request arrive during the second wait: both ignored.
    const stale = run(
      [
        { type: 'timerElapsed', attempt: firstWait, id: 'authorizeRedirect' },
        {
          type: 'authorizationPrepared',
          attempt: firstWait,
          request: {
            url: 'https://login.example.com/oauth2/default/v1/authorize?first=1',
            codeVerifier: 'F'.repeat(43),
            state: 'F'.repeat(43),
            nonce: 'F'.repeat(43),
          },
          now: 1,
        },
      ],
      { from: second.state },
    )
    expect(stale.state).toBe(second.state)
    expect(stale.effects).toEqual([])

    // The second attempt's own request and timer: only then does the browser leave.
    const prepared = run(
      [
        {
          type: 'authorizationPrepared',
          attempt: secondWait,
          request: {
            url: 'https://login.example.com/oauth2/default/v1/authorize?second=1',
            codeVerifier: 'V'.repeat(43),
            state: 'S'.repeat(43),
            nonce: 'N'.repeat(43),
          },
          now: 1,
        },
      ],
      { from: stale.state },
    )
    expect(prepared.effects.some((effect) => effect.type === 'navigate')).toBe(false)
    const elapsed = run([{ type: 'timerElapsed', attempt: secondWait, id: 'authorizeRedirect' }], {
      from: prepared.state,
    })
    expect(elapsed.last).toEqual([
      {
        type: 'navigate',
        url: 'https://login.example.com/oauth2/default/v1/authorize?second=1',
        mode: 'replace',
      },
    ])
  })
})

describe('signInFlow: attempts, as properties', () => {
  const flow = createSignInFlow(testConfig(), laterSteps)

  it('every asynchronous effect carries the attempt of the state it leads to; attempts only grow', () => {
    fc.assert(
      fc.property(fc.array(anyEvent, { maxLength: 30 }), (events) => {
        let state: SignInState = flow.initialState
        for (const event of events) {
          const [next, effects] = flow.transition(state, answering(state, event))
          expect(next.attempt).toBeGreaterThanOrEqual(state.attempt)
          for (const effect of effects)
            if ('attempt' in effect) expect(effect.attempt).toBe(next.attempt)
          if (effects.some((effect) => 'attempt' in effect))
            expect(next.attempt).toBe(state.attempt + 1)
          state = next
        }
      }),
      { numRuns: 300 },
    )
  })

  it('a result for any attempt but the current one changes nothing, in any state', () => {
    fc.assert(
      fc.property(
        fc.array(anyEvent, { maxLength: 20 }),
        anyEvent,
        fc.integer({ min: -3, max: 3 }).filter((offset) => offset !== 0),
        (events, last, offset) => {
          let state: SignInState = flow.initialState
          for (const event of events) state = flow.transition(state, answering(state, event))[0]
          const answered = answering(state, last)
          if (!('attempt' in answered)) return
          const [next, effects] = flow.transition(state, {
            ...answered,
            attempt: state.attempt + offset,
          })
          expect(next).toBe(state)
          expect(effects).toEqual([])
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe('signInFlow: a failed persist stops its transition', () => {
  it.each([
    ['the code step', MFA_REQUIRED],
    ['the factor choice', MFA_ENROLL],
    ['the QR step', ENROLL_ACTIVATE],
  ] as const)(
    'entering %s with storage blocked: back to the email step with the storage message',
    (_, transaction) => {
      const { state, last } = run([...signIn(transaction), { type: 'storageFailed' }])
      expect(state).toMatchObject({
        step: 'email',
        email: 'pat@example.com',
        error: 'storage_unavailable',
      })
      expect(last).toContainEqual({
        type: 'setLocation',
        hash: '',
        email: 'pat@example.com',
        mode: 'replace',
      })
    },
  )
})

describe('signInFlow: edges', () => {
  it('MFA steps ignore answers to other calls and answers when idle', () => {
    const code = run(signIn(MFA_REQUIRED)).state
    expect(
      run([{ type: 'authnCallFailed', call: 'verify', error: 'unknown_error' }], { from: code })
        .state,
    ).toBe(code)
    const verifying = run([typeCode('123456')], { from: code }).state
    expect(
      run([{ type: 'authnCallFailed', call: 'activate', error: 'unknown_error' }], {
        from: verifying,
      }).state,
    ).toBe(verifying)
    const choice = run(signIn(MFA_ENROLL)).state
    expect(
      run([{ type: 'authnTransactionReceived', call: 'enroll', transaction: ENROLL_ACTIVATE }], {
        from: choice,
      }).state,
    ).toBe(choice)
    expect(
      run([{ type: 'authnCallFailed', call: 'enroll', error: 'unknown_error' }], { from: choice })
        .state,
    ).toBe(choice)
    const enrolling = run([{ type: 'factorChosen', provider: 'OKTA' }], { from: choice }).state
    expect(
      run([{ type: 'authnCallFailed', call: 'verify', error: 'unknown_error' }], {
        from: enrolling,
      }).state,
    ).toBe(enrolling)
  })
})
