import { describe, expect, it } from 'vitest'
import { messageFor } from '../errors/errorMessages'
import { FAR_FUTURE } from '../testSupport/jwt'
import { createPlatformSession } from './createPlatformSession'
import { readSessionConfig } from './readSessionConfig'
import {
  accessToken,
  localSessionConfig,
  creationError,
  recordingJar,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'
import type { SessionConfig } from './session.types'

describe('createPlatformSession: a wrong setting fails at creation, as configuration_error', () => {
  it.each([
    [
      'an oktaOrgUrl with a trailing slash (…//oauth2/…)',
      { oktaOrgUrl: 'https://login.example.com/' },
      'oktaOrgUrl',
    ],
    ['an oktaOrgUrl that is no URL', { oktaOrgUrl: 'login.example.com' }, 'oktaOrgUrl'],
    ['an oktaOrgUrl with a path', { oktaOrgUrl: 'https://login.example.com/oauth2' }, 'oktaOrgUrl'],
    [
      'a plain-HTTP oktaOrgUrl in production',
      { oktaOrgUrl: 'http://login.example.com' },
      'oktaOrgUrl',
    ],
    [
      'an authServerId that would change the path',
      { authServerId: 'default/../x' },
      'authServerId',
    ],
    ['an empty clientId', { clientId: '' }, 'clientId'],
    ['a parentDomain without its leading dot', { parentDomain: 'example.com' }, 'parentDomain'],
    ['a signInUrl off the parent domain', { signInUrl: 'https://signin.evil.com/' }, 'signInUrl'],
    ['a negative clockSkewSeconds', { clockSkewSeconds: -1 }, 'clockSkewSeconds'],
  ] as const)('%s', (_label, overrides, name) => {
    const error = creationError(sessionConfig(overrides))
    expect(error.code).toBe('configuration_error')
    expect(error.message).toContain(name)
    expect(messageFor(error.code)).toBe(messageFor('unknown_error'))
  })

  it('refuses a randomId that throws (the lease could never be taken)', () => {
    const error = creationError(sessionConfig(), {
      sleep: async () => undefined,
      randomId: () => {
        throw new Error('no crypto')
      },
    })
    expect(error.code).toBe('configuration_error')
    expect(error.message).toBe('randomId must return 8 to 64 of A-Z, a-z, 0-9, _ and -.')
  })

  it('names every problem at once', () => {
    const error = creationError(
      sessionConfig({ oktaOrgUrl: 'https://login.example.com/', signInUrl: 'https://evil.test/' }),
      { timeoutMs: 0 },
    )
    expect(error.message).toBe(
      'oktaOrgUrl must be an https:// URL origin such as https://login.example.com, not "https://login.example.com/". ' +
        'signInUrl must be an absolute https URL on .example.com, without user info or fragment. ' +
        'timeoutMs must be a positive whole number.',
    )
  })

  it('refuses a config that is not even typed right (plain JavaScript callers)', () => {
    const error = creationError({
      ...sessionConfig(),
      oktaOrgUrl: undefined,
      localMode: 'no',
    } as unknown as SessionConfig)
    expect(error.code).toBe('configuration_error')
    expect(error.message).toContain('localMode must be true or false.')
    expect(error.message).toContain(
      'oktaOrgUrl must be an https:// URL origin such as https://login.example.com, not undefined.',
    )
  })

  it('checks one randomId before any refresh: a 7-character id fails now, not at the first refresh', () => {
    const error = creationError(sessionConfig(), {
      randomId: () => 'abcdefg',
      sleep: () => Promise.resolve(),
    })
    expect(error).toMatchObject({
      code: 'configuration_error',
      message: 'randomId must return 8 to 64 of A-Z, a-z, 0-9, _ and -.',
    })
    expect(
      creationError(sessionConfig(), {
        randomId: () => {
          throw new Error('no crypto')
        },
      }).code,
    ).toBe('configuration_error')
  })

  it('accepts what readSessionConfig reads, and the dev platform’s local mode', () => {
    const read = readSessionConfig({
      VITE_OKTA_ORG_URL: 'https://login.example.com/',
      VITE_OKTA_AUTH_SERVER_ID: 'default',
      VITE_OKTA_CLIENT_ID: '0oa1abc',
      VITE_PARENT_DOMAIN: '.example.com',
      VITE_SIGNIN_URL: 'https://signin.example.com/',
    })
    if (!read.ok) throw new Error('should read')
    const deps = {
      cookies: recordingJar(),
      navigate: () => undefined,
      randomId: () => 'a'.repeat(32),
    }
    expect(() => createPlatformSession(read.config, deps)).not.toThrow()
    expect(() => createPlatformSession(localSessionConfig(), deps)).not.toThrow()
  })
})

describe('createPlatformSession: a wrong call is a usage_error, before anything is written or sent', () => {
  it('redirectToSignIn with a sub-site that is not one DNS label', () => {
    const { session, jar, navigations } = setupSession()
    expect(() => session.redirectToSignIn('evil.com/')).toThrow(
      expect.objectContaining({ code: 'usage_error' }),
    )
    expect([jar.writes, navigations]).toEqual([[], []])
  })

  it('signOut with a returnTo off the parent domain', async () => {
    const { session, requests, navigations } = setupSession({
      cookies: { access_token: accessToken({ exp: FAR_FUTURE }), refresh_token: 'r1' },
    })
    await expect(session.signOut({ returnTo: 'https://evil.test/' })).rejects.toMatchObject({
      code: 'usage_error',
      message:
        'returnTo must be an absolute https URL on .example.com, without user info or fragment.',
    })
    expect([requests, navigations]).toEqual([[], []])
  })
})
