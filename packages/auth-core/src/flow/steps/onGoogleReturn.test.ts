/**
 * The return from Google (`onGoogleReturn`): the stored transaction's state and age, the product
 * API's cookie map written or refused, and its failures.
 */
import { describe, expect, it } from 'vitest'
import {
  NOW,
  OAUTH_NONCE,
  OAUTH_STATE,
  page,
  run,
  storedOAuth,
} from '../../testSupport/flowHarness'
import { loaded } from '../../testSupport/flowSteps'
import { testConfig } from '../../testSupport/testConfig'
import { OAUTH_TRANSACTION_MAX_AGE_MS } from '../signInFlow.types'

const googleReturn = (
  search: string,
  oauthState: string | null = storedOAuth('google'),
  postLoginRedirect: string | null = null,
) =>
  run([{ type: 'pageLoaded', page: page({ search, stored: { oauthState }, postLoginRedirect }) }])

describe('signInFlow: Google', () => {
  it('on the return with code and matching state: clears the URL and calls the product API with code and nonce', () => {
    const { state, effects } = googleReturn(`?code=g-code&state=${OAUTH_STATE}&scope=openid`)
    expect(state).toEqual({
      attempt: 1,
      step: 'googleReturn',
      target: 'https://citystream.example.com/',
    })
    expect(effects[0]).toEqual({ type: 'clearUrl' })
    expect(effects.at(-1)).toEqual({
      type: 'callGoogleAuth',
      attempt: 1,
      code: 'g-code',
      nonce: OAUTH_NONCE,
    })
  })

  it.each([
    ['a wrong state', '?code=g-code&state=evil', storedOAuth('google')],
    ['no stored transaction', `?code=g-code&state=${OAUTH_STATE}`, null],
    [
      "the identity provider's transaction (mix-up)",
      `?code=g-code&state=${OAUTH_STATE}`,
      storedOAuth('okta'),
    ],
    ['no code', `?state=${OAUTH_STATE}`, storedOAuth('google')],
  ])('on a return with %s: invalid_callback, no API call', (_name, search, stored) => {
    const { state, effects } = googleReturn(search, stored)
    expect(state).toMatchObject({ step: 'email', error: 'invalid_callback' })
    expect(effects.some((effect) => effect.type === 'callGoogleAuth')).toBe(false)
  })

  it('on a cancelled consent (error=access_denied): google_cancelled; another error: google_failed', () => {
    expect(googleReturn(`?error=access_denied&state=${OAUTH_STATE}`).state).toMatchObject({
      step: 'email',
      error: 'google_cancelled',
    })
    expect(googleReturn(`?error=server_error&state=${OAUTH_STATE}`).state).toMatchObject({
      step: 'email',
      error: 'google_failed',
    })
  })

  it('on googleCookiesReceived: writes the allowed names with our attributes, reports the others by name, clears the redirect cookie, redirects', () => {
    const returned = googleReturn(
      `?code=g-code&state=${OAUTH_STATE}`,
      storedOAuth('google'),
      'roads',
    ).state
    const { state, last } = run(
      [
        {
          type: 'googleCookiesReceived',
          cookies: { access_token: 'at', session_hint: 'x', tracking: 'y', refresh_token: 'rt' },
          now: NOW,
        },
      ],
      { from: returned },
    )
    expect(state).toEqual({ attempt: 2, step: 'done', via: 'google' })
    expect(last).toEqual([
      { type: 'reportIgnoredCookies', names: ['session_hint', 'tracking'] },
      {
        type: 'removeCookie',
        cookie: { name: 'post_login_redirect', domain: '.example.com', path: '/' },
      },
      {
        type: 'removeCookie',
        cookie: { name: 'post_login_path', domain: '.example.com', path: '/' },
      },
      {
        type: 'finishSignIn',
        removals: [],
        cookies: [
          {
            name: 'access_token',
            value: 'at',
            domain: '.example.com',
            path: '/',
            secure: true,
            sameSite: 'Lax',
          },
          {
            name: 'refresh_token',
            value: 'rt',
            domain: '.example.com',
            path: '/',
            secure: true,
            sameSite: 'Lax',
            maxAgeSeconds: 604800,
          },
        ],
        url: 'https://roads.example.com/',
        mode: 'replace',
      },
    ])
  })

  it('on a cookie map of allowed names only: no report; a widened allow-list writes its extra name', () => {
    const returned = googleReturn(`?code=g-code&state=${OAUTH_STATE}`).state
    const plain = run(
      [{ type: 'googleCookiesReceived', cookies: { access_token: 'at' }, now: NOW }],
      { from: returned },
    )
    expect(plain.last.map((effect) => effect.type)).toEqual([
      'removeCookie',
      'removeCookie',
      'finishSignIn',
    ])
    const widened = run(
      [
        {
          type: 'googleCookiesReceived',
          cookies: { access_token: 'at', session_hint: 'x' },
          now: NOW,
        },
      ],
      {
        from: returned,
        config: testConfig({
          googleCookieNames: ['access_token', 'refresh_token', 'session_hint'],
        }),
      },
    )
    const written = widened.last.find((effect) => effect.type === 'finishSignIn')
    expect(
      written?.type === 'finishSignIn' && written.cookies.map((cookie) => cookie.name),
    ).toEqual(['access_token', 'session_hint'])
  })

  it('on a cookie map with none of the allowed names: google_failed, nothing written', () => {
    const returned = googleReturn(`?code=g-code&state=${OAUTH_STATE}`).state
    const { state, last } = run(
      [{ type: 'googleCookiesReceived', cookies: { session_hint: 'x' }, now: NOW }],
      { from: returned },
    )
    expect(state).toMatchObject({ step: 'email', error: 'google_failed' })
    expect(last.some((effect) => effect.type === 'finishSignIn')).toBe(false)
  })

  it('on a cookie map with a refused value: google_failed, nothing written', () => {
    const returned = googleReturn(`?code=g-code&state=${OAUTH_STATE}`).state
    const { state, last } = run(
      [{ type: 'googleCookiesReceived', cookies: { access_token: 'a; Domain=evil' }, now: NOW }],
      { from: returned },
    )
    expect(state).toMatchObject({ step: 'email', error: 'google_failed' })
    expect(last.some((effect) => effect.type === 'finishSignIn')).toBe(false)
  })

  it('on googleSignInFailed not_found: "No user found" on the email step', () => {
    const returned = googleReturn(`?code=g-code&state=${OAUTH_STATE}`).state
    expect(
      run([{ type: 'googleSignInFailed', error: 'google_not_found' }], { from: returned }).state,
    ).toMatchObject({ step: 'email', error: 'google_not_found' })
    expect(run([{ type: 'emailSubmitted' }], { from: returned }).state).toBe(returned)
  })
})

describe('signInFlow: the age of the stored Google transaction, by the same rule', () => {
  const googleReturn = (createdAt: number) =>
    loaded({
      search: `?code=g-code&state=${OAUTH_STATE}`,
      stored: { oauthState: storedOAuth('google', createdAt) },
    })

  it.each([
    ['exactly ten minutes old', NOW - OAUTH_TRANSACTION_MAX_AGE_MS],
    ['dated exactly one minute ahead', NOW + 60_000],
  ])('accepts one %s: the code goes to the product API', (_label, createdAt) => {
    const { state, effects } = googleReturn(createdAt)
    expect(state).toMatchObject({ step: 'googleReturn' })
    expect(effects.filter((effect) => effect.type === 'callGoogleAuth')).toHaveLength(1)
  })

  it.each([
    ['one millisecond past ten minutes', NOW - OAUTH_TRANSACTION_MAX_AGE_MS - 1],
    ['dated one millisecond more than a minute ahead', NOW + 60_001],
  ])('refuses one %s: invalid_callback, nothing sent', (_label, createdAt) => {
    const { state, effects } = googleReturn(createdAt)
    expect(state).toMatchObject({ step: 'email', error: 'invalid_callback' })
    expect(effects.filter((effect) => effect.type === 'callGoogleAuth')).toEqual([])
  })
})
