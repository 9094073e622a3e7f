import { describe, expect, it } from 'vitest'
import { DEFAULT_GOOGLE_AUTH_URL, readAuthConfig } from './authConfig'

const ENV = {
  VITE_OKTA_ORG_URL: 'https://login.example.com',
  VITE_OKTA_AUTH_SERVER_ID: 'default',
  VITE_OKTA_CLIENT_ID: '0oa1abc',
  VITE_PARENT_DOMAIN: '.example.com',
  VITE_AUTH_API_URL: 'https://api.example.com/',
  VITE_GOOGLE_CLIENT_ID: '123.apps.googleusercontent.com',
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
        allowedSubsites: null,
        localMode: false,
        requestTimeoutMs: 15000,
      },
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
    ['VITE_AUTH_API_URL', 'ftp://api.example.com'],
    ['VITE_GOOGLE_CLIENT_ID', '<script>'],
    ['VITE_GOOGLE_AUTH_URL', 'http://accounts.google.com/o/oauth2/v2/auth'],
    ['VITE_DEFAULT_SUBSITE', 'City.Stream'],
    ['VITE_ALLOWED_SUBSITES', 'roads, evil.com'],
    ['VITE_ALLOWED_SUBSITES', ' , '],
    ['VITE_REQUEST_TIMEOUT_MS', '10'],
    ['VITE_REQUEST_TIMEOUT_MS', '5s'],
    ['VITE_LOCAL_MODE', '1'],
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
