import { describe, expect, it } from 'vitest'
import { ALLOWED_SUBSITES_MISSING, DEFAULT_GOOGLE_AUTH_URL, readAuthConfig } from './authConfig'

const ENV = {
  VITE_OKTA_ORG_URL: 'https://login.example.com',
  VITE_OKTA_AUTH_SERVER_ID: 'default',
  VITE_OKTA_CLIENT_ID: '0oa1abc',
  VITE_PARENT_DOMAIN: '.example.com',
  VITE_AUTH_API_URL: 'https://api.example.com/',
  VITE_GOOGLE_CLIENT_ID: '123.apps.googleusercontent.com',
  VITE_ALLOWED_SUBSITES: 'citystream, roads',
}
const redirectUri = 'https://signin.example.com/'

describe('readAuthConfig', () => {
  it('reads a complete environment with defaults for the optional variables', () => {
    expect(readAuthConfig(ENV, { redirectUri })).toEqual({
      ok: true,
      config: {
        oktaOrgUrl: 'https://login.example.com',
        authServerId: 'default',
        clientId: '0oa1abc',
        redirectUri,
        parentDomain: '.example.com',
        authApiUrl: 'https://api.example.com',
        googleClientId: '123.apps.googleusercontent.com',
        googleAuthUrl: DEFAULT_GOOGLE_AUTH_URL,
        defaultSubsite: 'citystream',
        allowedSubsites: ['citystream', 'roads'],
        localMode: false,
        requestTimeoutMs: 15000,
        googleCookieNames: ['access_token', 'refresh_token'],
      },
    })
  })

  it('requires VITE_ALLOWED_SUBSITES outside local mode: one problem naming it and what to put in it', () => {
    for (const value of [undefined, '', '  ']) {
      const result = readAuthConfig({ ...ENV, VITE_ALLOWED_SUBSITES: value }, { redirectUri })
      expect(result).toEqual({
        ok: false,
        problems: [
          {
            variable: 'VITE_ALLOWED_SUBSITES',
            reason: 'missing',
            message:
              'VITE_ALLOWED_SUBSITES is missing: a production build needs the sub-sites the post-login redirect may name, comma-separated lowercase DNS labels such as citystream,maps,roads (each with its sign-out redirect URI registered in Okta).',
          },
        ],
      })
    }
  })

  it('does not require VITE_ALLOWED_SUBSITES in local mode (every target is http://localhost:3000/)', () => {
    const local = {
      ...ENV,
      VITE_LOCAL_MODE: 'true',
      VITE_OKTA_ORG_URL: 'http://localhost:4010',
      VITE_ALLOWED_SUBSITES: '',
    }
    expect(readAuthConfig(local, { redirectUri: 'http://localhost:5173/' })).toMatchObject({
      ok: true,
      config: { localMode: true, allowedSubsites: null },
    })
  })

  it('returns every problem at once, each naming its variable', () => {
    const result = readAuthConfig(
      {
        VITE_OKTA_ORG_URL: 'http://login.example.com',
        VITE_PARENT_DOMAIN: 'example.com',
        VITE_LOCAL_MODE: 'yes',
      },
      { redirectUri },
    )
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problems.map((problem) => [problem.variable, problem.reason])).toEqual([
      ['VITE_LOCAL_MODE', 'invalid'],
      ['VITE_OKTA_ORG_URL', 'invalid'],
      ['VITE_OKTA_AUTH_SERVER_ID', 'missing'],
      ['VITE_OKTA_CLIENT_ID', 'missing'],
      ['VITE_PARENT_DOMAIN', 'invalid'],
      ['VITE_AUTH_API_URL', 'missing'],
      ['VITE_GOOGLE_CLIENT_ID', 'missing'],
      ['VITE_ALLOWED_SUBSITES', 'missing'],
    ])
    for (const problem of result.problems) expect(problem.message).toContain(problem.variable)
  })

  it.each([
    ['VITE_OKTA_ORG_URL', 'https://login.example.com/oauth2'],
    ['VITE_OKTA_ORG_URL', 'https://login.example.com?x=1'],
    ['VITE_OKTA_ORG_URL', 'not a url'],
    ['VITE_OKTA_AUTH_SERVER_ID', 'a/b'],
    ['VITE_OKTA_CLIENT_ID', 'has space'],
    ['VITE_PARENT_DOMAIN', '.Example..com'],
    ['VITE_PARENT_DOMAIN', '.com'],
    ['VITE_PARENT_DOMAIN', '.example.com.'],
    ['VITE_AUTH_API_URL', 'ftp://api.example.com'],
    ['VITE_GOOGLE_CLIENT_ID', '<script>'],
    ['VITE_GOOGLE_AUTH_URL', 'http://accounts.google.com/o/oauth2/v2/auth'],
    ['VITE_DEFAULT_SUBSITE', 'City.Stream'],
    ['VITE_ALLOWED_SUBSITES', 'roads, evil.com'],
    ['VITE_ALLOWED_SUBSITES', ' , '],
    ['VITE_REQUEST_TIMEOUT_MS', '10'],
    ['VITE_REQUEST_TIMEOUT_MS', '5s'],
    ['VITE_LOCAL_MODE', '1'],
    ['VITE_GOOGLE_COOKIE_NAMES', 'access_token'],
    ['VITE_GOOGLE_COOKIE_NAMES', 'access_token,refresh_token,has space'],
    ['VITE_GOOGLE_COOKIE_NAMES', 'access_token,refresh_token,post_login_redirect'],
    ['VITE_GOOGLE_COOKIE_NAMES', 'access_token,refresh_token,__Host-id'],
    ['VITE_GOOGLE_COOKIE_NAMES', 'access_token,refresh_token,__secure-id'],
    ['VITE_GOOGLE_COOKIE_NAMES', `access_token,refresh_token,${'abcdefghi'.split('').join(',')}`],
  ])('refuses %s=%j', (variable, value) => {
    const result = readAuthConfig({ ...ENV, [variable]: value }, { redirectUri })
    expect(result).toMatchObject({ ok: false, problems: [{ variable, reason: 'invalid' }] })
  })

  it('allows plain HTTP only in local mode, and reads the optional variables', () => {
    const local = {
      ...ENV,
      VITE_LOCAL_MODE: 'true',
      VITE_OKTA_ORG_URL: 'http://localhost:4010/',
      VITE_AUTH_API_URL: 'http://localhost:4012',
      VITE_GOOGLE_AUTH_URL: 'http://localhost:4011/o/oauth2/v2/auth',
      VITE_DEFAULT_SUBSITE: 'roads',
      VITE_ALLOWED_SUBSITES: 'roads, citystream',
      VITE_REQUEST_TIMEOUT_MS: '5000',
    }
    const result = readAuthConfig(local, { redirectUri: 'http://localhost:5173/' })
    expect(result).toMatchObject({
      ok: true,
      config: {
        localMode: true,
        oktaOrgUrl: 'http://localhost:4010',
        googleAuthUrl: 'http://localhost:4011/o/oauth2/v2/auth',
        defaultSubsite: 'roads',
        allowedSubsites: ['roads', 'citystream'],
        requestTimeoutMs: 5000,
        redirectUri: 'http://localhost:5173/',
      },
    })
    expect(readAuthConfig({ ...local, VITE_LOCAL_MODE: 'false' }, { redirectUri }).ok).toBe(false)
    expect(
      readAuthConfig({ ...ENV, VITE_LOCAL_MODE: true }, { redirectUri: 'http://localhost:5173/' })
        .ok,
    ).toBe(true)
  })

  it('widens the Google cookie allow-list with VITE_GOOGLE_COOKIE_NAMES (trimmed, no repeats)', () => {
    const result = readAuthConfig(
      { ...ENV, VITE_GOOGLE_COOKIE_NAMES: ' access_token, refresh_token ,region_hint,region_hint' },
      { redirectUri },
    )
    expect(result).toMatchObject({
      ok: true,
      config: { googleCookieNames: ['access_token', 'refresh_token', 'region_hint'] },
    })
  })

  it('treats blank values as missing and explains a page not served at the root over https', () => {
    const blank = readAuthConfig({ ...ENV, VITE_OKTA_CLIENT_ID: '   ' }, { redirectUri })
    expect(blank).toMatchObject({
      ok: false,
      problems: [{ variable: 'VITE_OKTA_CLIENT_ID', reason: 'missing' }],
    })
    const page = readAuthConfig(ENV, { redirectUri: 'http://signin.example.com/' })
    expect(page).toMatchObject({
      ok: false,
      problems: [{ variable: 'redirectUri', reason: 'invalid' }],
    })
    expect(readAuthConfig(ENV, { redirectUri: 'https://signin.example.com/app/' }).ok).toBe(false)
  })
})

describe('readAuthConfig: what a deployer reads', () => {
  const problemsOf = (
    env: Record<string, string | boolean | undefined>,
    uri = redirectUri,
  ): string[] => {
    const result = readAuthConfig(env, { redirectUri: uri })
    return result.ok ? [] : result.problems.map((problem) => problem.message)
  }

  it('on an empty environment: one "missing" per required variable, nothing else', () => {
    expect(problemsOf({})).toEqual([
      'VITE_OKTA_ORG_URL is missing.',
      'VITE_OKTA_AUTH_SERVER_ID is missing.',
      'VITE_OKTA_CLIENT_ID is missing.',
      'VITE_PARENT_DOMAIN is missing.',
      'VITE_AUTH_API_URL is missing.',
      'VITE_GOOGLE_CLIENT_ID is missing.',
      ALLOWED_SUBSITES_MISSING.message,
    ])
  })

  it.each([
    ['VITE_LOCAL_MODE', 'yes', 'expected "true" or "false".'],
    [
      'VITE_OKTA_ORG_URL',
      'https://login.example.com/x',
      'expected an https:// URL origin such as https://login.example.com.',
    ],
    ['VITE_OKTA_AUTH_SERVER_ID', 'a/b', 'expected an authorization server id such as "default".'],
    ['VITE_OKTA_CLIENT_ID', 'has space', 'expected an OAuth client id.'],
    [
      'VITE_PARENT_DOMAIN',
      'example.com',
      'expected a domain with its leading dot, such as .example.com.',
    ],
    [
      'VITE_AUTH_API_URL',
      'http://api.example.com',
      'expected an https:// URL such as https://api.example.com.',
    ],
    ['VITE_GOOGLE_CLIENT_ID', '<script>', 'expected a Google OAuth client id.'],
    [
      'VITE_GOOGLE_AUTH_URL',
      'http://accounts.google.com/o/oauth2/v2/auth',
      "expected an https:// URL of Google's consent endpoint.",
    ],
    ['VITE_DEFAULT_SUBSITE', 'City.Stream', 'expected one lowercase DNS label such as citystream.'],
    [
      'VITE_ALLOWED_SUBSITES',
      'roads, evil.com',
      'expected a comma-separated list of lowercase DNS labels.',
    ],
    [
      'VITE_REQUEST_TIMEOUT_MS',
      '499',
      'expected a whole number of milliseconds from 500 to 120000.',
    ],
  ])('on %s=%j: says what was expected', (variable, value, expected) => {
    expect(problemsOf({ ...ENV, [variable]: value })).toEqual([
      `${variable} is not valid: ${expected}`,
    ])
  })

  it('in local mode: the URL hints allow http://', () => {
    expect(
      problemsOf({ ...ENV, VITE_LOCAL_MODE: 'true', VITE_OKTA_ORG_URL: 'ftp://localhost:4010' }),
    ).toEqual([
      'VITE_OKTA_ORG_URL is not valid: expected an http:// or https:// URL origin such as https://login.example.com.',
    ])
  })

  it('explains a page not served over https at the root, and over http(s) in local mode', () => {
    expect(problemsOf(ENV, 'http://signin.example.com/')).toEqual([
      'The page must be served from https at the root path to sign in (redirect URI http://signin.example.com/).',
    ])
    expect(problemsOf({ ...ENV, VITE_LOCAL_MODE: 'true' }, 'http://localhost:5173/app/')).toEqual([
      'The page must be served from http(s) at the root path to sign in (redirect URI http://localhost:5173/app/).',
    ])
  })
})

describe('readAuthConfig: edges of each rule', () => {
  const read = (overrides: Record<string, string>, uri = redirectUri) =>
    readAuthConfig({ ...ENV, ...overrides }, { redirectUri: uri })

  it('reads VITE_LOCAL_MODE=false as production mode', () => {
    expect(read({ VITE_LOCAL_MODE: 'false' })).toMatchObject({
      ok: true,
      config: { localMode: false },
    })
  })

  it.each([
    ['https://user@login.example.com'],
    ['https://:secret@login.example.com'],
    ['https://login.example.com/#x'],
  ])('refuses an org URL with user info or a fragment: %s', (url) => {
    expect(read({ VITE_OKTA_ORG_URL: url }).ok).toBe(false)
  })

  it('in local mode: still refuses a scheme other than http and https', () => {
    expect(
      read(
        { VITE_LOCAL_MODE: 'true', VITE_OKTA_ORG_URL: 'ftp://localhost:4010' },
        'http://localhost:5173/',
      ).ok,
    ).toBe(false)
  })

  it('drops every trailing slash of a base URL, keeping its path', () => {
    expect(read({ VITE_AUTH_API_URL: 'https://api.example.com/v1//' })).toMatchObject({
      ok: true,
      config: { authApiUrl: 'https://api.example.com/v1' },
    })
  })

  it('accepts a parent domain of 253 characters and one-character labels, refuses 254', () => {
    const label = 'a'.repeat(63)
    const domain253 = `.${label}.${label}.${label}.${'b'.repeat(60)}`
    expect(domain253).toHaveLength(253)
    expect(read({ VITE_PARENT_DOMAIN: domain253 })).toMatchObject({
      ok: true,
      config: { parentDomain: domain253 },
    })
    expect(read({ VITE_PARENT_DOMAIN: `${domain253}b` }).ok).toBe(false)
    expect(read({ VITE_PARENT_DOMAIN: '.x.example.com' })).toMatchObject({
      ok: true,
      config: { parentDomain: '.x.example.com' },
    })
  })

  it('accepts a single-label parent domain only in local mode (.localhost)', () => {
    expect(read({ VITE_PARENT_DOMAIN: '.localhost' }).ok).toBe(false)
    expect(
      readAuthConfig(
        {
          ...ENV,
          VITE_LOCAL_MODE: 'true',
          VITE_PARENT_DOMAIN: '.localhost',
          VITE_OKTA_ORG_URL: 'http://localhost:4010',
          VITE_AUTH_API_URL: 'http://localhost:4012',
        },
        { redirectUri: 'http://localhost:5173/' },
      ),
    ).toMatchObject({ ok: true, config: { parentDomain: '.localhost' } })
  })

  it('ignores empty entries of VITE_ALLOWED_SUBSITES', () => {
    expect(read({ VITE_ALLOWED_SUBSITES: 'roads,, citystream,' })).toMatchObject({
      ok: true,
      config: { allowedSubsites: ['roads', 'citystream'] },
    })
  })

  it.each([
    ['500', true],
    ['499', false],
    ['120000', true],
    ['120001', false],
  ])('VITE_REQUEST_TIMEOUT_MS=%s: accepted %s', (value, ok) => {
    expect(read({ VITE_REQUEST_TIMEOUT_MS: value }).ok).toBe(ok)
  })
})
