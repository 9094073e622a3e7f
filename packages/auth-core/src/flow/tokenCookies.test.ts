/**
 * Every sign-in writes or removes both token cookies: an answer without a refresh token (an Okta
 * app without the refresh grant, a Google cookie map with only `access_token`) removes the previous
 * person's `refresh_token`, under the same lease as the write, so a sub-site never refreshes one
 * person's session with another's refresh token.
 */
import { describe, expect, it } from 'vitest'
import { CODE_VERIFIER, NOW, OAUTH_STATE, page, run, storedOAuth } from '../testSupport/flowHarness'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import type { SignInEffect } from './signInFlow.types'

const ACCESS = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJib2IifQ.c2ln'

function finish(effects: readonly SignInEffect[]) {
  const found = effects.find((effect) => effect.type === 'finishSignIn')
  if (found?.type !== 'finishSignIn') throw new Error('no finishSignIn')
  return found
}

const oktaReturn = (config = testConfig()) =>
  run(
    [
      {
        type: 'pageLoaded',
        page: page({
          hash: `#code=the-code&state=${OAUTH_STATE}`,
          stored: { pkceVerifier: CODE_VERIFIER, oauthState: storedOAuth('okta') },
        }),
      },
    ],
    { config },
  ).state

const googleReturn = (config = testConfig()) =>
  run(
    [
      {
        type: 'pageLoaded',
        page: page({
          search: `?code=g-code&state=${OAUTH_STATE}`,
          stored: { oauthState: storedOAuth('google') },
        }),
      },
    ],
    { config },
  ).state

describe('signInFlow: every sign-in writes or removes both token cookies', () => {
  it('Okta answer without a refresh token: the earlier refresh_token is removed (parent domain and a host-only copy), in the same leased effect as the write', () => {
    const tokens = {
      accessToken: ACCESS,
      tokenType: 'Bearer' as const,
      expiresIn: 3600,
      refreshToken: null,
      idToken: null,
      scope: null,
    }
    const { last } = run([{ type: 'tokensReceived', tokens, now: NOW }], { from: oktaReturn() })
    const effect = finish(last)
    expect(effect.cookies.map((cookie) => cookie.name)).toEqual(['access_token'])
    expect(effect.removals).toEqual([
      { name: 'refresh_token', domain: '.example.com', path: '/' },
      { name: 'refresh_token', path: '/' },
    ])
  })

  it('Okta answer with both tokens: both written, nothing removed', () => {
    const tokens = {
      accessToken: ACCESS,
      tokenType: 'Bearer' as const,
      expiresIn: 3600,
      refreshToken: 'rt',
      idToken: null,
      scope: null,
    }
    const { last } = run([{ type: 'tokensReceived', tokens, now: NOW }], { from: oktaReturn() })
    expect(finish(last).cookies.map((cookie) => cookie.name)).toEqual([
      'access_token',
      'refresh_token',
    ])
    expect(finish(last).removals).toEqual([])
  })

  it('Google cookie map with only access_token: the earlier refresh_token is removed', () => {
    const { last } = run(
      [{ type: 'googleCookiesReceived', cookies: { access_token: 'at' }, now: NOW }],
      { from: googleReturn() },
    )
    expect(finish(last).removals).toEqual([
      { name: 'refresh_token', domain: '.example.com', path: '/' },
      { name: 'refresh_token', path: '/' },
    ])
  })

  it('Google cookie map with only refresh_token: the earlier access_token is removed', () => {
    const { last } = run(
      [{ type: 'googleCookiesReceived', cookies: { refresh_token: 'rt' }, now: NOW }],
      { from: googleReturn() },
    )
    expect(finish(last).removals).toEqual([
      { name: 'access_token', domain: '.example.com', path: '/' },
      { name: 'access_token', path: '/' },
    ])
  })

  it('local mode (host-only cookies): one removal, the host-only cookie', () => {
    const config = localTestConfig()
    const { last } = run(
      [{ type: 'googleCookiesReceived', cookies: { access_token: 'at' }, now: NOW }],
      { from: googleReturn(config), config },
    )
    expect(finish(last).removals).toEqual([{ name: 'refresh_token', path: '/' }])
  })
})
