/**
 * Already signed in (`onSignedIn`): a visit with a live session asks instead of redirecting, and
 * names only a verified person; Continue and Sign in with a different account.
 */
import { describe, expect, it } from 'vitest'
import { page, run } from '../../testSupport/flowHarness'
import { EMAIL, toEmail } from '../../testSupport/flowSteps'
import { testConfig } from '../../testSupport/testConfig'
import type { SignInState } from '../signInFlow.types'

const loaded = () =>
  run([{ type: 'pageLoaded', page: page({ session: LIVE, postLoginRedirect: 'roads' }) }])

const asked = (who: string | null): SignInState =>
  run([{ type: 'sessionVerified', who }], { from: loaded().state }).state

/** What the unverified cookie says: a forged token can say anything. */
const LIVE = { status: 'live', who: 'victim@example.com' } as const

describe('already signed in', () => {
  const live = (overrides: Parameters<typeof page>[0] = {}) =>
    run([
      {
        type: 'pageLoaded',
        page: page({ session: { status: 'live', who: 'pat@example.com' }, ...overrides }),
      },
      { type: 'sessionVerified', who: 'pat@example.com' },
    ])

  /** Continue, and the check that the cookies still hold the same person. */
  const proceed = [
    { type: 'continueClicked' },
    { type: 'sessionVerified', who: 'pat@example.com' },
  ] as const

  it('a plain visit with a live session: asks, never redirects by itself', () => {
    const { state, effects } = live({ postLoginRedirect: 'roads' })
    expect(state).toMatchObject({
      step: 'signedIn',
      session: { who: 'pat@example.com' },
      target: 'https://roads.example.com/',
      signingOut: false,
    })
    expect(effects.some((effect) => effect.type === 'navigate')).toBe(false)
  })

  it('no session: the usual steps; a visit with a step hash over a live session asks too', () => {
    expect(
      run([{ type: 'pageLoaded', page: page({ session: { status: 'none' } }) }]).state,
    ).toMatchObject({
      step: 'email',
    })
    expect(live({ hash: '#sign-in', historyEmail: 'pat@example.com' }).state).toMatchObject({
      step: 'signedIn',
    })
  })

  it('Continue: consumes post_login_redirect and post_login_path and goes to the target', () => {
    const { state, last } = run(proceed, {
      from: live({ postLoginRedirect: 'roads', postLoginPath: '/projects/42?tab=map' }).state,
    })
    expect(state).toMatchObject({ step: 'done' })
    expect(last).toEqual([
      {
        type: 'removeCookie',
        cookie: { name: 'post_login_redirect', domain: '.example.com', path: '/' },
      },
      {
        type: 'removeCookie',
        cookie: { name: 'post_login_path', domain: '.example.com', path: '/' },
      },
      { type: 'navigate', url: 'https://roads.example.com/projects/42?tab=map', mode: 'assign' },
    ])
  })

  it.each([
    ['an invalid path', 'roads', '//evil.com', 'https://roads.example.com/'],
    ['a path without a named sub-site', null, '/projects/42', 'https://citystream.example.com/'],
    [
      'a path with a refused sub-site',
      'evil.com',
      '/projects/42',
      'https://citystream.example.com/',
    ],
  ])(
    'Continue with %s: the root of the target, and both cookies still cleared',
    (_t, redirect, path, url) => {
      const { last } = run(proceed, {
        from: live({ postLoginRedirect: redirect, postLoginPath: path }).state,
      })
      expect(
        last.map((effect) => (effect.type === 'removeCookie' ? effect.cookie.name : effect.type)),
      ).toEqual(['post_login_redirect', 'post_login_path', 'navigate'])
      expect(last.at(-1)).toEqual({ type: 'navigate', url, mode: 'assign' })
    },
  )

  it('Sign in with a different account: ends the session (revoke, remove the token cookies, as one effect) once, then the email step', () => {
    const from = live().state
    const { state, effects } = run(
      [
        { type: 'switchAccountClicked' },
        { type: 'switchAccountClicked' },
        { type: 'continueClicked' },
      ],
      { from },
    )
    expect(state).toMatchObject({ step: 'signedIn', signingOut: true })
    expect(effects).toEqual([
      {
        type: 'endSession',
        cookies: [
          { name: 'access_token', domain: '.example.com', path: '/' },
          { name: 'refresh_token', domain: '.example.com', path: '/' },
        ],
      },
    ])
    expect(run([{ type: 'sessionEnded' }], { from: state }).state).toMatchObject({
      step: 'email',
      email: '',
    })
  })

  it('the target follows the usual rules (the default sub-site for our own host)', () => {
    expect(live({ postLoginRedirect: 'signin' }).state).toMatchObject({
      target: 'https://citystream.example.com/',
    })
    expect(testConfig().defaultSubsite).toBe('citystream')
  })
})

describe('signInFlow: the already-signed-in question names only a verified person', () => {
  it('a live session at load: nobody is named before the check; the check runs', () => {
    const { state, effects } = loaded()
    expect(state).toMatchObject({ step: 'signedIn', session: { who: null }, checking: 'session' })
    expect(effects).toContainEqual({ type: 'verifySession', attempt: state.attempt })
    expect(effects.some((effect) => effect.type === 'navigate')).toBe(false)
  })

  it('verified: the person the provider vouched for is named, not the cookie’s claim', () => {
    expect(asked('pat@example.com')).toMatchObject({
      step: 'signedIn',
      session: { who: 'pat@example.com' },
      checking: null,
    })
  })

  it('not verified (forged token, keys unreachable): the plain email step, nobody named, no Continue', () => {
    const { state } = run([{ type: 'sessionUnverified' }], { from: loaded().state })
    expect(state).toMatchObject({ step: 'email', email: '', error: null })
    const after = run([{ type: 'continueClicked' }], { from: state })
    expect(after.effects.some((effect) => effect.type === 'navigate')).toBe(false)
  })

  it('Continue or a switch while the check runs: ignored', () => {
    const from = loaded().state
    for (const type of ['continueClicked', 'switchAccountClicked'] as const)
      expect(run([{ type }], { from }).state).toBe(from)
  })

  it('Continue checks the cookies again; the same person goes on to the target', () => {
    const continuing = run([{ type: 'continueClicked' }], { from: asked('pat@example.com') })
    expect(continuing.state).toMatchObject({ step: 'signedIn', checking: 'continue' })
    expect(continuing.last).toEqual([{ type: 'verifySession', attempt: continuing.state.attempt }])
    const { state, last } = run([{ type: 'sessionVerified', who: 'pat@example.com' }], {
      from: continuing.state,
    })
    expect(state).toMatchObject({ step: 'done' })
    expect(last.at(-1)).toEqual({
      type: 'navigate',
      url: 'https://roads.example.com/',
      mode: 'assign',
    })
  })

  it('Continue after the cookies changed to a forged token: the email step, never the target', () => {
    const continuing = run([{ type: 'continueClicked' }], { from: asked('pat@example.com') }).state
    const { state, last } = run([{ type: 'sessionUnverified' }], { from: continuing })
    expect(state).toMatchObject({ step: 'email' })
    expect(last.some((effect) => effect.type === 'navigate')).toBe(false)
  })

  it('Continue after the cookies changed to another verified person: asked again, about them', () => {
    const continuing = run([{ type: 'continueClicked' }], { from: asked('pat@example.com') }).state
    const { state, last } = run([{ type: 'sessionVerified', who: 'bob@example.com' }], {
      from: continuing,
    })
    expect(state).toMatchObject({
      step: 'signedIn',
      session: { who: 'bob@example.com' },
      checking: null,
    })
    expect(last).toEqual([])
  })

  it('a refresh token alone (nobody named): Continue goes on with whatever verified session the cookies hold', () => {
    const continuing = run([{ type: 'continueClicked' }], { from: asked(null) }).state
    expect(
      run([{ type: 'sessionVerified', who: 'pat@example.com' }], { from: continuing }).state,
    ).toMatchObject({ step: 'done' })
  })
})

describe('already signed in: effects', () => {
  const live = (): SignInState =>
    run([
      {
        type: 'pageLoaded',
        page: page({ session: { status: 'live', who: EMAIL }, postLoginRedirect: 'roads' }),
      },
      { type: 'sessionVerified', who: EMAIL },
    ]).state

  it('Continue: done, via the plain redirect page (not the MFA one)', () => {
    const from = run([{ type: 'continueClicked' }], { from: live() }).state
    expect(run([{ type: 'sessionVerified', who: EMAIL }], { from }).state).toEqual({
      step: 'done',
      via: 'password',
      attempt: from.attempt + 1,
    })
  })

  it('the session ended after Sign in with a different account: the empty email step at /', () => {
    const { state, last } = run([{ type: 'switchAccountClicked' }, { type: 'sessionEnded' }], {
      from: live(),
    })
    expect(state).toMatchObject({ step: 'email', email: '', error: null })
    expect(last).toEqual([toEmail(null, 'replace')])
  })

  it('a sessionEnded nobody asked for changes nothing', () => {
    const from = live()
    const { state, last } = run([{ type: 'sessionEnded' }], { from })
    expect(state).toBe(from)
    expect(last).toEqual([])
  })
})
