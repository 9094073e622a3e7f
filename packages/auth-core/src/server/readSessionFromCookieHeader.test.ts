import { describe, expect, it } from 'vitest'
import { readSessionFromCookieHeader } from './readSessionFromCookieHeader'

const AT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJhZGEifQ.c2ln'
const RT = 'rt-Abc_123'

describe('readSessionFromCookieHeader', () => {
  it('reads both token cookies among others, whatever the spacing', () => {
    expect(
      readSessionFromCookieHeader(`theme=dark; access_token=${AT};refresh_token=${RT} ; locale=de`),
    ).toEqual({ accessToken: AT, refreshToken: RT })
  })

  it('reads a refresh token alone (the page must refresh) and an access token alone', () => {
    expect(readSessionFromCookieHeader(`refresh_token=${RT}`)).toEqual({
      accessToken: null,
      refreshToken: RT,
    })
    expect(readSessionFromCookieHeader(`access_token=${AT}; refresh_token=`)).toEqual({
      accessToken: AT,
      refreshToken: null,
    })
  })

  it('reads the values of several Cookie header lines as one header', () => {
    expect(readSessionFromCookieHeader([`access_token=${AT}`, `refresh_token=${RT}`])).toEqual({
      accessToken: AT,
      refreshToken: RT,
    })
  })

  it.each([
    ['no header (Node)', undefined],
    ['no header (Fetch)', null],
    ['an empty header', ''],
    ['other cookies only', 'theme=dark; locale=de'],
    ['empty token cookies', 'access_token=; refresh_token='],
    ['a name that only ends like a token', `my_access_token=${AT}; xrefresh_token=${RT}`],
  ])('null for %s', (_label, header) => {
    expect(readSessionFromCookieHeader(header)).toBeNull()
  })

  it.each([
    ['access_token twice', `access_token=${AT}; refresh_token=${RT}; access_token=${AT}`],
    ['refresh_token twice', `refresh_token=x; access_token=${AT}; refresh_token=${RT}`],
    ['a tossed empty copy', `access_token=; access_token=${AT}`],
    ['across header lines', [`access_token=${AT}`, `access_token=other`]],
  ])('null for a damaged session: %s', (_label, header) => {
    expect(readSessionFromCookieHeader(header)).toBeNull()
  })

  it.each([
    ['a quoted value', `access_token="${AT}"`],
    ['a space inside', `access_token=${AT} x`],
    ['a comma', `refresh_token=a,b`],
    ['a backslash', `refresh_token=a\\b`],
    ['a control character', `access_token=a\u0001b`],
    ['a non-ASCII value', `access_token=ä`],
    ['over 4 KB', `access_token=${'a'.repeat(4100)}`],
  ])('null for a token that is not a plain cookie value: %s', (_label, header) => {
    expect(readSessionFromCookieHeader(`${header}; refresh_token=${RT}`)).toBeNull()
  })

  it.each([
    ['a number', 42],
    ['an object', { cookie: `access_token=${AT}` }],
    ['an array holding a non-string', [`access_token=${AT}`, 7]],
    ['a header over 64 KiB', `access_token=${AT}; pad=${'x'.repeat(65_536)}`],
  ])('null, never a TypeError, for %s', (_label, header) => {
    expect(readSessionFromCookieHeader(header as string)).toBeNull()
  })

  it('skips pairs without "=" and pairs with an empty name, as browsers do', () => {
    expect(readSessionFromCookieHeader(`access_token; =${RT}; refresh_token=${RT}`)).toEqual({
      accessToken: null,
      refreshToken: RT,
    })
  })

  it('keeps "=" inside a value (base64 padding) and does not URL-decode', () => {
    expect(readSessionFromCookieHeader('refresh_token=a%3Db==')).toEqual({
      accessToken: null,
      refreshToken: 'a%3Db==',
    })
  })

  it('reads a header of exactly 64 KiB, refuses one byte more', () => {
    const header = (length: number) => {
      const start = `access_token=${AT}; pad=`
      return `${start}${'x'.repeat(length - start.length)}`
    }
    expect(readSessionFromCookieHeader(header(65_536))).toEqual({
      accessToken: AT,
      refreshToken: null,
    })
    expect(readSessionFromCookieHeader(header(65_537))).toBeNull()
  })

  it('skips a pair without "=", even one that starts with a token name', () => {
    expect(readSessionFromCookieHeader(`access_tokenX; refresh_token=${RT}`)).toEqual({
      accessToken: null,
      refreshToken: RT,
    })
  })

  it('null when the refresh token is not a plain cookie value, even with a good access token', () => {
    expect(readSessionFromCookieHeader(`access_token=${AT}; refresh_token="rt 1"`)).toBeNull()
  })
})
