/**
 * Authorizing (`onAuthorizing`): after a session token, the 1000 ms wait while the PKCE request is
 * prepared, the redirect, Back during the wait, and what a failure forgets and reports.
 */
import { describe, expect, it } from 'vitest'
import { NOW, reportOf, run, SESSION_TOKEN, signIn, SUCCESS } from '../../testSupport/flowHarness'
import { EMAIL, hash } from '../../testSupport/flowSteps'
import { selectShowsCodeVerifying } from '../signInFlow.selectors'
import type { SignInEffect, SignInState } from '../signInFlow.types'

const AUTHORIZATION = {
  url: 'https://login.example.com/oauth2/default/v1/authorize?x=1',
  codeVerifier: 'V'.repeat(43),
  state: 'S'.repeat(43),
  nonce: 'N'.repeat(43),
}

const authorizing = (): SignInState => run(signIn(SUCCESS)).state

describe('signInFlow: session token → authorization', () => {
  it('on SUCCESS: waits 1000 ms while preparing the PKCE request, without the MFA flag', () => {
    const { state, last } = run(signIn(SUCCESS))
    expect(state).toEqual({
      attempt: 4,
      step: 'authorizing',
      via: 'password',
      email: 'pat@example.com',
      sessionToken: SESSION_TOKEN,
      authorizeUrl: null,
      delayElapsed: false,
    })
    expect(last).toEqual([
      { type: 'prepareAuthorization', attempt: 4, sessionToken: SESSION_TOKEN },
      { type: 'startTimer', attempt: 4, id: 'authorizeRedirect', ms: 1000 },
    ])
    expect(selectShowsCodeVerifying(state)).toBe(false)
  })

  it('on authorizationPrepared then timerElapsed: persists verifier and state, then redirects (replace)', () => {
    const prepared = run([
      ...signIn(SUCCESS),
      { type: 'authorizationPrepared', request: AUTHORIZATION, now: 5 },
    ])
    expect(prepared.last).toEqual([
      { type: 'persist', item: 'pkceVerifier', value: AUTHORIZATION.codeVerifier },
      {
        type: 'persist',
        item: 'oauthState',
        value: JSON.stringify({
          provider: 'okta',
          state: AUTHORIZATION.state,
          nonce: AUTHORIZATION.nonce,
          createdAt: 5,
        }),
      },
    ])
    const elapsed = run([{ type: 'timerElapsed', id: 'authorizeRedirect' }], {
      from: prepared.state,
    })
    expect(elapsed.last).toEqual([{ type: 'navigate', url: AUTHORIZATION.url, mode: 'replace' }])
    expect(
      run([{ type: 'timerElapsed', id: 'authorizeRedirect' }], { from: elapsed.state }).last,
    ).toEqual([])
  })

  it('on timerElapsed before the request is ready: redirects as soon as it is prepared, once', () => {
    const { effects, state } = run([
      ...signIn(SUCCESS),
      { type: 'timerElapsed', id: 'authorizeRedirect' },
      { type: 'authorizationPrepared', request: AUTHORIZATION, now: 5 },
      { type: 'authorizationPrepared', request: AUTHORIZATION, now: 6 },
    ])
    expect(effects.filter((effect: SignInEffect) => effect.type === 'navigate')).toEqual([
      { type: 'navigate', url: AUTHORIZATION.url, mode: 'replace' },
    ])
    expect(state).toMatchObject({
      step: 'authorizing',
      delayElapsed: true,
      authorizeUrl: AUTHORIZATION.url,
    })
  })

  it('on authorizationFailed (no WebCrypto) or storageFailed: back to the email step with the error', () => {
    expect(
      run([...signIn(SUCCESS), { type: 'authorizationFailed', error: 'crypto_unavailable' }]).state,
    ).toMatchObject({ step: 'email', error: 'crypto_unavailable' })
    expect(run([...signIn(SUCCESS), { type: 'storageFailed' }]).state).toMatchObject({
      step: 'email',
      error: 'storage_unavailable',
    })
  })

  it('on Back during the 1000 ms wait: cancels and forgets the prepared request', () => {
    const back = run([...signIn(SUCCESS), { type: 'hashChanged', hash: '', historyEmail: null }])
    expect(back.state).toMatchObject({ step: 'email', email: 'pat@example.com' })
    expect(back.last).toEqual([
      { type: 'forget', item: 'pkceVerifier' },
      { type: 'forget', item: 'oauthState' },
      { type: 'forget', item: 'mfaRedirect' },
      { type: 'forget', item: 'stateToken' },
    ])
    expect(
      run([...signIn(SUCCESS), { type: 'hashChanged', hash: '#sign-in', historyEmail: null }]).state
        .step,
    ).toBe('password')
    const other = run([
      ...signIn(SUCCESS),
      { type: 'hashChanged', hash: '#weird', historyEmail: null },
    ])
    expect(other.state.step).toBe('authorizing')
  })

  it('after the redirect has been issued: Back is ignored', () => {
    const gone = run([
      ...signIn(SUCCESS),
      { type: 'timerElapsed', id: 'authorizeRedirect' },
      { type: 'authorizationPrepared', request: AUTHORIZATION, now: 5 },
    ]).state
    expect(run([{ type: 'hashChanged', hash: '', historyEmail: null }], { from: gone }).state).toBe(
      gone,
    )
  })
})

describe('authorizing: effects', () => {
  it('the 1000 ms delay elapsing before the request is ready: nothing to do yet', () => {
    const { state, last } = run([{ type: 'timerElapsed', id: 'authorizeRedirect' }], {
      from: authorizing(),
    })
    expect(state).toMatchObject({ step: 'authorizing', delayElapsed: true, authorizeUrl: null })
    expect(last).toEqual([])
  })

  it('the request failing: the email step, reported from authorizing', () => {
    const { state, last } = run([{ type: 'authorizationFailed', error: 'unknown_error' }], {
      from: authorizing(),
    })
    expect(state).toMatchObject({ step: 'email', email: EMAIL, error: 'unknown_error' })
    expect(last).toContainEqual(reportOf('unknown_error', 'authorizing'))
  })

  it('storage refused: forgets the verifier and the OAuth state, reported from authorizing', () => {
    const from = run([{ type: 'authorizationPrepared', request: AUTHORIZATION, now: NOW }], {
      from: authorizing(),
    }).state
    const { state, last } = run([{ type: 'storageFailed' }], { from })
    expect(state).toMatchObject({ step: 'email', error: 'storage_unavailable' })
    expect(last).toEqual([
      { type: 'forget', item: 'pkceVerifier' },
      { type: 'forget', item: 'oauthState' },
      { type: 'forget', item: 'stateToken' },
      { type: 'forget', item: 'mfaRedirect' },
      { type: 'setLocation', hash: '', email: EMAIL, mode: 'replace' },
      reportOf('storage_unavailable', 'authorizing'),
    ])
  })

  it('Back while waiting for the request, even after the delay: the person leaves', () => {
    const elapsed = run([{ type: 'timerElapsed', id: 'authorizeRedirect' }], {
      from: authorizing(),
    }).state
    const { state } = run([hash('#sign-in')], { from: elapsed })
    expect(state).toEqual({
      step: 'password',
      email: EMAIL,
      submitting: false,
      attempted: false,
      error: null,
      attempt: elapsed.attempt + 1,
    })
    const prepared = run([{ type: 'authorizationPrepared', request: AUTHORIZATION, now: NOW }], {
      from: authorizing(),
    }).state
    expect(run([hash('#')], { from: prepared }).state).toMatchObject({
      step: 'email',
      email: EMAIL,
    })
  })
})

describe('signInFlow: edges', () => {
  it('Back to the root during the wait after MFA, with no email known: the empty email step', () => {
    const waiting: SignInState = {
      attempt: 5,
      step: 'authorizing',
      via: 'mfa',
      email: null,
      sessionToken: 's',
      authorizeUrl: null,
      delayElapsed: false,
    }
    expect(
      run([{ type: 'hashChanged', hash: '', historyEmail: null }], { from: waiting }).state,
    ).toMatchObject({ step: 'email', email: '' })
    // #sign-in while no email is known: the wait is abandoned and the address reset to the root.
    const back = run([{ type: 'hashChanged', hash: '#sign-in', historyEmail: null }], {
      from: waiting,
    })
    expect(back.state).toMatchObject({ step: 'email', email: '' })
    expect(back.last).toContainEqual({
      type: 'setLocation',
      hash: '',
      email: null,
      mode: 'replace',
    })
  })
})
