import { describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import { readSessionSnapshot } from './readSessionSnapshot'
import { accessToken, NOW_S, recordingJar } from '../testSupport/sessionTestKit'
import type { CookieJar } from './session.types'

const clock = { nowMs: NOW_S * 1000, skewSeconds: 60 }

describe('readSessionSnapshot', () => {
  it('without token cookies: is signedOut', () => {
    expect(readSessionSnapshot(recordingJar(), clock)).toEqual({ status: 'signedOut' })
  })

  it('with empty token cookies: is signedOut', () => {
    const jar = recordingJar({ access_token: '', refresh_token: '' })
    expect(readSessionSnapshot(jar, clock)).toEqual({ status: 'signedOut' })
  })

  it('with a valid access token and a refresh token: is active with the access token, claims and expiry (never the refresh token)', () => {
    const token = accessToken({ exp: NOW_S + 3600, scp: ['openid'] })
    const jar = recordingJar({ access_token: token, refresh_token: 'rt-1' })
    expect(readSessionSnapshot(jar, clock)).toEqual({
      status: 'signedIn',
      accessToken: token,
      claims: {
        subject: 'ada@example.com',
        email: null,
        expiresAt: NOW_S + 3600,
        issuedAt: NOW_S - 600,
        scopes: ['openid'],
      },
      expiresAt: NOW_S + 3600,
      user: { subject: 'ada@example.com', email: null, name: null },
    })
  })

  it('active: the user is the subject and email of the claims, the name not yet known', () => {
    const token = accessToken({ exp: NOW_S + 3600, email: 'ada@lovelace.test' })
    const snapshot = readSessionSnapshot(recordingJar({ access_token: token }), clock)
    expect(snapshot.status === 'signedIn' && snapshot.user).toEqual({
      subject: 'ada@example.com',
      email: 'ada@lovelace.test',
      name: null,
    })
  })

  it.each([
    ['an hour before exp', 3600, 'signedIn'],
    ['one second outside the skew (now + skew = exp - 1)', 61, 'signedIn'],
    ['exactly the skew before exp (now + skew = exp)', 60, 'expired'],
    ['within the skew (30 s before exp)', 30, 'expired'],
    ['exactly at exp', 0, 'expired'],
    ['after exp', -1, 'expired'],
  ])('%s (%i s left): is %s', (_label, secondsLeft, status) => {
    const jar = recordingJar({ access_token: accessToken({ exp: NOW_S + secondsLeft }) })
    expect(readSessionSnapshot(jar, clock).status).toBe(status)
  })

  it('with a zero skew: is active until exactly exp', () => {
    const jar = recordingJar({ access_token: accessToken({ exp: NOW_S + 1 }) })
    expect(readSessionSnapshot(jar, { ...clock, skewSeconds: 0 }).status).toBe('signedIn')
    const atExp = recordingJar({ access_token: accessToken({ exp: NOW_S }) })
    expect(readSessionSnapshot(atExp, { ...clock, skewSeconds: 0 }).status).toBe('expired')
  })

  it('with a refresh token alone: is expired (refreshable) without access token or claims', () => {
    expect(readSessionSnapshot(recordingJar({ refresh_token: 'rt-1' }), clock)).toEqual({
      status: 'expired',
      accessToken: null,
      refreshable: true,
      claims: null,
      expiresAt: null,
    })
  })

  it('with an expired access token alone: not refreshable', () => {
    const jar = recordingJar({ access_token: accessToken({ exp: NOW_S - 1 }) })
    expect(readSessionSnapshot(jar, clock)).toMatchObject({ status: 'expired', refreshable: false })
  })

  it.each([
    ['abc', 'abc', 'is not a JWT'],
    ['a.b', 'a.b', 'is not a JWT'],
    ['a.!!!.c', 'a.!!!.c', 'not base64url'],
    ['a payload null', accessToken().replace(/\.[^.]+\./, '.bnVsbA.'), 'not a JSON object'],
    ['a payload without exp', accessToken(), 'numeric "exp"'],
    ['a 5 KB value', 'x'.repeat(5 * 1024), 'longer than a cookie can be'],
    ['a value with a space', 'a b', 'not a plain cookie value'],
  ])(
    'with an access_token cookie %s: is invalid with unknown_error, never a throw',
    (_l, value, why) => {
      const snapshot = readSessionSnapshot(
        recordingJar({ access_token: value, refresh_token: 'rt' }),
        clock,
      )
      expect(snapshot.status).toBe('error')
      if (snapshot.status !== 'error') return
      expect(snapshot.error).toBeInstanceOf(AuthError)
      expect(snapshot.error.code).toBe('unknown_error')
      expect(snapshot.error.message).toContain(why)
    },
  )

  it('with a truncated access token (payload cut mid-way): is invalid', () => {
    const token = accessToken({ exp: NOW_S + 3600 })
    const truncated = token.slice(0, token.indexOf('.') + 10)
    expect(readSessionSnapshot(recordingJar({ access_token: truncated }), clock).status).toBe(
      'error',
    )
  })

  it('with an over-long refresh_token cookie: is invalid and names that cookie', () => {
    const jar = recordingJar({ refresh_token: 'r'.repeat(5 * 1024) })
    const snapshot = readSessionSnapshot(jar, clock)
    expect(snapshot).toMatchObject({ status: 'error' })
    expect(snapshot.status === 'error' && snapshot.error.message).toContain('refresh_token')
  })

  it('when the cookie jar throws: is invalid with unknown_error and keeps the cause', () => {
    const denied = new Error('SecurityError')
    const jar: CookieJar = {
      get: () => {
        throw denied
      },
      getAll: () => {
        throw denied
      },
      set: () => undefined,
      remove: () => undefined,
    }
    const snapshot = readSessionSnapshot(jar, clock)
    expect(snapshot).toMatchObject({ status: 'error', error: { code: 'unknown_error' } })
    expect(snapshot.status === 'error' && snapshot.error.cause).toBe(denied)
  })
})
