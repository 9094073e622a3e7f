import { describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import { encodeBase64Url } from '../http/base64url'
import { createUnsignedJwt } from '../testSupport/jwt'
import { decodeAccessTokenClaims } from './decodeAccessTokenClaims'

const b64 = (text: string): string => encodeBase64Url(new TextEncoder().encode(text))
const header = b64('{"alg":"RS256"}')
const signature = b64('signature')

function problemOf(token: string): string {
  try {
    decodeAccessTokenClaims(token)
  } catch (error) {
    expect(error).toBeInstanceOf(AuthError)
    expect((error as AuthError).code).toBe('unknown_error')
    return (error as AuthError).message
  }
  throw new Error('expected a throw')
}

describe('decodeAccessTokenClaims', () => {
  it('on an Okta access token: returns subject, email, expiry, issue time and the scp scopes', () => {
    const token = createUnsignedJwt({
      sub: 'ada@example.com',
      email: 'ada@example.com',
      exp: 1_900_003_600,
      iat: 1_900_000_000,
      scp: ['openid', 'image:get'],
      uid: '00u1',
    })
    expect(decodeAccessTokenClaims(token)).toEqual({
      subject: 'ada@example.com',
      email: 'ada@example.com',
      expiresAt: 1_900_003_600,
      issuedAt: 1_900_000_000,
      scopes: ['openid', 'image:get'],
    })
  })

  it('on a space-separated scope string (RFC 9068): splits it into scopes', () => {
    const token = createUnsignedJwt({ sub: 's', exp: 1, scope: ' openid  image:get ' })
    expect(decodeAccessTokenClaims(token).scopes).toEqual(['openid', 'image:get'])
  })

  it('when both scp and scope are present: prefers scp', () => {
    const token = createUnsignedJwt({ sub: 's', exp: 1, scp: ['a'], scope: 'b' })
    expect(decodeAccessTokenClaims(token).scopes).toEqual(['a'])
  })

  it('without email, iat and scopes: returns null, null and no scopes', () => {
    const claims = decodeAccessTokenClaims(createUnsignedJwt({ sub: 's', exp: 10 }))
    expect(claims).toEqual({ subject: 's', email: null, expiresAt: 10, issuedAt: null, scopes: [] })
  })

  it.each([
    ['email', { email: 42 }, { email: null }],
    ['iat', { iat: '2020' }, { issuedAt: null }],
    ['scp', { scp: 'openid' }, { scopes: [] }],
    ['scope', { scope: ['openid'] }, { scopes: [] }],
  ])('on a wrongly typed %s: treats it as absent', (_name, extra, expected) => {
    const claims = decodeAccessTokenClaims(createUnsignedJwt({ sub: 's', exp: 10, ...extra }))
    expect(claims).toMatchObject(expected)
  })

  it.each([
    ['one part', 'abc', 'is not a JWT'],
    ['two parts', 'a.b', 'is not a JWT'],
    ['four parts', 'a.b.c.d', 'is not a JWT'],
    ['a payload that is not base64url', 'a.!!!.c', 'not base64url'],
    ['an empty payload', `${header}..${signature}`, 'not base64url'],
    ['an empty signature (alg none)', `${header}.${b64('{"sub":"s","exp":1}')}.`, 'not base64url'],
    ['a payload that is not JSON', `${header}.${b64('not json')}.${signature}`, 'not base64url'],
    [
      'a payload that is not UTF-8',
      `${header}.${encodeBase64Url(new Uint8Array([0xff, 0xfe]))}.${signature}`,
      'not base64url',
    ],
    ['a payload null', `${header}.${b64('null')}.${signature}`, 'not a JSON object'],
    ['a payload array', `${header}.${b64('[1]')}.${signature}`, 'not a JSON object'],
    [
      'a header that is a string',
      `${b64('"x"')}.${b64('{"sub":"s","exp":1}')}.${signature}`,
      'not a JSON object',
    ],
    ['a payload without exp', `${header}.${b64('{"sub":"s"}')}.${signature}`, 'numeric "exp"'],
    ['a string exp', `${header}.${b64('{"sub":"s","exp":"1"}')}.${signature}`, 'numeric "exp"'],
    ['a payload without sub', `${header}.${b64('{"exp":1}')}.${signature}`, 'string "sub"'],
    ['an empty sub', `${header}.${b64('{"sub":"","exp":1}')}.${signature}`, 'string "sub"'],
  ])('on %s: throws unknown_error saying why', (_label, token, problem) => {
    expect(problemOf(token)).toContain(problem)
  })

  it('never puts the token into the error message', () => {
    const token = `${header}.${b64('{"sub":"secret-subject"}')}.${signature}`
    expect(problemOf(token)).not.toContain('secret-subject')
    expect(problemOf(token)).not.toContain(header)
  })
})
