import { describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import type { TokenSet } from '../oauth/oauth.types'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import { planTokenCookies } from './planTokenCookies'
import { serializeCookie } from './serializeCookie'

const tokens = (overrides: Partial<TokenSet> = {}): TokenSet => ({
  accessToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
  tokenType: 'Bearer',
  expiresIn: 3600,
  refreshToken: 'rt-opaque_value',
  idToken: 'eyJ.id.token',
  scope: 'openid offline_access',
  ...overrides,
})

describe('planTokenCookies', () => {
  it('in production: plans access_token and refresh_token on the parent domain', () => {
    expect(planTokenCookies(testConfig(), tokens())).toEqual([
      {
        name: 'access_token',
        value: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln',
        domain: '.example.com',
        path: '/',
        secure: true,
        sameSite: 'Lax',
        maxAgeSeconds: 3600,
      },
      {
        name: 'refresh_token',
        value: 'rt-opaque_value',
        domain: '.example.com',
        path: '/',
        secure: true,
        sameSite: 'Lax',
        maxAgeSeconds: 604_800,
      },
    ])
  })

  it('in local mode: plans host-only cookies (no Domain)', () => {
    const serialized = planTokenCookies(localTestConfig(), tokens()).map(serializeCookie)
    expect(serialized).toEqual([
      'access_token=eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln; Path=/; Max-Age=3600; Secure; SameSite=Lax',
      'refresh_token=rt-opaque_value; Path=/; Max-Age=604800; Secure; SameSite=Lax',
    ])
  })

  it('needs only parentDomain and localMode (a sub-site has no redirect URI or Google client)', () => {
    const scoped = { parentDomain: '.example.com', localMode: false }
    expect(planTokenCookies(scoped, tokens())).toEqual(planTokenCookies(testConfig(), tokens()))
  })

  it('without a refresh token: plans only access_token', () => {
    expect(
      planTokenCookies(testConfig(), tokens({ refreshToken: null })).map((c) => c.name),
    ).toEqual(['access_token'])
  })

  it.each([
    [3600, 3600],
    [0, 1],
    [-1, 1],
    [1e12, 86_400],
  ])('on expiresIn %d: access_token Max-Age is %d', (expiresIn, maxAge) => {
    expect(planTokenCookies(testConfig(), tokens({ expiresIn }))[0]?.maxAgeSeconds).toBe(maxAge)
  })

  it('on a NaN expiresIn: throws unknown_error saying the lifetime is not a number', () => {
    expect(() => planTokenCookies(testConfig(), tokens({ expiresIn: Number.NaN }))).toThrow(
      expect.objectContaining({
        code: 'unknown_error',
        message: 'The token lifetime is not a number.',
      }),
    )
  })

  it.each([
    [
      'an access token with a semicolon',
      { accessToken: 'abc; Domain=evil.example' },
      'access_token',
    ],
    ['an access token with CR/LF', { accessToken: 'abc\r\nx' }, 'access_token'],
    ['an empty access token', { accessToken: '' }, 'access_token'],
    ['a refresh token with a space', { refreshToken: 'a b' }, 'refresh_token'],
    ['a refresh token over 4096 bytes', { refreshToken: 'r'.repeat(4096) }, 'refresh_token'],
  ])(
    'on %s: throws unknown_error naming the cookie, not echoing the token',
    (_label, override, name) => {
      let thrown: unknown
      try {
        planTokenCookies(testConfig(), tokens(override))
      } catch (error) {
        thrown = error
      }
      expect(thrown).toBeInstanceOf(AuthError)
      expect((thrown as AuthError).code).toBe('unknown_error')
      expect((thrown as AuthError).details.providerCode).toBe('invalid_cookie_value')
      expect((thrown as AuthError).message).toBe(`The ${name} is not a valid cookie value.`)
      expect((thrown as AuthError).message).not.toContain('abc')
    },
  )
})
