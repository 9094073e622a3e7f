import { describe, expect, it } from 'vitest'
import { codeEntryReducer } from '../codeEntry/codeEntry'
import { initialCodeEntry } from '../codeEntry/initialCodeEntry'
import { getCodeInputAttrs } from '../codeEntry/codeEntry.attrs'
import {
  CODE_VERIFIER,
  ENROLL_ACTIVATE,
  MFA_ENROLL,
  MFA_REQUIRED,
  OAUTH_STATE,
  page,
  run,
  signIn,
  storedOAuth,
  SUCCESS,
  toPassword,
  typeCode,
} from '../testSupport/flowHarness'
import { testConfig } from '../testSupport/testConfig'
import { parseOAuthTransaction, serializeOAuthTransaction } from './oauthTransaction'
import { selectError, selectIsBusy, selectShowsCodeVerifying } from './signInFlow.selectors'
import type { SignInState } from './signInFlow.types'

describe('signInFlow: edges', () => {
  it('the password step ignores answers when nothing is in flight, and answers to other calls', () => {
    const idle = run(toPassword()).state
    expect(
      run([{ type: 'authnTransactionReceived', call: 'primary', transaction: SUCCESS }], {
        from: idle,
      }).state,
    ).toBe(idle)
    expect(
      run([{ type: 'authnCallFailed', call: 'primary', error: 'unknown_error' }], { from: idle })
        .state,
    ).toBe(idle)
    const busy = run([{ type: 'passwordSubmitted', password: 'hunter22' }], { from: idle }).state
    expect(
      run([{ type: 'authnTransactionReceived', call: 'verify', transaction: SUCCESS }], {
        from: busy,
      }).state,
    ).toBe(busy)
    expect(
      run([{ type: 'authnCallFailed', call: 'enroll', error: 'unknown_error' }], { from: busy })
        .state,
    ).toBe(busy)
  })

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

  it('a callback that cannot build even the default target (invalid hand-made config): unknown_error, no exchange', () => {
    const config = testConfig({ defaultSubsite: 'Not A Label' })
    const { state, effects } = run(
      [
        {
          type: 'pageLoaded',
          page: page({
            hash: `#code=c&state=${OAUTH_STATE}`,
            stored: { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta') },
          }),
        },
      ],
      { config },
    )
    expect(state).toMatchObject({ step: 'email', error: 'unknown_error' })
    expect(effects.some((effect) => effect.type === 'exchangeCode')).toBe(false)
  })

  it('a stored OAuth transaction with the wrong shape is refused', () => {
    expect(
      parseOAuthTransaction(
        JSON.stringify({ provider: 'okta', state: 'short', nonce: 'n', createdAt: 1 }),
      ),
    ).toBeNull()
    expect(
      parseOAuthTransaction(
        JSON.stringify({
          provider: 'evil',
          state: 'S'.repeat(43),
          nonce: 'N'.repeat(43),
          createdAt: 1,
        }),
      ),
    ).toBeNull()
    expect(parseOAuthTransaction('null')).toBeNull()
    const valid = {
      provider: 'google' as const,
      state: 'S'.repeat(43),
      nonce: 'N'.repeat(43),
      createdAt: 1,
    }
    expect(parseOAuthTransaction(serializeOAuthTransaction(valid))).toEqual(valid)
  })

  it('the code entry tolerates out-of-range and non-integer indexes', () => {
    expect(
      codeEntryReducer(initialCodeEntry(), { type: 'textEntered', index: Number.NaN, text: '7' })
        .digits[0],
    ).toBe('7')
    expect(
      codeEntryReducer(initialCodeEntry(), { type: 'textEntered', index: 99, text: '7' }).digits[5],
    ).toBe('7')
    expect(getCodeInputAttrs(initialCodeEntry(), 9).value).toBe('')
  })
})

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

describe('parseOAuthTransaction', () => {
  it.each([
    [
      'an extra key',
      { provider: 'okta', state: 'S'.repeat(43), nonce: 'N'.repeat(43), createdAt: 1, extra: 1 },
    ],
    ['a missing key', { provider: 'okta', state: 'S'.repeat(43), nonce: 'N'.repeat(43) }],
    [
      'a negative time',
      { provider: 'okta', state: 'S'.repeat(43), nonce: 'N'.repeat(43), createdAt: -1 },
    ],
    [
      'a fractional time',
      { provider: 'okta', state: 'S'.repeat(43), nonce: 'N'.repeat(43), createdAt: 1.5 },
    ],
    ['a numeric nonce', { provider: 'okta', state: 'S'.repeat(43), nonce: 43, createdAt: 1 }],
    ['an array', ['okta']],
  ])('refuses %s', (_name, value) => {
    expect(parseOAuthTransaction(JSON.stringify(value))).toBeNull()
  })

  it('returns a fresh object with exactly the four fields', () => {
    const parsed = parseOAuthTransaction(
      '{"provider":"okta","state":"' +
        'S'.repeat(43) +
        '","nonce":"' +
        'N'.repeat(43) +
        '","createdAt":5}',
    )
    expect(parsed).toEqual({
      provider: 'okta',
      state: 'S'.repeat(43),
      nonce: 'N'.repeat(43),
      createdAt: 5,
    })
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype)
  })
})
