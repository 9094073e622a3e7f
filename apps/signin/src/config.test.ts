import { describe, expect, it } from 'vitest'
import { describeProblems, readAppConfig } from './config'
import { TEST_ENV } from './testing/harness'

const PAGE = { origin: 'https://signin.example.com' }

describe('readAppConfig', () => {
  it('on a complete environment: the auth config, the legal links and no Sentry', () => {
    const result = readAppConfig(TEST_ENV, PAGE)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.config.auth.redirectUri).toBe('https://signin.example.com/')
    expect(result.config.auth.oktaOrgUrl).toBe('https://login.example.com')
    expect(result.config.legal).toEqual({
      privacyUrl: 'https://www.example.com/legal/privacy',
      cookiePolicyUrl: 'https://www.example.com/legal/cookies',
      termsUrl: 'https://www.example.com/legal/terms',
    })
    expect(result.config.sentryDsn).toBeNull()
  })

  it.each([
    'VITE_OKTA_ORG_URL',
    'VITE_OKTA_AUTH_SERVER_ID',
    'VITE_OKTA_CLIENT_ID',
    'VITE_PARENT_DOMAIN',
    'VITE_AUTH_API_URL',
    'VITE_GOOGLE_CLIENT_ID',
    'VITE_PRIVACY_URL',
    'VITE_COOKIE_POLICY_URL',
    'VITE_TERMS_URL',
  ])('on a missing %s: one problem naming it', (variable) => {
    const env = { ...TEST_ENV, [variable]: '' }
    const result = readAppConfig(env, PAGE)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.problems).toEqual([
      { variable, reason: 'missing', message: `${variable} is missing.` },
    ])
  })

  it('reports every problem at once', () => {
    const env = { ...TEST_ENV, VITE_OKTA_CLIENT_ID: undefined, VITE_TERMS_URL: 'ftp://x' }
    const result = readAppConfig(env, PAGE)
    expect(result.ok ? [] : result.problems.map((problem) => problem.variable)).toEqual([
      'VITE_OKTA_CLIENT_ID',
      'VITE_TERMS_URL',
    ])
  })

  it('requires https legal links, except in local mode', () => {
    const http = { ...TEST_ENV, VITE_PRIVACY_URL: 'http://localhost:3000/legal/privacy' }
    expect(readAppConfig(http, PAGE).ok).toBe(false)
    const local = {
      ...http,
      VITE_LOCAL_MODE: 'true',
      VITE_OKTA_ORG_URL: 'http://localhost:4010',
    }
    expect(readAppConfig(local, { origin: 'http://localhost:5173' }).ok).toBe(true)
  })

  it('accepts a Sentry DSN and refuses a malformed one', () => {
    const good = readAppConfig(
      { ...TEST_ENV, VITE_SENTRY_DSN: 'https://key@o1.ingest.sentry.io/42' },
      PAGE,
    )
    expect(good.ok && good.config.sentryDsn).toBe('https://key@o1.ingest.sentry.io/42')
    const bad = readAppConfig({ ...TEST_ENV, VITE_SENTRY_DSN: 'not a dsn' }, PAGE)
    expect(bad.ok ? [] : bad.problems.map((problem) => problem.variable)).toEqual([
      'VITE_SENTRY_DSN',
    ])
  })

  it('describes the problems in one sentence naming each variable', () => {
    const result = readAppConfig({ ...TEST_ENV, VITE_OKTA_ORG_URL: '' }, PAGE)
    expect(result.ok ? '' : describeProblems(result.problems)).toBe(
      'Sign-in is not configured: VITE_OKTA_ORG_URL is missing.',
    )
  })
})
