import { describe, expect, it } from 'vitest'
import { encodeBase64Url } from '../http/base64url'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import { planApiCookies } from './planApiCookies'
import { serializeCookie } from './serializeCookie'

const NOW = 1_700_000_000
const b64 = (text: string): string => encodeBase64Url(new TextEncoder().encode(text))
const jwt = (payload: unknown): string =>
  `${b64('{"alg":"RS256"}')}.${b64(JSON.stringify(payload))}.c2lnbmF0dXJl`

describe('planApiCookies', () => {
  it('plans every cookie of the map with the platform attributes', () => {
    const access = jwt({ sub: 'u1', exp: NOW + 3600 })
    expect(
      planApiCookies(
        testConfig(),
        { access_token: access, refresh_token: 'opaque-rt', sid: 'abc' },
        NOW,
      ),
    ).toEqual([
      {
        name: 'access_token',
        value: access,
        domain: '.example.com',
        path: '/',
        secure: true,
        sameSite: 'Lax',
        maxAgeSeconds: 3600,
      },
      {
        name: 'refresh_token',
        value: 'opaque-rt',
        domain: '.example.com',
        path: '/',
        secure: true,
        sameSite: 'Lax',
        maxAgeSeconds: 604_800,
      },
      {
        name: 'sid',
        value: 'abc',
        domain: '.example.com',
        path: '/',
        secure: true,
        sameSite: 'Lax',
      },
    ])
  })

  it('needs only parentDomain and localMode', () => {
    const scoped = { parentDomain: '.example.org', localMode: false }
    expect(planApiCookies(scoped, { sid: 'abc' }, NOW).map(serializeCookie)).toEqual([
      'sid=abc; Domain=.example.org; Path=/; Secure; SameSite=Lax',
    ])
  })

  it('in local mode: plans host-only cookies', () => {
    expect(planApiCookies(localTestConfig(), { sid: 'abc' }, NOW).map(serializeCookie)).toEqual([
      'sid=abc; Path=/; Secure; SameSite=Lax',
    ])
  })

  it.each([
    ['exp in one hour', NOW + 3600, 3600],
    ['exp in one second', NOW + 1, 1],
    ['exp in a year', NOW + 365 * 86_400, 86_400],
    ['a fractional exp', NOW + 10.7, 10],
  ])('on a JWT value with %s: Max-Age %d', (_label, exp, maxAge) => {
    expect(planApiCookies(testConfig(), { token: jwt({ exp }) }, NOW)[0]?.maxAgeSeconds).toBe(
      maxAge,
    )
  })

  it.each([
    ['exp now', NOW],
    ['exp in the past', NOW - 60],
  ])('on a JWT value with %s: throws google_failed (expired_cookie)', (_label, exp) => {
    expect(() => planApiCookies(testConfig(), { access_token: jwt({ exp }) }, NOW)).toThrow(
      expect.objectContaining({
        code: 'google_failed',
        details: { providerCode: 'expired_cookie' },
        message: 'The product API returned an expired token cookie.',
      }),
    )
  })

  it('on a NaN clock with a JWT value: throws google_failed', () => {
    expect(() => planApiCookies(testConfig(), { t: jwt({ exp: NOW }) }, Number.NaN)).toThrow(
      expect.objectContaining({ code: 'google_failed' }),
    )
  })

  it('on a refresh_token that is a JWT with exp: the exp wins', () => {
    expect(
      planApiCookies(testConfig(), { refresh_token: jwt({ exp: NOW + 60 }) }, NOW)[0]
        ?.maxAgeSeconds,
    ).toBe(60)
  })

  it.each([
    ['a JWT without exp', jwt({ sub: 'x' })],
    ['a JWT with a string exp', jwt({ exp: String(NOW + 60) })],
    ['a JWT whose payload is not JSON', `${b64('{}')}.${b64('not json')}.sig`],
    [
      'a JWT whose payload is not UTF-8',
      `${b64('{}')}.${encodeBase64Url(new Uint8Array([0xff, 0xfe]))}.sig`,
    ],
    ['a JWT whose payload is null', `${b64('{}')}.${b64('null')}.sig`],
    ['a JWT whose payload is a number', `${b64('{}')}.${b64('1700003600')}.sig`],
    ['a JWT whose exp overflows to Infinity', `${b64('{}')}.${b64('{"exp":1e999}')}.sig`],
    ['two parts, the second a payload with exp', `${b64('{}')}.${b64(`{"exp":${NOW + 60}}`)}`],
    ['four parts, the second a payload with exp', `${jwt({ exp: NOW + 60 })}.more`],
    ['a JWT whose payload is not base64url', 'a.b!c.d'],
    ['two dot-separated parts', 'abc.def'],
  ])('on %s: plans a session cookie', (_label, value) => {
    expect(planApiCookies(testConfig(), { sid: value }, NOW)[0]).not.toHaveProperty('maxAgeSeconds')
  })

  it.each([
    ['a name with a dot', { 'a.b': 'v' }],
    ['a value with a semicolon', { sid: 'v; Domain=evil.example' }],
    ['a value with CR/LF', { sid: 'v\r\nx' }],
    ['an empty value', { sid: '' }],
    ['a non-ASCII value', { sid: 'héllo' }],
  ])('on %s: throws google_failed (invalid_cookie)', (_label, cookies) => {
    expect(() => planApiCookies(testConfig(), cookies, NOW)).toThrow(
      expect.objectContaining({
        code: 'google_failed',
        details: { providerCode: 'invalid_cookie' },
        message: 'The product API returned an invalid cookie.',
      }),
    )
  })
})
