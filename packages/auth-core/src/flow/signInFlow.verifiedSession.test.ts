/**
 * "You’re signed in as …" names only a person the identity provider vouched for (a forged token
 * naming someone else must never be believed): the access token in the cookies is verified
 * (`verifySession`) before anything is asked, a token that cannot be verified leads to the plain
 * email step, and Continue checks the cookies again, going on only with the session that was shown.
 */
import { describe, expect, it } from 'vitest'
import { page, run } from '../testSupport/flowHarness'
import type { SignInState } from './signInFlow.types'

/** What the unverified cookie says: a forged token can say anything. */
const LIVE = { status: 'live', who: 'victim@example.com' } as const
const loaded = () =>
  run([{ type: 'pageLoaded', page: page({ session: LIVE, postLoginRedirect: 'roads' }) }])
const asked = (who: string | null): SignInState =>
  run([{ type: 'sessionVerified', who }], { from: loaded().state }).state

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
