import { describe, expect, it } from 'vitest'
import { page, run, signIn, SESSION_TOKEN, SUCCESS, toPassword } from '../testSupport/flowHarness'
import { localTestConfig } from '../testSupport/testConfig'
import {
  selectCanSubmitEmail,
  selectEmail,
  selectError,
  selectIsBusy,
  selectShowsCodeVerifying,
} from './signInFlow.selectors'
import type { SignInEffect } from './signInFlow.types'

const AUTHORIZATION = {
  url: 'https://login.example.com/oauth2/default/v1/authorize?x=1',
  codeVerifier: 'V'.repeat(43),
  state: 'S'.repeat(43),
  nonce: 'N'.repeat(43),
}

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

  it('in local mode the forgot-password link uses the local identity provider', () => {
    const { last } = run([...toPassword(), { type: 'forgotPasswordClicked' }], {
      config: localTestConfig(),
    })
    expect(last).toEqual([
      { type: 'navigate', url: 'http://localhost:8080/signin/forgot-password', mode: 'assign' },
    ])
  })

  it('selectors derive the email', () => {
    expect(selectEmail(run(toPassword()).state)).toBe('pat@example.com')
    expect(selectEmail({ step: 'booting' })).toBeNull()
  })
})
