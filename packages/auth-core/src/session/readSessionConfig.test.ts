import { describe, expect, it } from 'vitest'
import { readAuthConfig } from '../config/authConfig'
import { readSessionConfig } from './readSessionConfig'
import { DEFAULT_REFRESH_AHEAD_SECONDS } from './session.types'

/** What a sub-site's `.env` holds: the sign-in app's own values, plus where the sign-in page is. */
const ENV = {
  VITE_OKTA_ORG_URL: 'https://login.example.com',
  VITE_OKTA_AUTH_SERVER_ID: 'default',
  VITE_OKTA_CLIENT_ID: '0oa1abc',
  VITE_PARENT_DOMAIN: '.example.com',
  VITE_SIGNIN_URL: 'https://signin.example.com/',
}

describe('readSessionConfig', () => {
  it('reads the sign-in app’s variable names and VITE_SIGNIN_URL into a SessionConfig', () => {
    expect(readSessionConfig(ENV)).toEqual({
      ok: true,
      config: {
        oktaOrgUrl: 'https://login.example.com',
        authServerId: 'default',
        clientId: '0oa1abc',
        parentDomain: '.example.com',
        localMode: false,
        signInUrl: 'https://signin.example.com/',
        refreshAheadSeconds: DEFAULT_REFRESH_AHEAD_SECONDS,
      },
    })
    expect(DEFAULT_REFRESH_AHEAD_SECONDS).toBe(120)
  })

  it('VITE_REFRESH_AHEAD_SECONDS: whole seconds, 0 for off; anything else is a problem naming it', () => {
    const ahead = (value: string) => {
      const result = readSessionConfig({ ...ENV, VITE_REFRESH_AHEAD_SECONDS: value })
      return result.ok ? result.config.refreshAheadSeconds : null
    }
    expect([ahead('300'), ahead(' 0 '), ahead('86400')]).toEqual([300, 0, 86_400])
    for (const bad of ['-1', '1.5', '2m', '86401', '1e3'])
      expect(problemsOf({ ...ENV, VITE_REFRESH_AHEAD_SECONDS: bad })).toEqual([
        'VITE_REFRESH_AHEAD_SECONDS is not valid: expected a whole number of seconds, such as 120 (0: off).',
      ])
  })

  it('accepts what the sign-in app accepts, in the same canonical form (a trailing / on the org URL, capitals in the domain)', () => {
    const env = {
      ...ENV,
      VITE_OKTA_ORG_URL: 'https://login.example.com/',
      VITE_PARENT_DOMAIN: '.Example.COM',
      VITE_LOCAL_MODE: 'false',
    }
    const session = readSessionConfig(env)
    const signIn = readAuthConfig(
      {
        ...env,
        VITE_AUTH_API_URL: 'https://api.example.com',
        VITE_GOOGLE_CLIENT_ID: 'g1',
        VITE_ALLOWED_SUBSITES: 'citystream',
      },
      { redirectUri: 'https://signin.example.com/' },
    )
    if (!session.ok || !signIn.ok) throw new Error('both should read')
    expect(session.config.oktaOrgUrl).toBe('https://login.example.com')
    expect(session.config.parentDomain).toBe('.example.com')
    for (const key of [
      'oktaOrgUrl',
      'authServerId',
      'clientId',
      'parentDomain',
      'localMode',
    ] as const)
      expect(session.config[key]).toBe(signIn.config[key])
  })

  it('reports every problem at once, each naming its variable and what was expected', () => {
    const result = readSessionConfig({
      VITE_OKTA_ORG_URL: 'http://login.example.com',
      VITE_OKTA_CLIENT_ID: '0oa1abc',
      VITE_PARENT_DOMAIN: 'example.com',
      VITE_LOCAL_MODE: 'yes',
      VITE_SIGNIN_URL: 'signin.example.com',
    })
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          variable: 'VITE_LOCAL_MODE',
          reason: 'invalid',
          message: 'VITE_LOCAL_MODE is not valid: expected "true" or "false".',
        },
        {
          variable: 'VITE_OKTA_ORG_URL',
          reason: 'invalid',
          message:
            'VITE_OKTA_ORG_URL is not valid: expected an https:// URL origin such as https://login.example.com.',
        },
        {
          variable: 'VITE_OKTA_AUTH_SERVER_ID',
          reason: 'missing',
          message: 'VITE_OKTA_AUTH_SERVER_ID is missing.',
        },
        {
          variable: 'VITE_PARENT_DOMAIN',
          reason: 'invalid',
          message:
            'VITE_PARENT_DOMAIN is not valid: expected a domain with its leading dot, such as .example.com.',
        },
        {
          variable: 'VITE_SIGNIN_URL',
          reason: 'invalid',
          message:
            'VITE_SIGNIN_URL is not valid: expected the sign-in page as an absolute https:// URL on the parent domain, such as https://signin.example.com/.',
        },
      ],
    })
  })

  it('reports a missing VITE_SIGNIN_URL, and one off the parent domain (an open redirect)', () => {
    const { VITE_SIGNIN_URL: _, ...withoutSignIn } = ENV
    expect(problemsOf(withoutSignIn)).toEqual(['VITE_SIGNIN_URL is missing.'])
    expect(problemsOf({ ...ENV, VITE_SIGNIN_URL: 'https://signin.evil.test/' })).toHaveLength(1)
    expect(
      problemsOf({ ...ENV, VITE_SIGNIN_URL: 'https://user@signin.example.com/' }),
    ).toHaveLength(1)
  })

  it('in local mode takes http:// URLs on any host (the dev platform’s ports)', () => {
    const result = readSessionConfig({
      ...ENV,
      VITE_LOCAL_MODE: 'true',
      VITE_OKTA_ORG_URL: 'http://localhost:4010',
      VITE_SIGNIN_URL: 'http://localhost:3000/',
    })
    expect(result).toMatchObject({
      ok: true,
      config: {
        localMode: true,
        oktaOrgUrl: 'http://localhost:4010',
        signInUrl: 'http://localhost:3000/',
      },
    })
  })

  it('in local mode says an http:// or https:// sign-in URL is expected', () => {
    expect(
      problemsOf({
        ...ENV,
        VITE_LOCAL_MODE: 'true',
        VITE_OKTA_ORG_URL: 'http://localhost:4010',
        VITE_SIGNIN_URL: 'ftp://localhost:3000/',
      }),
    ).toEqual([
      'VITE_SIGNIN_URL is not valid: expected the sign-in page as an absolute http:// or https:// URL, such as http://localhost:3000/.',
    ])
  })

  it('is not ok when VITE_LOCAL_MODE alone is wrong (every other value valid)', () => {
    expect(readSessionConfig({ ...ENV, VITE_LOCAL_MODE: 'yes' })).toEqual({
      ok: false,
      problems: [
        {
          variable: 'VITE_LOCAL_MODE',
          reason: 'invalid',
          message: 'VITE_LOCAL_MODE is not valid: expected "true" or "false".',
        },
      ],
    })
  })

  it('without a valid parent domain, names only that variable: a well-formed https:// sign-in URL is not reported too', () => {
    const { VITE_PARENT_DOMAIN: _, ...withoutParent } = ENV
    expect(problemsOf(withoutParent)).toEqual(['VITE_PARENT_DOMAIN is missing.'])
    expect(problemsOf({ ...ENV, VITE_PARENT_DOMAIN: 'example.com' })).toEqual([
      'VITE_PARENT_DOMAIN is not valid: expected a domain with its leading dot, such as .example.com.',
    ])
    // Its form is still checked.
    expect(problemsOf({ ...withoutParent, VITE_SIGNIN_URL: 'http://signin.example.com/' })).toEqual(
      [
        'VITE_PARENT_DOMAIN is missing.',
        'VITE_SIGNIN_URL is not valid: expected the sign-in page as an absolute https:// URL on the parent domain, such as https://signin.example.com/.',
      ],
    )
  })

  it('takes Vite’s booleans and trims blanks', () => {
    expect(
      readSessionConfig({ ...ENV, VITE_LOCAL_MODE: false, VITE_OKTA_CLIENT_ID: ' 0oa1abc ' }),
    ).toMatchObject({
      ok: true,
      config: { localMode: false, clientId: '0oa1abc' },
    })
    expect(problemsOf({ ...ENV, VITE_OKTA_CLIENT_ID: '   ' })).toEqual([
      'VITE_OKTA_CLIENT_ID is missing.',
    ])
  })
})

function problemsOf(env: Record<string, string | boolean | undefined>): string[] {
  const result = readSessionConfig(env)
  return result.ok ? [] : result.problems.map((problem) => problem.message)
}
