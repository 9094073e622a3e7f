import { describe, expect, it } from 'vitest'
import { planCookieRemoval } from '../cookies/planCookieRemoval'
import { planTokenCookies } from '../cookies/planTokenCookies'
import { serializeCookie, serializeCookieRemoval } from '../cookies/serializeCookie'
import { AuthError } from '../errors/authError'
import type { TokenSet } from '../oauth/oauth.types'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import {
  planPostLoginPathCookie,
  planPostLoginRedirectCookie,
  planRefreshedTokenCookies,
  planSessionCookieRemovals,
} from './sessionCookies'
import { localSessionConfig, sessionConfig } from '../testSupport/sessionTestKit'

const tokens: TokenSet = {
  accessToken: 'at-new',
  tokenType: 'Bearer',
  expiresIn: 300,
  refreshToken: 'rt-new',
  idToken: null,
  scope: null,
}

describe('planRefreshedTokenCookies', () => {
  it.each([
    ['production', sessionConfig(), testConfig()],
    ['local mode', localSessionConfig(), localTestConfig()],
  ])(
    'in %s: serializes byte for byte like the sign-in app’s planTokenCookies',
    (_mode, session, app) => {
      const ours = planRefreshedTokenCookies(session, tokens).map(serializeCookie)
      expect(ours).toEqual(planTokenCookies(app, tokens).map(serializeCookie))
    },
  )

  it('writes both cookies on the parent domain with Secure, SameSite=Lax and the Max-Age rules', () => {
    expect(planRefreshedTokenCookies(sessionConfig(), tokens).map(serializeCookie)).toEqual([
      'access_token=at-new; Domain=.example.com; Path=/; Max-Age=300; Secure; SameSite=Lax',
      'refresh_token=rt-new; Domain=.example.com; Path=/; Max-Age=604800; Secure; SameSite=Lax',
    ])
  })

  it('in local mode: writes host-only cookies (no Domain)', () => {
    const writes = planRefreshedTokenCookies(localSessionConfig(), tokens)
    expect(writes.map((write) => write.domain)).toEqual([undefined, undefined])
  })

  it('refuses a token that is not a plain cookie value', () => {
    expect(() =>
      planRefreshedTokenCookies(sessionConfig(), { ...tokens, accessToken: 'a;b' }),
    ).toThrow(AuthError)
  })
})

describe('planSessionCookieRemovals', () => {
  it.each([
    ['production', sessionConfig(), testConfig()],
    ['local mode', localSessionConfig(), localTestConfig()],
  ])(
    'in %s: removes both token cookies exactly as planCookieRemoval does',
    (_mode, session, app) => {
      expect(planSessionCookieRemovals(session).map(serializeCookieRemoval)).toEqual(
        ['access_token', 'refresh_token'].map((name) =>
          serializeCookieRemoval(planCookieRemoval(app, name)),
        ),
      )
    },
  )

  it('removes them on the parent domain with Max-Age=0', () => {
    expect(planSessionCookieRemovals(sessionConfig()).map(serializeCookieRemoval)).toEqual([
      'access_token=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
      'refresh_token=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
    ])
  })
})

describe('planPostLoginRedirectCookie', () => {
  it('writes the label on the parent domain for ten minutes', () => {
    expect(serializeCookie(planPostLoginRedirectCookie(sessionConfig(), 'citystream'))).toBe(
      'post_login_redirect=citystream; Domain=.example.com; Path=/; Max-Age=600; Secure; SameSite=Lax',
    )
  })

  it('in local mode: writes a host-only cookie', () => {
    expect(serializeCookie(planPostLoginRedirectCookie(localSessionConfig(), 'citystream'))).toBe(
      'post_login_redirect=citystream; Path=/; Max-Age=600; Secure; SameSite=Lax',
    )
  })

  it('refuses a value that is not one DNS label', () => {
    expect(() => planPostLoginRedirectCookie(sessionConfig(), 'a.b')).toThrow(
      /one lowercase DNS label/,
    )
  })
})

describe('planPostLoginPathCookie', () => {
  it('writes the page to come back to on the parent domain for ten minutes, Secure, SameSite=Lax', () => {
    expect(
      serializeCookie(planPostLoginPathCookie(sessionConfig(), '/maps/42?zoom=3') ?? never()),
    ).toBe(
      'post_login_path=/maps/42?zoom=3; Domain=.example.com; Path=/; Max-Age=600; Secure; SameSite=Lax',
    )
  })

  it('a path a cookie cannot carry as it is (not ASCII): no cookie, the person comes back to the root', () => {
    expect(planPostLoginPathCookie(sessionConfig(), '/café')).toBeNull()
    expect(planPostLoginPathCookie(sessionConfig(), '/caf%C3%A9')).not.toBeNull()
  })
})

function never(): never {
  throw new Error('expected a cookie')
}
