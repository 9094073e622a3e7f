import { describe, expect, it } from 'vitest'
import { encodeBase64Url } from '../http/base64url'
import { createUnsignedJwt } from '../testSupport/jwt'
import { readPageSession } from './readPageSession'

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0)
const inSeconds = (seconds: number) => Math.floor(NOW / 1000) + seconds
const token = (claims: Record<string, unknown>) => createUnsignedJwt(claims)
const REFRESH = 'refresh-token-value_01'

describe('readPageSession (the sign-in page: is someone already signed in?)', () => {
  it('no cookies, or empty ones: no session', () => {
    expect(readPageSession('', NOW)).toEqual({ status: 'none' })
    expect(readPageSession('access_token=; refresh_token=', NOW)).toEqual({ status: 'none' })
    expect(readPageSession('locale=de; other=1', NOW)).toEqual({ status: 'none' })
  })

  it('an unexpired access token: live, named by its email, else its sub', () => {
    const withEmail = token({ sub: '00u1', email: 'pat@example.com', exp: inSeconds(3600) })
    expect(readPageSession(`access_token=${withEmail}`, NOW)).toEqual({
      status: 'live',
      who: 'pat@example.com',
    })
    const subOnly = token({ sub: '00u1', email: '', exp: inSeconds(3600) })
    expect(readPageSession(`locale=de; access_token=${subOnly}`, NOW)).toEqual({
      status: 'live',
      who: '00u1',
    })
  })

  it('a live access token beside a damaged refresh token (two copies, or not a cookie value): no session', () => {
    const live = token({ sub: '00u1', exp: inSeconds(3600) })
    expect(
      readPageSession(`access_token=${live}; refresh_token=a1; refresh_token=b2`, NOW),
    ).toEqual({ status: 'none' })
    expect(readPageSession(`access_token=${live}; refresh_token="quoted"`, NOW)).toEqual({
      status: 'none',
    })
  })

  it('an access token with an empty sub: no session', () => {
    const nameless = token({ sub: '', email: 'pat@example.com', exp: inSeconds(3600) })
    expect(readPageSession(`access_token=${nameless}; refresh_token=${REFRESH}`, NOW)).toEqual({
      status: 'none',
    })
  })

  it('an access token within the clock skew of expiry counts as expired; a refresh token keeps it live', () => {
    const closing = token({ sub: '00u1', exp: inSeconds(60) })
    expect(readPageSession(`access_token=${closing}`, NOW)).toEqual({ status: 'none' })
    const open = token({ sub: '00u1', exp: inSeconds(61) })
    expect(readPageSession(`access_token=${open}`, NOW)).toEqual({ status: 'live', who: '00u1' })
    expect(readPageSession(`access_token=${closing}; refresh_token=${REFRESH}`, NOW)).toEqual({
      status: 'live',
      who: '00u1',
    })
  })

  it('a refresh token alone: live, nobody named', () => {
    expect(readPageSession(`refresh_token=${REFRESH}`, NOW)).toEqual({ status: 'live', who: null })
  })

  it('a token cookie that appears twice (tossed from a sibling with a deeper path): no session', () => {
    const live = token({ sub: '00u1', exp: inSeconds(3600) })
    expect(readPageSession(`access_token=${live}; access_token=${live}`, NOW)).toEqual({
      status: 'none',
    })
    expect(readPageSession(`access_token=${live}; refresh_token=a; refresh_token=b`, NOW)).toEqual({
      status: 'none',
    })
  })

  it('a value that is no plain cookie value: no session', () => {
    expect(readPageSession('refresh_token=a,b', NOW)).toEqual({ status: 'none' })
  })

  it('an access token that is not a JWT with a string sub and a finite exp: no session, even with a refresh token', () => {
    const payload = (value: string) => `e30.${encodeBase64Url(new TextEncoder().encode(value))}.sig`
    for (const bad of [
      'not-a-jwt',
      'a.b',
      'e30.!!!.sig',
      payload('[1]'),
      payload('null'),
      payload('{"sub":"","exp":1}'),
      payload('{"sub":"u","exp":"soon"}'),
      payload('{"sub":"u"}'),
      payload('{"sub":7,"exp":1}'),
      payload('{not json'),
      `e30.${encodeBase64Url(new Uint8Array([0xff, 0xfe]))}.sig`,
    ])
      expect(readPageSession(`access_token=${bad}; refresh_token=${REFRESH}`, NOW), bad).toEqual({
        status: 'none',
      })
  })

  it('ignores pairs without a name', () => {
    expect(readPageSession(`=x; junk; refresh_token=${REFRESH}`, NOW)).toEqual({
      status: 'live',
      who: null,
    })
  })

  it('an emptied access token cookie (as a removal leaves it) beside a refresh token: live, nobody named', () => {
    expect(readPageSession(`access_token=; refresh_token=${REFRESH}`, NOW)).toEqual({
      status: 'live',
      who: null,
    })
  })

  it('a pair without "=" that starts with a token cookie name is no second copy of it', () => {
    expect(readPageSession(`refresh_token=${REFRESH}; refresh_tokenZ`, NOW)).toEqual({
      status: 'live',
      who: null,
    })
  })

  it('spaces around a value are not part of it', () => {
    const live = token({ sub: '00u1', exp: inSeconds(3600) })
    expect(readPageSession(`access_token= ${live} ;refresh_token=${REFRESH} `, NOW)).toEqual({
      status: 'live',
      who: '00u1',
    })
  })

  it('a well-formed payload in a token of two or four parts is no JWT: no session', () => {
    const payload = encodeBase64Url(
      new TextEncoder().encode(JSON.stringify({ sub: '00u1', exp: inSeconds(3600) })),
    )
    for (const bad of [`e30.${payload}`, `e30.${payload}.sig.extra`])
      expect(readPageSession(`access_token=${bad}; refresh_token=${REFRESH}`, NOW), bad).toEqual({
        status: 'none',
      })
  })

  it('a payload whose JSON holds bytes that are not UTF-8: no session', () => {
    const bytes = new Uint8Array([
      ...new TextEncoder().encode('{"sub":"'),
      0xff,
      ...new TextEncoder().encode(`","exp":${inSeconds(3600)}}`),
    ])
    expect(readPageSession(`access_token=e30.${encodeBase64Url(bytes)}.sig`, NOW)).toEqual({
      status: 'none',
    })
  })

  it('an email claim that is not a string: named by its sub', () => {
    const numeric = token({ sub: '00u1', email: 42, exp: inSeconds(3600) })
    expect(readPageSession(`access_token=${numeric}`, NOW)).toEqual({ status: 'live', who: '00u1' })
  })
})
