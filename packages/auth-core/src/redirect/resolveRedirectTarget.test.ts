import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import { testConfig } from '../testSupport/testConfig'
import {
  LOCAL_REDIRECT_TARGET,
  currentSubdomain,
  resolveRedirectTarget,
} from './resolveRedirectTarget'

const config = testConfig()
const host = 'login.example.com'
const DEFAULT_TARGET = 'https://citystream.example.com/'
const resolve = (cookieValue: string | undefined, overrides = {}, currentHost = host) =>
  resolveRedirectTarget({ ...config, ...overrides }, { cookieValue, currentHost })

function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  return undefined
}

describe('resolveRedirectTarget', () => {
  it.each([
    ['roads', 'https://roads.example.com/'],
    ['citystream', DEFAULT_TARGET],
    ['a', 'https://a.example.com/'],
    ['a-b-9', 'https://a-b-9.example.com/'],
    ['0sub', 'https://0sub.example.com/'],
    ['x'.repeat(63), `https://${'x'.repeat(63)}.example.com/`],
    ['xn--nicode-2ya', 'https://xn--nicode-2ya.example.com/'],
  ])('honours the single lowercase label %s', (cookieValue, expected) => {
    expect(resolve(cookieValue)).toBe(expected)
  })

  it.each([
    ['evil.com/'],
    ['evil.com'],
    ['a.b'],
    ['..'],
    ['.'],
    [''],
    [' '],
    [' roads'],
    ['roads '],
    ['a@evil.com'],
    ['a\\evil.com'],
    ['sub#x'],
    ['sub?x'],
    ['sub/x'],
    ['a%2eevil'],
    ['%2e'],
    ['a\u3002evil'],
    ['a\uff0eevil'],
    ['a\uff61evil'],
    ['a\tb'],
    ['a\nb'],
    ['-a'],
    ['a-'],
    ['x'.repeat(64)],
    ['javascript:alert(1)'],
    ['%00'],
    ['\u0000'],
    ['A'],
    ['Roads'],
    ['ROADS'],
    ['ünicode'],
    ['roads:8443'],
    ['//evil.com'],
    ['https://evil.com'],
    ['roads.example.com'],
    ['a_b'],
    [undefined],
  ])('falls back to the default for %j', (cookieValue) => {
    expect(resolve(cookieValue)).toBe(DEFAULT_TARGET)
  })

  it.each([
    ['login', 'login.example.com'],
    ['login', 'LOGIN.Example.COM'],
    ['login', 'login.example.com:443'],
    ['login', 'login.example.com.'],
  ])(
    'falls back to the default when %s is the current sub-domain (%s)',
    (cookieValue, currentHost) => {
      expect(resolve(cookieValue, {}, currentHost)).toBe(DEFAULT_TARGET)
    },
  )

  it('honours a label that only resembles the current sub-domain', () => {
    expect(resolve('login2')).toBe('https://login2.example.com/')
    expect(resolve('login', {}, 'a.login.example.com')).toBe('https://login.example.com/')
  })

  describe('with an allow-list', () => {
    const allowedSubsites = ['roads', 'citystream']

    it('honours a listed sub-site', () => {
      expect(resolve('roads', { allowedSubsites })).toBe('https://roads.example.com/')
    })

    it.each([['maps'], ['xn--nicode-2ya'], ['road'], ['roadss']])(
      'refuses the unlisted %s',
      (cookieValue) => {
        expect(resolve(cookieValue, { allowedSubsites })).toBe(DEFAULT_TARGET)
      },
    )

    it('refuses a listed sub-site that is the current sub-domain', () => {
      expect(resolve('roads', { allowedSubsites }, 'roads.example.com')).toBe(DEFAULT_TARGET)
    })
  })

  it('uses the configured default sub-site', () => {
    expect(resolve(undefined, { defaultSubsite: 'maps' })).toBe('https://maps.example.com/')
  })

  it.each([['roads'], ['evil.com'], [undefined]])(
    'in local mode always goes to http://localhost:3000/ (%j)',
    (cookieValue) => {
      expect(resolve(cookieValue, { localMode: true })).toBe('http://localhost:3000/')
      expect(LOCAL_REDIRECT_TARGET).toBe('http://localhost:3000/')
    },
  )

  it.each([
    ['is not a label', 'evil.com/'],
    ['has a dot', 'a.b'],
    ['is uppercase', 'CityStream'],
  ])(
    'when the default sub-site %s: throws unknown_error on fallback, still honours a valid cookie',
    (_name, defaultSubsite) => {
      const error = thrown(() => resolve('evil.com', { defaultSubsite }))
      expect(error).toBeInstanceOf(AuthError)
      expect((error as AuthError).code).toBe('unknown_error')
      expect((error as AuthError).message).toBe(
        'The default sub-site does not form a valid redirect target.',
      )
      expect(resolve('roads', { defaultSubsite })).toBe('https://roads.example.com/')
    },
  )

  it.each([
    ['a parent domain that does not parse', { parentDomain: '.exa mple.com' }],
    ['a parent domain with a path', { parentDomain: '.example.com/x' }],
    ['a parent domain with a port', { parentDomain: '.example.com:8443' }],
    ['a parent domain with a user', { parentDomain: '@evil.com' }],
    ['a parent domain with a user and password', { parentDomain: ':pw@evil.com' }],
    ['a parent domain with the default port', { parentDomain: '.example.com:443' }],
    ['a parent domain with a query', { parentDomain: '.example.com?next=evil' }],
    ['a parent domain with a fragment', { parentDomain: '.example.com#evil' }],
    ['a parent domain with a backslash', { parentDomain: '.example.com\\evil.com' }],
    ['a percent-encoded parent domain', { parentDomain: '%2eexample.com' }],
    ['an uppercase parent domain', { parentDomain: '.EXAMPLE.com' }],
  ])('throws unknown_error for %s, whatever the cookie', (_name, overrides) => {
    for (const cookieValue of [undefined, 'roads']) {
      const error = thrown(() => resolve(cookieValue, overrides))
      expect(error).toBeInstanceOf(AuthError)
      expect((error as AuthError).code).toBe('unknown_error')
    }
  })

  it('property: for any cookie value, the target is https, one label plus the parent domain, path /', () => {
    const cookieValue = fc.oneof(
      fc.string(),
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: 'binary' }),
      fc.stringMatching(/^[a-z0-9.\-@:/?#%\\\s]{0,70}$/),
      fc.constantFrom('evil.com', 'a.b', 'a\u3002evil', '%2e', 'A', '..', 'x'.repeat(64)),
    )
    fc.assert(
      fc.property(
        cookieValue,
        fc.option(fc.constantFrom('login.example.com', 'roads.example.com', 'x.y.example.com')),
        (value, currentHost) => {
          const url = new URL(resolve(value, {}, currentHost ?? host))
          expect(url.protocol).toBe('https:')
          expect(url.hostname.endsWith('.example.com')).toBe(true)
          expect(url.hostname.slice(0, -'.example.com'.length)).toMatch(
            /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/,
          )
          expect(url.username + url.password + url.port + url.search + url.hash).toBe('')
          expect(url.pathname).toBe('/')
        },
      ),
      { numRuns: 2000 },
    )
  })
})

describe('resolveRedirectTarget with post_login_path', () => {
  const withPath = (
    cookieValue: string | undefined,
    pathValue: string | undefined,
    overrides = {},
    currentHost = host,
  ) => resolveRedirectTarget({ ...config, ...overrides }, { cookieValue, currentHost, pathValue })

  it.each([
    ['/projects/42?tab=map', 'https://roads.example.com/projects/42?tab=map'],
    ['/', 'https://roads.example.com/'],
    ['/a?next=//evil.com', 'https://roads.example.com/a?next=//evil.com'],
    ['/münchen', 'https://roads.example.com/m%C3%BCnchen'],
  ])('appends the valid path %j to the sub-site the cookie named', (pathValue, expected) => {
    expect(withPath('roads', pathValue)).toBe(expected)
  })

  it.each([
    ['//evil.com'],
    ['/\\evil.com'],
    ['/%0d'],
    ['/a\tb'],
    ['/a#b'],
    [`/${'a'.repeat(2048)}`],
    ['https://x'],
    ['evil.com'],
    ['/.//evil.com'],
    ['/..//evil.com'],
    ['/%2e%2e//evil.com'],
    [''],
    [undefined],
  ])('ignores the invalid path %j: the sub-site’s root', (pathValue) => {
    expect(withPath('roads', pathValue)).toBe('https://roads.example.com/')
  })

  it('never appends a path to the default fallback', () => {
    expect(withPath(undefined, '/projects/42')).toBe(DEFAULT_TARGET)
    expect(withPath('evil.com', '/projects/42')).toBe(DEFAULT_TARGET)
    expect(withPath('login', '/projects/42')).toBe(DEFAULT_TARGET)
    expect(withPath('maps', '/projects/42', { allowedSubsites: ['roads'] })).toBe(DEFAULT_TARGET)
  })

  it('appends to the default sub-site when the cookie named it', () => {
    expect(withPath('citystream', '/projects/42')).toBe(
      'https://citystream.example.com/projects/42',
    )
  })

  it('in local mode: appends to http://localhost:3000 only when the cookie named a sub-site', () => {
    expect(withPath('roads', '/projects/42?tab=map', { localMode: true })).toBe(
      'http://localhost:3000/projects/42?tab=map',
    )
    expect(withPath(undefined, '/projects/42', { localMode: true })).toBe(LOCAL_REDIRECT_TARGET)
    expect(withPath('evil.com', '/projects/42', { localMode: true })).toBe(LOCAL_REDIRECT_TARGET)
    expect(withPath('roads', '//evil.com', { localMode: true })).toBe(LOCAL_REDIRECT_TARGET)
  })

  it('property: for any path value, the target stays on the sub-site the cookie named, without a fragment', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 60 }),
          fc.stringMatching(/^[/\\a-z.:@?#%0-9\s]{0,40}$/),
          fc
            .array(fc.constantFrom('', '.', '..', '%2e', '%2E%2e', 'evil.com'), { maxLength: 5 })
            .map((parts) => `/${parts.join('/')}`),
        ),
        (pathValue) => {
          const url = new URL(withPath('roads', pathValue))
          expect(url.origin).toBe('https://roads.example.com')
          expect(url.username + url.password + url.hash).toBe('')
          expect(url.pathname).not.toMatch(/^\/\//)
        },
      ),
      { numRuns: 500 },
    )
  })
})

describe('currentSubdomain', () => {
  it.each([
    ['login.example.com', '.example.com', 'login'],
    ['Login.EXAMPLE.com', '.example.com', 'login'],
    ['login.example.com', '.EXAMPLE.COM', 'login'],
    ['login.example.com:8443', '.example.com', 'login'],
    ['login.example.com.', '.example.com', 'login'],
    ['a.login.example.com', '.example.com', 'a.login'],
    ['example.com', '.example.com', null],
    ['.example.com', '.example.com', null],
    ['login.example.org', '.example.com', null],
    ['loginexample.com', '.example.com', null],
    ['localhost:5173', '.example.com', null],
    ['login.example.com', '', null],
    // only a port at the end is dropped: a colon elsewhere stays part of the sub-domain
    ['a:1.login.example.com', '.example.com', 'a:1.login'],
    ['a:1.login.example.com:8443', '.example.com', 'a:1.login'],
  ])('%s under %s → %s', (currentHost, parentDomain, expected) => {
    expect(currentSubdomain(currentHost, parentDomain)).toBe(expected)
  })
})
