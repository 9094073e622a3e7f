import { describe, expect, it } from 'vitest'
import {
  CODE_VERIFIER,
  page,
  run,
  STATE_TOKEN,
  storedOAuth,
  toPassword,
} from '../testSupport/flowHarness'
import type { SignInState } from './signInFlow.types'

const emailStep = (email: string): SignInState => {
  const state = run([
    { type: 'pageLoaded', page: page({}) },
    { type: 'emailChanged', email },
  ]).state
  expect(state).toMatchObject({ step: 'email', email })
  return state
}

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

describe('signInFlow: loads that forget what they cannot use', () => {
  const stored = {
    pkceVerifier: CODE_VERIFIER,
    oauthState: storedOAuth('okta'),
    stateToken: STATE_TOKEN,
  }

  it('a load at #sign-in with a kept email forgets the stored verifier, transaction and state token', () => {
    const { effects } = run([
      {
        type: 'pageLoaded',
        page: page({ hash: '#sign-in', historyEmail: 'pat@example.com', stored }),
      },
    ])
    expect(effects).toEqual([
      { type: 'forget', item: 'pkceVerifier' },
      { type: 'forget', item: 'oauthState' },
      { type: 'forget', item: 'stateToken' },
    ])
  })

  it('a load at an unknown hash forgets every stored item and puts the root back', () => {
    const { effects } = run([
      {
        type: 'pageLoaded',
        page: page({ hash: '#nowhere', stored: { ...stored, mfaRedirect: null } }),
      },
    ])
    expect(effects).toEqual([
      { type: 'forget', item: 'pkceVerifier' },
      { type: 'forget', item: 'oauthState' },
      { type: 'forget', item: 'stateToken' },
      { type: 'setLocation', hash: '', email: null, mode: 'replace' },
    ])
  })

  it('a load at the root with nothing stored: the email step and no effect at all', () => {
    expect(run([{ type: 'pageLoaded', page: page({}) }]).effects).toEqual([])
  })
})
