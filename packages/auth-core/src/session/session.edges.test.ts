import { describe, expect, it } from 'vitest'
import { serializeCookie } from '../cookies/serializeCookie'
import { AuthError } from '../errors/authError'
import { browserCookieJar } from './browserDefaults'
import { createMemoryLock } from './createMemoryLock'
import { createPlatformSession } from './createPlatformSession'
import { decodeAccessTokenClaims } from './decodeAccessTokenClaims'
import { readSessionSnapshot } from './readSessionSnapshot'
import { planPostLoginRedirectCookie } from './sessionCookies'
import type { SessionLock } from './session.types'
import {
  accessToken,
  deferred,
  idToken,
  json,
  NOW_S,
  recordingJar,
  refreshBody,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'

const config = sessionConfig()
const returnTo = 'https://citystream.example.com/signed-out'

describe('decodeAccessTokenClaims: which part is wrong', () => {
  const [header, payload] = accessToken({ exp: NOW_S + 60 }).split('.')

  it.each([
    ['a header that is not base64url', `!!.${payload}.c2ln`],
    ['a signature that is not base64url', `${header}.${payload}.!!`],
    ['an empty signature', `${header}.${payload}.`],
  ])('on %s: an AuthError naming a part that is not base64url', (_label, token) => {
    let thrown: unknown
    try {
      decodeAccessTokenClaims(token)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AuthError)
    expect((thrown as AuthError).message).toBe(
      'The access_token cookie has a part that is not base64url (or not JSON where JSON is expected).',
    )
  })
})

describe('browserCookieJar: reading document.cookie', () => {
  const jar = browserCookieJar({ cookie: 'a=1; b= 2 ;=nameless; flag' } as Document)

  it('trims names and values', () => {
    expect(jar.get('a')).toBe('1')
    expect(jar.get('b')).toBe('2')
  })

  it('never returns a nameless cookie or a pair without =', () => {
    expect(jar.get('')).toBeUndefined()
    expect(jar.get('fla')).toBeUndefined()
    expect(jar.get('flag')).toBeUndefined()
  })
})

describe('createMemoryLock: after the first task settles', () => {
  it('a task asked for then still waits for the one queued behind the first', async () => {
    const lock = createMemoryLock()
    const log: string[] = []
    const second = deferred<void>()
    const a = lock('x', async () => {
      log.push('a')
    })
    const b = lock('x', async () => {
      log.push('b start')
      await second.promise
      log.push('b end')
    })
    await a
    const c = lock('x', async () => {
      log.push('c')
    })
    await Promise.resolve()
    await Promise.resolve()
    expect(log).toEqual(['a', 'b start'])
    second.resolve()
    await Promise.all([b, c])
    expect(log).toEqual(['a', 'b start', 'b end', 'c'])
  })
})

describe('createPlatformSession: without a refresh token', () => {
  it('getAccessToken returns a live access token', async () => {
    const live = accessToken({ exp: NOW_S + 3600 })
    const { session, requests } = setupSession({ cookies: { access_token: live } })
    await expect(session.getAccessToken()).resolves.toBe(live)
    expect(requests).toEqual([])
  })

  it('getAccessToken on an expired access token: null, without taking the lock', async () => {
    const taken: string[] = []
    const lock: SessionLock = (name, task) => {
      taken.push(name)
      return task()
    }
    const { session, requests } = setupSession({
      cookies: { access_token: accessToken({ exp: NOW_S - 1 }) },
      deps: { lock },
    })
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(taken).toEqual([])
    expect(requests).toEqual([])
  })

  it('signOut sends no refresh and no refresh-token revocation, only the access token’s', async () => {
    const live = accessToken({ exp: NOW_S + 3600 })
    const { session, requests, jar, navigations } = setupSession({
      cookies: { access_token: live },
      answer: () => new Response(null, { status: 200 }),
    })
    await session.signOut({ returnTo })
    expect(requests.map((r) => r.url.split('/v1/')[1])).toEqual(['revoke'])
    expect(Object.fromEntries(requests[0]?.form ?? [])).toMatchObject({
      token: live,
      token_type_hint: 'access_token',
    })
    expect(jar.values.has('access_token')).toBe(false)
    expect(navigations).toEqual([returnTo])
  })
})

describe('createPlatformSession: timing edges', () => {
  it('refreshes a token the snapshot calls expired even when the leeway alone would keep it', async () => {
    const { session, requests } = setupSession({
      config: sessionConfig({ clockSkewSeconds: 120, refreshLeewaySeconds: 0 }),
      cookies: { access_token: accessToken({ exp: NOW_S + 60 }), refresh_token: 'rt-1' },
    })
    await session.getAccessToken()
    expect(requests.map((r) => r.url.split('/v1/')[1])).toEqual(['token'])
  })

  it('signOut treats an ID token that expires exactly at now + skew as expired, and refreshes', async () => {
    const skew = 30
    const fresh = idToken(config, { exp: NOW_S + 3600, jti: 'fresh' })
    let refreshes = 0
    const { session, requests, navigations } = setupSession({
      config: sessionConfig({ clockSkewSeconds: skew }),
      cookies: { access_token: accessToken({ exp: NOW_S - 1 }), refresh_token: 'rt-1' },
      answer: (request) => {
        if (request.url.endsWith('/v1/revoke')) return new Response(null, { status: 200 })
        refreshes += 1
        const exp = refreshes === 1 ? NOW_S + skew : NOW_S + 3600
        return json(
          refreshBody(config, { id_token: refreshes === 1 ? idToken(config, { exp }) : fresh }),
        )
      },
    })
    await session.getAccessToken()
    await session.signOut({ returnTo })
    expect(requests.map((r) => r.url.split('/v1/')[1])).toEqual([
      'token',
      'token',
      'revoke',
      'revoke',
    ])
    expect(new URL(navigations[0] ?? '').searchParams.get('id_token_hint')).toBe(fresh)
  })

  it('refuses a timeoutMs that is not a positive whole number with configuration_error', () => {
    expect(() =>
      createPlatformSession(config, {
        cookies: recordingJar(),
        navigate: () => undefined,
        timeoutMs: 0,
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'configuration_error',
        message: 'timeoutMs must be a positive whole number.',
      }),
    )
  })
})

describe('createPlatformSession: returnTo with credentials', () => {
  it.each([
    'https://pat@citystream.example.com/signed-out',
    'https://:secret@citystream.example.com/signed-out',
  ])('signOut refuses %s before anything happens', async (url) => {
    const { session, requests, navigations } = setupSession({
      cookies: { access_token: accessToken({ exp: NOW_S + 3600 }), refresh_token: 'rt-1' },
    })
    await expect(session.signOut({ returnTo: url })).rejects.toMatchObject({
      code: 'usage_error',
    })
    expect(requests).toEqual([])
    expect(navigations).toEqual([])
  })
})

describe('readSessionSnapshot: a jar that throws', () => {
  it('is invalid with an unknown_error that keeps the cause', () => {
    const failure = new Error('no cookies here')
    const snapshot = readSessionSnapshot(
      {
        get: () => {
          throw failure
        },
        getAll: () => {
          throw failure
        },
        set: () => undefined,
        remove: () => undefined,
      },
      { nowMs: NOW_S * 1000, skewSeconds: 0 },
    )
    expect(snapshot).toMatchObject({ status: 'error' })
    const error = (snapshot as { error: AuthError }).error
    expect(error.code).toBe('unknown_error')
    expect(error.message).toBe('The session cookies could not be read.')
    expect(error.cause).toBe(failure)
  })
})

describe('planPostLoginRedirectCookie: the planned write', () => {
  it('is Secure and SameSite=Lax in the data, not only in the serialized string', () => {
    const write = planPostLoginRedirectCookie(config, 'citystream')
    expect(write).toEqual({
      name: 'post_login_redirect',
      value: 'citystream',
      domain: '.example.com',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      maxAgeSeconds: 600,
    })
    expect(serializeCookie(write)).toContain('; Secure; SameSite=Lax')
  })

  it('refuses a value that is not one label with usage_error', () => {
    expect(() => planPostLoginRedirectCookie(config, 'a.b')).toThrow(
      expect.objectContaining({ code: 'usage_error' }),
    )
  })
})
