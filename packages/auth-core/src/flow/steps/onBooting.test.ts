/**
 * The page load (`onBooting`): the step the address, the stored items and the cookies open, what a
 * load forgets and reports, a step hash over a live session, token cookies tossed at deeper paths,
 * and a reload during the wait after MFA.
 */
import { describe, expect, it } from 'vitest'
import { messageFor } from '../../errors/errorMessages'
import {
  CODE_VERIFIER,
  MFA_REQUIRED,
  OAUTH_STATE,
  page,
  reportOf,
  run,
  signIn,
  STATE_TOKEN,
  storedOAuth,
} from '../../testSupport/flowHarness'
import { EMAIL, LIVE, loaded } from '../../testSupport/flowSteps'
import { localTestConfig, testConfig } from '../../testSupport/testConfig'
import { selectShowsCodeVerifying } from '../signInFlow.selectors'
import { STEP_HASHES } from '../signInFlow.types'
import type { SignInEffect } from '../signInFlow.types'

const removals = (effects: readonly SignInEffect[]) =>
  effects.flatMap((effect) => (effect.type === 'removeCookie' ? [effect.cookie] : []))

const loadedAt = (path: string | undefined, hash = '') =>
  run([{ type: 'pageLoaded', page: page({ path, hash }) }])

describe('signInFlow: page load', () => {
  it('on a reload at #sign-in with the email kept in history: stays on the password step', () => {
    expect(loaded({ hash: '#sign-in', historyEmail: 'pat@example.com' }).state).toEqual({
      attempt: 1,
      step: 'password',
      email: 'pat@example.com',
      submitting: false,
      attempted: false,
      error: null,
    })
  })

  it.each([
    ['#sign-in', null],
    ['#sign-in', 'not-an-email'],
    ['#verify', null],
    ['#setup', 'x'],
    ['#something-else', 'pat@example.com'],
  ])('on a load at %s with email %s: resets the address to the root', (hash, historyEmail) => {
    const { state, effects } = loaded({ hash, historyEmail })
    expect(state).toEqual({ attempt: 1, step: 'email', email: '', error: null, attempted: false })
    expect(effects).toContainEqual({ type: 'setLocation', hash: '', email: null, mode: 'replace' })
  })

  it('on a fresh load with leftovers of an abandoned flow: forgets them', () => {
    const { effects } = loaded({
      stored: {
        pkceVerifier: CODE_VERIFIER,
        oauthState: storedOAuth('okta'),
        stateToken: STATE_TOKEN,
      },
    })
    expect(effects).toEqual([
      { type: 'forget', item: 'pkceVerifier' },
      { type: 'forget', item: 'oauthState' },
      { type: 'forget', item: 'stateToken' },
    ])
  })

  it('on a fresh load with an email in history: prefills it', () => {
    expect(loaded({ historyEmail: 'pat@example.com' }).state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
    })
  })

  it('on a reload while the MFA-redirect flag is set: shows the code step verifying and resumes the transaction', () => {
    const { state, effects } = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { mfaRedirect: '1', stateToken: STATE_TOKEN },
    })
    expect(state).toEqual({
      attempt: 1,
      step: 'resuming',
      email: 'pat@example.com',
      mfaRedirect: true,
    })
    expect(selectShowsCodeVerifying(state)).toBe(true)
    expect(effects).toEqual([
      { type: 'callAuthn', attempt: 1, call: { kind: 'resume', stateToken: STATE_TOKEN } },
    ])
  })

  it('on a reload during the token exchange after MFA (the flag kept, the transaction used): says the sign-in was interrupted', () => {
    // What the return from /authorize leaves stored while the code is exchanged: the callback
    // forgot the state token, the verifier and the OAuth state; the flag goes with the answer.
    const { state, effects } = loaded({ stored: { mfaRedirect: '1' } })
    expect(state).toMatchObject({ step: 'email', error: 'sign_in_interrupted' })
    expect(effects).toContainEqual({ type: 'forget', item: 'mfaRedirect' })
    expect(effects).toContainEqual({
      type: 'reportFailure',
      code: 'sign_in_interrupted',
      step: 'booting',
      severity: 'warning',
    })
    expect(messageFor('sign_in_interrupted')).toBe(
      'Your sign-in was interrupted. Please sign in again.',
    )
  })

  it.each([
    ['#verify', 'missing_mfa_data'],
    ['#setup', 'missing_state_token'],
    ['#activate', 'missing_state_token'],
  ])('on a reload at %s without a stored state token: %s', (hash, error) => {
    expect(loaded({ hash, historyEmail: 'pat@example.com' }).state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
      error,
    })
  })

  it('on a reload at #verify with a stored state token: resumes, then shows the code step again', () => {
    const first = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { stateToken: STATE_TOKEN },
    })
    expect(first.state).toEqual({
      attempt: 1,
      step: 'resuming',
      email: 'pat@example.com',
      mfaRedirect: false,
    })
    expect(selectShowsCodeVerifying(first.state)).toBe(false)
    const resumed = run(
      [{ type: 'authnTransactionReceived', call: 'resume', transaction: MFA_REQUIRED }],
      { from: first.state },
    )
    expect(resumed.state).toMatchObject({ step: 'code', factorId: 'ostTotp0001', verifying: false })
    expect(resumed.last).toContainEqual({
      type: 'setLocation',
      hash: '#verify',
      email: 'pat@example.com',
      mode: 'replace',
    })
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

describe('page load: what a failed return or reload forgets and reports', () => {
  it('a return from the identity provider that fails: reported from booting, the empty email step', () => {
    const { state, last } = loaded({ search: '?error=unknown_error' })
    expect(state).toMatchObject({ step: 'email', email: '', error: 'unknown_error' })
    expect(last.filter((effect) => effect.type === 'reportFailure')).toEqual([
      { type: 'reportFailure', code: 'unknown_error', step: 'booting', severity: 'warning' },
    ])
  })

  // Anyone can send a link with error parameters: without a transaction of this tab they say
  // nothing about the platform, so they are a warning, never an error-level event.
  it.each([
    ['?error=x', { search: '?error=x' }, 'unknown_error'],
    ['?error=x&state=forged', { search: '?error=x&state=forged' }, 'invalid_callback'],
    ['#error=x&state=forged', { hash: '#error=x&state=forged' }, 'invalid_callback'],
  ])('a forged return %s: shown, reported as a warning', (_url, at, error) => {
    const { state, last } = loaded(at)
    expect(state).toMatchObject({ step: 'email', error })
    expect(last.filter((effect) => effect.type === 'reportFailure')).toEqual([
      { type: 'reportFailure', code: error, step: 'booting', severity: 'warning' },
    ])
  })

  it('a reload on #new-password without the state token: forgets the stale OAuth items, reports from booting', () => {
    const { state, last } = loaded({
      hash: '#new-password',
      historyEmail: EMAIL,
      stored: { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta') },
    })
    expect(state).toMatchObject({ step: 'email', email: EMAIL, error: 'missing_state_token' })
    expect(last).toEqual([
      { type: 'forget', item: 'pkceVerifier' },
      { type: 'forget', item: 'oauthState' },
      { type: 'forget', item: 'stateToken' },
      { type: 'forget', item: 'mfaRedirect' },
      { type: 'setLocation', hash: '', email: EMAIL, mode: 'replace' },
      reportOf('missing_state_token', 'booting'),
    ])
  })

  it('a reload on #new-password with the state token resumes it, not as an MFA redirect', () => {
    const { state } = loaded({
      hash: '#new-password',
      historyEmail: EMAIL,
      stored: { stateToken: STATE_TOKEN },
    })
    expect(state).toEqual({ step: 'resuming', email: EMAIL, mfaRedirect: false, attempt: 1 })
  })

  it('a visit at "/#": the email step with the address left alone', () => {
    const { state, last } = loaded({ hash: '#', historyEmail: EMAIL })
    expect(state).toMatchObject({ step: 'email', email: EMAIL })
    expect(last).toEqual([])
  })

  it('a live session whose sub-site cannot be built (a broken config): the email step, no question', () => {
    const { state } = run(
      [{ type: 'pageLoaded', page: page({ session: { status: 'live', who: EMAIL } }) }],
      { config: { ...testConfig(), defaultSubsite: 'not a host!' } },
    )
    expect(state).toMatchObject({ step: 'email' })
  })
})

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

describe('signInFlow: a step hash over a live session', () => {
  it.each(Object.values(STEP_HASHES).filter((hash) => hash !== ''))(
    '%s with a valid email and a live session: asks, at the root address',
    (hash) => {
      const { state, effects } = run([
        {
          type: 'pageLoaded',
          page: page({
            hash,
            historyEmail: 'bob@example.com',
            session: LIVE,
            stored: { stateToken: STATE_TOKEN },
          }),
        },
      ])
      expect(state).toMatchObject({ step: 'signedIn', target: 'https://citystream.example.com/' })
      expect(effects).toContainEqual({
        type: 'setLocation',
        hash: '',
        email: null,
        mode: 'replace',
      })
      expect(effects.some((effect) => effect.type === 'callAuthn')).toBe(false)
      expect(effects).toContainEqual({ type: 'forget', item: 'stateToken' })
    },
  )

  it('an unknown hash, or a step hash without an email, over a live session: asks too', () => {
    for (const hash of ['#nowhere', STEP_HASHES.password])
      expect(
        run([{ type: 'pageLoaded', page: page({ hash, session: LIVE }) }]).state,
      ).toMatchObject({ step: 'signedIn' })
  })

  it('without a live session: the step hashes as before', () => {
    expect(
      run([
        {
          type: 'pageLoaded',
          page: page({
            hash: '#sign-in',
            historyEmail: 'bob@example.com',
            session: { status: 'none' },
          }),
        },
      ]).state,
    ).toMatchObject({ step: 'password', email: 'bob@example.com' })
  })
})

describe('signInFlow: tossed token cookies at deeper paths', () => {
  it('opened as /a/b#sign-in: expires both token names at /a, /a/ and /a/b on the parent domain, and resets to the root', () => {
    const { effects, state } = loadedAt('/a/b', '#sign-in')
    expect(removals(effects)).toEqual([
      { name: 'access_token', domain: '.example.com', path: '/a' },
      { name: 'access_token', domain: '.example.com', path: '/a/' },
      { name: 'access_token', domain: '.example.com', path: '/a/b' },
      { name: 'refresh_token', domain: '.example.com', path: '/a' },
      { name: 'refresh_token', domain: '.example.com', path: '/a/' },
      { name: 'refresh_token', domain: '.example.com', path: '/a/b' },
    ])
    expect(state).toMatchObject({ step: 'email' })
    expect(effects).toContainEqual({ type: 'setLocation', hash: '', email: null, mode: 'replace' })
  })

  it.each([
    ['/', undefined],
    ['absent', undefined],
  ])('opened at %s: no removal (the token cookies at / are ours)', (label) => {
    const { effects } = loadedAt(label === '/' ? '/' : undefined)
    expect(removals(effects)).toEqual([])
  })

  it('on a plain visit at /projects (no hash): expires /projects copies too', () => {
    const { effects } = loadedAt('/projects')
    expect(removals(effects).map((cookie) => `${cookie.name}@${cookie.path}`)).toEqual([
      'access_token@/projects',
      'refresh_token@/projects',
    ])
  })

  it('never touches post_login_redirect or other names at the deeper paths', () => {
    const { effects } = loadedAt('/a/b/c')
    expect(new Set(removals(effects).map((cookie) => cookie.name))).toEqual(
      new Set(['access_token', 'refresh_token']),
    )
  })

  it('in local mode the deletions are host-only, like the cookies', () => {
    const { effects } = run([{ type: 'pageLoaded', page: page({ path: '/a' }) }], {
      config: localTestConfig(),
    })
    expect(removals(effects)).toEqual([
      { name: 'access_token', path: '/a' },
      { name: 'refresh_token', path: '/a' },
    ])
  })

  it('a path with characters a cookie Path cannot hold is skipped, not written', () => {
    const { effects } = loadedAt('/a;b/c')
    expect(removals(effects).every((cookie) => !cookie.path.includes(';'))).toBe(true)
  })
})

describe('signInFlow: reload during the wait after MFA', () => {
  it('keeps the state token until the callback, so the reload asks the provider and says why it stops', () => {
    // The MFA succeeds: the flag is persisted and the state token is NOT forgotten.
    const verified = run([
      ...signIn(MFA_REQUIRED),
      { type: 'codeEdited', input: { type: 'textEntered', index: 0, text: '123456' } },
      {
        type: 'authnTransactionReceived',
        call: 'verify',
        transaction: { status: 'SUCCESS', sessionToken: 'st' },
      },
    ])
    expect(verified.last).toContainEqual({ type: 'persist', item: 'mfaRedirect', value: '1' })
    expect(verified.last).not.toContainEqual({ type: 'forget', item: 'stateToken' })
    // The page is reloaded inside the 1000 ms: the code screen verifying, and the transaction is re-read.
    const reloaded = loaded({
      hash: '#verify',
      historyEmail: 'pat@example.com',
      stored: { mfaRedirect: '1', stateToken: STATE_TOKEN },
    })
    expect(selectShowsCodeVerifying(reloaded.state)).toBe(true)
    expect(reloaded.effects).toContainEqual({
      type: 'callAuthn',
      attempt: 1,
      call: { kind: 'resume', stateToken: STATE_TOKEN },
    })
    // A provider that has closed the finished transaction: a clear way forward.
    const closed = run([{ type: 'authnCallFailed', call: 'resume', error: 'session_expired' }], {
      from: reloaded.state,
    })
    expect(closed.state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
      error: 'session_expired',
    })
  })

  it('forgets the state token once the callback arrives', () => {
    const { effects } = loaded({
      hash: `#code=c&state=${OAUTH_STATE}`,
      stored: {
        pkceVerifier: CODE_VERIFIER,
        oauthState: storedOAuth('okta'),
        stateToken: STATE_TOKEN,
        mfaRedirect: '1',
      },
    })
    expect(effects).toContainEqual({ type: 'forget', item: 'stateToken' })
  })
})
