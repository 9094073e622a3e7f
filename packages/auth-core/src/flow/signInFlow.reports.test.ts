import { describe, expect, it } from 'vitest'
import {
  MFA_ENROLL,
  OAUTH_STATE,
  page,
  run,
  signIn,
  SUCCESS,
  reportOf,
} from '../testSupport/flowHarness'
import { parseOAuthTransaction } from './oauthTransaction'
import type { SignInState } from './signInFlow.types'

const choice = (): SignInState => run(signIn(MFA_ENROLL)).state
const enrolling = (): SignInState =>
  run([{ type: 'factorChosen', provider: 'OKTA' }], { from: choice() }).state

describe('signInFlow: returns to the page that are not a callback of ours', () => {
  it('on ?error= without state and without a transaction (our own logout return): unknown_error', () => {
    const { state } = run([{ type: 'pageLoaded', page: page({ search: '?error=unknown_error' }) }])
    expect(state).toMatchObject({ step: 'email', error: 'unknown_error' })
  })

  it.each([
    ['?error= with a state', { search: `?error=access_denied&state=${OAUTH_STATE}` }],
    ['#error= without a state', { hash: '#error=unknown_error' }],
    ['?code= without a state', { search: '?code=abc' }],
  ])('on %s and no transaction: invalid_callback', (_label, overrides) => {
    const { state } = run([{ type: 'pageLoaded', page: page(overrides) }])
    expect(state).toMatchObject({ step: 'email', error: 'invalid_callback' })
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

describe('parseOAuthTransaction: only exactly typed items', () => {
  const item = { provider: 'okta', state: OAUTH_STATE, nonce: 'N'.repeat(43), createdAt: 1 }

  it('reads nothing stored as null', () => {
    expect(parseOAuthTransaction(null)).toBeNull()
  })

  it('accepts a transaction created at epoch 0', () => {
    expect(parseOAuthTransaction(JSON.stringify({ ...item, createdAt: 0 }))).toEqual({
      ...item,
      createdAt: 0,
    })
  })

  it.each([
    ['a state wrapped in a list', { ...item, state: [OAUTH_STATE] }],
    ['a nonce wrapped in a list', { ...item, nonce: ['N'.repeat(43)] }],
  ])('refuses %s', (_label, stored) => {
    expect(parseOAuthTransaction(JSON.stringify(stored))).toBeNull()
  })
})
