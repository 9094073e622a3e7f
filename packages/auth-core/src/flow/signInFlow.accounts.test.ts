/**
 * The account situations: an expired password changed in place, a locked account unlocked by
 * email, a remembered device, rate-limit waits counted down by clock ticks, and a plain visit
 * while already signed in.
 */
import { describe, expect, it } from 'vitest'
import {
  MFA_REQUIRED,
  NOW,
  page,
  PASSWORD_EXPIRED,
  run,
  SESSION_TOKEN,
  signIn,
  STATE_TOKEN,
  SUCCESS,
  toPassword,
  typeCode,
} from '../testSupport/flowHarness'
import { testConfig } from '../testSupport/testConfig'
import type { SignInEvent, SignInState } from './signInFlow.types'

const expiredStep = (): SignInState => run(signIn(PASSWORD_EXPIRED)).state
const change = (
  newPassword: string,
  confirmation = newPassword,
  oldPassword = 'hunter22',
): SignInEvent => ({
  type: 'newPasswordSubmitted',
  oldPassword,
  newPassword,
  confirmation,
})

describe('expired password (PASSWORD_EXPIRED)', () => {
  it('opens the step with the org’s rules, keeps the state token for a reload', () => {
    const { state, last } = run(signIn(PASSWORD_EXPIRED))
    expect(state).toMatchObject({
      step: 'passwordExpired',
      email: 'pat@example.com',
      stateToken: STATE_TOKEN,
      complexity: PASSWORD_EXPIRED.complexity,
      user: PASSWORD_EXPIRED.user,
      changing: false,
      error: null,
    })
    expect(last).toContainEqual({ type: 'persist', item: 'stateToken', value: STATE_TOKEN })
    expect(last).toContainEqual({
      type: 'setLocation',
      hash: '#new-password',
      email: 'pat@example.com',
      mode: 'push',
    })
  })

  it('sends change_password with the current and the new password, once', () => {
    const { state, effects } = run([change('Fresh-start-22'), change('Fresh-start-22')], {
      from: expiredStep(),
    })
    expect(state).toMatchObject({ changing: true, error: null })
    expect(effects.filter((effect) => effect.type === 'callAuthn')).toMatchObject([
      {
        type: 'callAuthn',
        call: {
          kind: 'changePassword',
          stateToken: STATE_TOKEN,
          oldPassword: 'hunter22',
          newPassword: 'Fresh-start-22',
        },
      },
    ])
  })

  it.each([
    ['a too short password', change('Ab1'), 'new_password_too_short'],
    ['no uppercase letter', change('fresh-start-22'), 'new_password_too_simple'],
    ['the first name', change('Pat-rules-22x'), 'new_password_contains_name'],
    [
      'a differing confirmation',
      change('Fresh-start-22', 'Fresh-start-23'),
      'new_password_mismatch',
    ],
    [
      'no current password',
      change('Fresh-start-22', 'Fresh-start-22', ''),
      'current_password_incorrect',
    ],
  ] as const)('refuses %s before sending anything (%s)', (_, event, error) => {
    const { state, effects } = run([event], { from: expiredStep() })
    expect(state).toMatchObject({ step: 'passwordExpired', changing: false, error })
    expect(effects.some((effect) => effect.type === 'callAuthn')).toBe(false)
    expect(effects).toContainEqual(expect.objectContaining({ type: 'reportFailure', code: error }))
  })

  it('on SUCCESS: continues with the PKCE flow; on MFA_REQUIRED: the code step', () => {
    const answer = (transaction: typeof SUCCESS | typeof MFA_REQUIRED) =>
      run(
        [
          change('Fresh-start-22'),
          { type: 'authnTransactionReceived', call: 'changePassword', transaction },
        ],
        { from: expiredStep() },
      ).state
    expect(answer(SUCCESS)).toMatchObject({ step: 'authorizing', sessionToken: SESSION_TOKEN })
    expect(answer(MFA_REQUIRED)).toMatchObject({ step: 'code', factorId: 'ostTotp0001' })
  })

  it.each([
    'current_password_incorrect',
    'new_password_reused',
    'new_password_rejected',
    'new_password_too_short',
    'network_error',
  ] as const)('on Okta refusing with %s: stays, shows it, lets the person try again', (error) => {
    const { state } = run(
      [change('Fresh-start-22'), { type: 'authnCallFailed', call: 'changePassword', error }],
      { from: expiredStep() },
    )
    expect(state).toMatchObject({ step: 'passwordExpired', changing: false, error })
    expect(run([change('Fresh-start-23')], { from: state }).state).toMatchObject({ changing: true })
  })

  it('on E0000011 (the transaction expired): back to the email step with the spec’s message', () => {
    const { state, last } = run(
      [
        change('Fresh-start-22'),
        { type: 'authnCallFailed', call: 'changePassword', error: 'session_expired' },
      ],
      { from: expiredStep() },
    )
    expect(state).toMatchObject({
      step: 'email',
      email: 'pat@example.com',
      error: 'session_expired',
      attempted: false,
    })
    expect(last).toContainEqual({ type: 'forget', item: 'stateToken' })
  })

  it('an unexpected failure is unknown_error; answers to other calls are ignored', () => {
    const from = run([change('Fresh-start-22')], { from: expiredStep() }).state
    expect(
      run([{ type: 'authnCallFailed', call: 'changePassword', error: 'enroll_failed' }], { from })
        .state,
    ).toMatchObject({ error: 'unknown_error' })
    const other = run(
      [{ type: 'authnTransactionReceived', call: 'primary', transaction: SUCCESS }],
      {
        from,
      },
    )
    expect(other.state).toBe(from)
  })

  it('Back to sign in: the email step, transaction forgotten', () => {
    const { state, last } = run([{ type: 'startOverClicked' }], { from: expiredStep() })
    expect(state).toMatchObject({ step: 'email', email: 'pat@example.com' })
    expect(last).toContainEqual({ type: 'forget', item: 'stateToken' })
  })

  it('a reload on #new-password resumes the stored transaction', () => {
    const { state, last } = run([
      {
        type: 'pageLoaded',
        page: page({
          hash: '#new-password',
          historyEmail: 'pat@example.com',
          stored: { stateToken: STATE_TOKEN },
        }),
      },
    ])
    expect(state).toMatchObject({ step: 'resuming' })
    expect(last).toContainEqual(
      expect.objectContaining({
        type: 'callAuthn',
        call: { kind: 'resume', stateToken: STATE_TOKEN },
      }),
    )
  })

  it('after MFA, a verify answering PASSWORD_EXPIRED opens the step (Okta asks MFA first)', () => {
    const { state } = run(
      [
        typeCode('123456'),
        { type: 'authnTransactionReceived', call: 'verify', transaction: PASSWORD_EXPIRED },
      ],
      { from: run(signIn(MFA_REQUIRED)).state },
    )
    expect(state).toMatchObject({ step: 'passwordExpired', stateToken: STATE_TOKEN })
  })
})

describe('remember this device (allowRememberDevice)', () => {
  const remembering = (byDefault: boolean) =>
    run(signIn({ ...MFA_REQUIRED, rememberDevice: { lifetimeMinutes: 10080, byDefault } })).state

  it('offers the choice, checked when rememberDeviceByDefault', () => {
    expect(remembering(false)).toMatchObject({
      rememberDevice: { lifetimeMinutes: 10080, chosen: false },
    })
    expect(remembering(true)).toMatchObject({ rememberDevice: { chosen: true } })
  })

  it('sends rememberDevice=true with the verify only when chosen', () => {
    const verify = (events: SignInEvent[], from: SignInState) =>
      run(events, { from }).effects.find((effect) => effect.type === 'callAuthn')
    expect(
      verify(
        [{ type: 'rememberDeviceChanged', remember: true }, typeCode('123456')],
        remembering(false),
      ),
    ).toMatchObject({ call: { kind: 'verify', rememberDevice: true } })
    const plain = verify([typeCode('123456')], remembering(false))
    expect(plain).toMatchObject({ call: { kind: 'verify' } })
    expect(plain && 'call' in plain && 'rememberDevice' in plain.call).toBe(false)
  })

  it('ignores the checkbox when the policy does not offer it', () => {
    const from = run(signIn(MFA_REQUIRED)).state
    expect(run([{ type: 'rememberDeviceChanged', remember: true }], { from }).state).toBe(from)
  })
})

describe('rate limits (E0000047) counted down by clock ticks', () => {
  const limited = (rateLimitReset?: number) =>
    run([
      ...toPassword(),
      { type: 'passwordSubmitted', password: 'hunter22' },
      {
        type: 'authnCallFailed',
        call: 'primary',
        error: 'rate_limited',
        ...(rateLimitReset === undefined ? {} : { rateLimitReset }),
      },
    ])

  it('stays on the password step, starts the clock, and sends nothing until the reset', () => {
    const { state, last } = limited(NOW / 1000 + 42)
    expect(state).toMatchObject({
      step: 'password',
      error: 'rate_limited',
      retry: { until: NOW + 42_000, secondsLeft: null },
    })
    expect(last).toContainEqual({ type: 'startClock' })
    const ticked = run(
      [
        { type: 'clockTicked', now: NOW },
        { type: 'passwordSubmitted', password: 'hunter22' },
      ],
      { from: state },
    )
    expect(ticked.state).toMatchObject({ retry: { secondsLeft: 42 } })
    expect(ticked.effects.some((effect) => effect.type === 'callAuthn')).toBe(false)
  })

  it('counts down in whole seconds and ends at the reset: clock stopped, error gone, sending allowed', () => {
    const { state } = limited(NOW / 1000 + 2)
    const mid = run(
      [
        { type: 'clockTicked', now: NOW },
        { type: 'clockTicked', now: NOW + 1_100 },
      ],
      {
        from: state,
      },
    )
    expect(mid.state).toMatchObject({ retry: { secondsLeft: 1 } })
    const over = run([{ type: 'clockTicked', now: NOW + 2_000 }], { from: mid.state })
    expect(over.state).toMatchObject({ retry: null, error: null })
    expect(over.last).toEqual([{ type: 'stopClock' }])
    expect(
      run([{ type: 'passwordSubmitted', password: 'hunter22' }], { from: over.state }).last,
    ).toContainEqual(expect.objectContaining({ type: 'callAuthn' }))
  })

  it('without X-Rate-Limit-Reset: 60 s from the first tick; an absurd reset is capped at 10 minutes', () => {
    const fallback = run([{ type: 'clockTicked', now: NOW }], { from: limited().state }).state
    expect(fallback).toMatchObject({ retry: { until: NOW + 60_000, secondsLeft: 60 } })
    const capped = run([{ type: 'clockTicked', now: NOW }], {
      from: limited(NOW / 1000 + 86_400).state,
    }).state
    expect(capped).toMatchObject({ retry: { until: NOW + 600_000, secondsLeft: 600 } })
  })

  it('a tick within the same second changes nothing (no re-render)', () => {
    const first = run([{ type: 'clockTicked', now: NOW }], { from: limited(NOW / 1000 + 30).state })
    const again = run([{ type: 'clockTicked', now: NOW + 300 }], { from: first.state })
    expect(again.state).toBe(first.state)
    expect(again.last).toEqual([])
  })

  it('on the code step: verify waits too, the six digits are kept and do not auto-submit', () => {
    const code = run(signIn(MFA_REQUIRED)).state
    const { state } = run(
      [
        typeCode('123456'),
        {
          type: 'authnCallFailed',
          call: 'verify',
          error: 'rate_limited',
          rateLimitReset: NOW / 1000 + 5,
        },
        { type: 'clockTicked', now: NOW },
        { type: 'codeSubmitted' },
      ],
      { from: code },
    )
    expect(state).toMatchObject({ step: 'code', error: 'rate_limited', verifying: false })
    if (state.step !== 'code') throw new Error('unreachable')
    expect(state.code.digits.join('')).toBe('123456')
    const after = run([{ type: 'clockTicked', now: NOW + 5_000 }, { type: 'codeSubmitted' }], {
      from: state,
    })
    expect(after.effects).toContainEqual(expect.objectContaining({ type: 'callAuthn' }))
  })

  it('a tick in a step with no wait stops the clock (the wait’s step was left)', () => {
    const email = run([{ type: 'pageLoaded', page: page() }]).state
    expect(run([{ type: 'clockTicked', now: NOW }], { from: email }).last).toEqual([
      { type: 'stopClock' },
    ])
  })
})

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
