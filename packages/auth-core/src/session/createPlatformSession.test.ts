import { describe, expect, it, vi } from 'vitest'
import { serializeCookie } from '../cookies/serializeCookie'
import { AuthError } from '../errors/authError'
import { FAR_FUTURE, LONG_AGO } from '../testSupport/jwt'
import { createPlatformSession } from './createPlatformSession'
import {
  accessToken,
  localSessionConfig,
  NOW_S,
  creationError,
  recordingJar,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'

describe('createPlatformSession', () => {
  it.each([
    ['an http signInUrl in production', { signInUrl: 'http://signin.example.com/' }, 'signInUrl'],
    ['a signInUrl off the parent domain', { signInUrl: 'https://signin.evil.com/' }, 'signInUrl'],
    ['a relative signInUrl', { signInUrl: '/signin' }, 'signInUrl'],
    ['a negative clockSkewSeconds', { clockSkewSeconds: -1 }, 'clockSkewSeconds'],
    ['a NaN clockSkewSeconds', { clockSkewSeconds: Number.NaN }, 'clockSkewSeconds'],
    [
      'an infinite refreshLeewaySeconds',
      { refreshLeewaySeconds: Infinity },
      'refreshLeewaySeconds',
    ],
  ])('with %s: throws configuration_error naming it', (_label, overrides, name) => {
    const error = creationError(sessionConfig(overrides))
    expect(error.code).toBe('configuration_error')
    expect(error.message).toContain(name)
  })

  it.each([
    ['without its leading dot', 'platform.test'],
    ['with one label only', '.com'],
    ['in capitals', '.Example.com'],
    ['with a trailing dot', '.example.com.'],
    ['with an empty label', '.example..com'],
    ['with a label starting with a hyphen', '.-example.com'],
    ['with an underscore', '.ex_ample.com'],
    ['with a port', '.example.com:443'],
    ['empty', ''],
  ])('refuses a parentDomain %s when the session is created', (_label, parentDomain) => {
    const error = creationError(
      sessionConfig({ parentDomain, signInUrl: 'https://signin.example.com/' }),
    )
    expect(error.code).toBe('configuration_error')
    expect(error.message).toContain(
      `parentDomain must be a domain with its leading dot, such as .example.com, not ${JSON.stringify(parentDomain)}.`,
    )
  })

  it('accepts any parentDomain in local mode (cookies are host-only there)', () => {
    expect(() =>
      createPlatformSession(localSessionConfig({ parentDomain: '' }), {
        cookies: recordingJar(),
        navigate: () => undefined,
      }),
    ).not.toThrow()
  })

  it('in local mode: names http(s) in the signInUrl message', () => {
    expect(creationError(localSessionConfig({ signInUrl: 'ftp://x/' })).message).toMatch(
      /http\(s\)/,
    )
  })

  it.each([[0], [-5], [1.5], [Number.NaN]])(
    'with timeoutMs %s: throws configuration_error',
    (timeoutMs) => {
      expect(creationError(sessionConfig(), { timeoutMs }).message).toContain('timeoutMs')
    },
  )

  it('refuses a timeoutMs longer than the refresh lease allows, and accepts the maximum', () => {
    expect(creationError(sessionConfig(), { timeoutMs: 15_001 })).toMatchObject({
      code: 'configuration_error',
      message:
        'timeoutMs must be at most 15000 ms: a refresh has to end inside the platform-wide refresh lease of 16000 ms.',
    })
    expect(() =>
      createPlatformSession(sessionConfig(), {
        cookies: recordingJar(),
        navigate: () => undefined,
        timeoutMs: 15_000,
      }),
    ).not.toThrow()
  })

  it('without a clock: reads expiry with the system clock', () => {
    vi.useFakeTimers({ now: NOW_S * 1000 })
    try {
      const jar = recordingJar({ access_token: accessToken({ exp: NOW_S + 3600 }) })
      const session = createPlatformSession(sessionConfig(), {
        cookies: jar,
        navigate: () => undefined,
      })
      expect(session.readSession().status).toBe('signedIn')
      vi.setSystemTime((NOW_S + 3600) * 1000)
      expect(session.readSession().status).toBe('expired')
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('createPlatformSession: readSession', () => {
  it('reads the cookies with the injected clock and the default 60 s skew', () => {
    const { session, clock } = setupSession({
      cookies: { access_token: accessToken({ exp: NOW_S + 120 }) },
    })
    expect(session.readSession()).toMatchObject({ status: 'signedIn', expiresAt: NOW_S + 120 })
    clock.nowMs = (NOW_S + 60) * 1000
    expect(session.readSession().status).toBe('expired')
  })

  it('uses the configured clockSkewSeconds', () => {
    const { session } = setupSession({
      config: sessionConfig({ clockSkewSeconds: 0 }),
      cookies: { access_token: accessToken({ exp: NOW_S + 1 }) },
    })
    expect(session.readSession().status).toBe('signedIn')
  })

  it('exposes the decoded claims for display', () => {
    const token = accessToken({
      exp: FAR_FUTURE,
      iat: LONG_AGO,
      email: 'ada@example.com',
      scp: ['openid'],
    })
    const { session } = setupSession({ cookies: { access_token: token } })
    expect(session.readSession()).toMatchObject({
      claims: { subject: 'ada@example.com', email: 'ada@example.com', scopes: ['openid'] },
    })
  })

  it.each([['abc'], ['a.b'], ['a.!!!.c'], ['x'.repeat(5000)]])(
    'with a tampered access_token %#: returns invalid instead of throwing',
    (value) => {
      const { session } = setupSession({ cookies: { access_token: value } })
      expect(() => session.readSession()).not.toThrow()
      expect(session.readSession()).toMatchObject({
        status: 'error',
        error: { code: 'unknown_error' },
      })
    },
  )
})

describe('createPlatformSession: redirectToSignIn', () => {
  it.each([['citystream'], ['a'], ['0'], ['road-2'], ['a'.repeat(63)]])(
    'with %j: writes post_login_redirect on the parent domain, then navigates to the sign-in page',
    (label) => {
      const { session, jar, navigations } = setupSession()
      session.redirectToSignIn(label)
      expect(jar.writes.map(serializeCookie)).toEqual([
        `post_login_redirect=${label}; Domain=.example.com; Path=/; Max-Age=600; Secure; SameSite=Lax`,
      ])
      expect(navigations).toEqual(['https://signin.example.com/'])
    },
  )

  it('writes the cookie before navigating', () => {
    const order: string[] = []
    const jar = recordingJar()
    const session = createPlatformSession(sessionConfig(), {
      cookies: { ...jar, set: (write) => order.push(`set ${write.name}`) },
      navigate: (url) => order.push(`navigate ${url}`),
    })
    session.redirectToSignIn('citystream')
    expect(order).toEqual(['set post_login_redirect', 'navigate https://signin.example.com/'])
  })

  it.each([
    ['evil.com/'],
    ['evil.com'],
    ['x.evil.com'],
    ['a\\evil.com'],
    ['a@evil.com'],
    ['sub#x'],
    ['sub?x'],
    ['sub/x'],
    ['a%2eevil'],
    ['a\u3002evil'],
    ['a\uff0eevil'],
    ['a\tb'],
    ['a b'],
    ['-a'],
    ['a-'],
    ['a'.repeat(64)],
    ['A'],
    ['CityStream'],
    ['javascript:alert(1)'],
    [''],
    [' '],
    ['.'],
  ])('with %j: throws AuthError before writing anything or navigating', (label) => {
    const { session, jar, navigations } = setupSession()
    expect(() => session.redirectToSignIn(label)).toThrow(AuthError)
    expect(() => session.redirectToSignIn(label)).toThrow(/one lowercase DNS label/)
    expect(jar.writes).toHaveLength(0)
    expect(navigations).toHaveLength(0)
  })

  it('with a returnPath: writes post_login_redirect, then post_login_path with the same attributes, then navigates', () => {
    const { session, jar, navigations } = setupSession()
    session.redirectToSignIn('citystream', { returnPath: '/projects/42?tab=map&x=1' })
    expect(jar.writes.map(serializeCookie)).toEqual([
      'post_login_redirect=citystream; Domain=.example.com; Path=/; Max-Age=600; Secure; SameSite=Lax',
      'post_login_path=/projects/42?tab=map&x=1; Domain=.example.com; Path=/; Max-Age=600; Secure; SameSite=Lax',
    ])
    expect(jar.removals).toEqual([])
    expect(navigations).toEqual(['https://signin.example.com/'])
  })

  it.each([
    ['no returnPath', undefined],
    ['the root', '/'],
    ['a network-path reference', '//evil.com/x'],
    ['an absolute URL', 'https://evil.com/'],
    ['a relative path', 'projects/42'],
    ['a fragment', '/a#b'],
    ['an escaped CRLF', '/%0d%0aSet-Cookie:x=1'],
    ['2049 characters', `/${'a'.repeat(2048)}`],
    ['dot segments that resolve to //evil.com', '/a/..//evil.com'],
    ['escaped dot segments that resolve to //evil.com', '/%2e%2e//evil.com'],
  ])(
    'with %s: writes only post_login_redirect and deletes an earlier post_login_path (back to the root)',
    (_label, returnPath) => {
      const { session, jar, navigations } = setupSession()
      session.redirectToSignIn('citystream', { returnPath })
      expect(jar.writes.map((write) => write.name)).toEqual(['post_login_redirect'])
      expect(jar.removals).toEqual([{ name: 'post_login_path', domain: '.example.com', path: '/' }])
      expect(navigations).toEqual(['https://signin.example.com/'])
    },
  )

  it.each([
    [
      'commas in the query (a map view)',
      '/map?bbox=1.2,3.4,5.6,7.8',
      '/map?bbox=1.2%2C3.4%2C5.6%2C7.8',
    ],
    ['a semicolon', '/a;b=c', '/a%3Bb=c'],
    ['a double quote', '/search?q="roads"', '/search?q=%22roads%22'],
  ])(
    'with %s: keeps the page, percent-encoding what a cookie value cannot hold',
    (_label, returnPath, written) => {
      // `location.search` leaves `,` and `;` as they are; a cookie value cannot carry them, and
      // the escape means the same to the page (URLSearchParams decodes it).
      const { session, jar } = setupSession()
      session.redirectToSignIn('citystream', { returnPath })
      expect(jar.writes.map((write) => [write.name, write.value])).toEqual([
        ['post_login_redirect', 'citystream'],
        ['post_login_path', written],
      ])
      expect(new URL(written, 'https://x.example').searchParams.toString()).toBe(
        new URL(returnPath, 'https://x.example').searchParams.toString(),
      )
    },
  )

  it('with a path that only grows past 2,048 characters once escaped: back to the root', () => {
    const { session, jar } = setupSession()
    session.redirectToSignIn('citystream', { returnPath: `/m?b=${','.repeat(700)}` })
    expect(jar.writes.map((write) => write.name)).toEqual(['post_login_redirect'])
  })

  it('in local mode with a returnPath: a host-only post_login_path', () => {
    const { session, jar } = setupSession({ config: localSessionConfig() })
    session.redirectToSignIn('citystream', { returnPath: '/a' })
    expect(jar.writes.map(serializeCookie)).toEqual([
      'post_login_redirect=citystream; Path=/; Max-Age=600; Secure; SameSite=Lax',
      'post_login_path=/a; Path=/; Max-Age=600; Secure; SameSite=Lax',
    ])
  })

  it('in local mode: writes a host-only cookie and goes to the local sign-in page', () => {
    const { session, jar, navigations } = setupSession({ config: localSessionConfig() })
    session.redirectToSignIn('citystream')
    expect(jar.writes.map(serializeCookie)).toEqual([
      'post_login_redirect=citystream; Path=/; Max-Age=600; Secure; SameSite=Lax',
    ])
    expect(navigations).toEqual(['http://localhost:5173/'])
  })
})
