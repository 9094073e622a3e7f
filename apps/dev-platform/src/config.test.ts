import { describe, expect, it } from 'vitest'
import { ConfigError, defaultOptions, readEnvOptions, resolveConfig } from './config'
import { primaryAuth, useTestPlatform } from './testing/testPlatform'

const PORTS = { okta: 4010, google: 4011, api: 4012, sentry: 4013, subsite: 3000 }

describe('readEnvOptions', () => {
  it('on an empty environment: sets nothing (the defaults apply)', () => {
    expect(readEnvOptions({})).toEqual({})
  })

  it('on every variable: reads ports, public URLs, origins, lists and numbers', () => {
    expect(
      readEnvOptions({
        DEV_OKTA_PORT: '5010',
        DEV_OKTA_URL: 'https://idp.platform.test/',
        DEV_GOOGLE_PORT: '0',
        DEV_BIND_HOST: '0.0.0.0',
        DEV_APP_ORIGINS: 'https://signin.platform.test, http://localhost:5173',
        DEV_SIGNIN_URL: 'https://signin.platform.test/',
        DEV_PARENT_DOMAIN: '.Platform.test',
        DEV_LOGOUT_REDIRECT_URIS: 'https://signin.platform.test/,https://citystream.platform.test/',
        DEV_SUBSITE_URL_TEMPLATE: 'https://{subsite}.platform.test/',
        DEV_ACCESS_TOKEN_TTL: '600',
        DEV_STATE_TOKEN_TTL: '120',
        DEV_SLOW_MS: '5000',
      }),
    ).toEqual({
      oktaPort: 5010,
      oktaUrl: 'https://idp.platform.test',
      googlePort: 0,
      bindHost: '0.0.0.0',
      appOrigins: ['https://signin.platform.test', 'http://localhost:5173'],
      signinUrl: 'https://signin.platform.test/',
      parentDomain: '.platform.test',
      logoutRedirectUris: ['https://signin.platform.test/', 'https://citystream.platform.test/'],
      subsiteUrlTemplate: 'https://{subsite}.platform.test/',
      accessTokenTtlSeconds: 600,
      stateTokenTtlSeconds: 120,
      slowMs: 5000,
    })
  })

  it.each([
    ['DEV_OKTA_PORT', 'abc'],
    ['DEV_API_PORT', '70000'],
    ['DEV_SENTRY_URL', 'not a url'],
    ['DEV_GOOGLE_URL', 'https://google.test/with/path'],
    ['DEV_APP_ORIGINS', ' , '],
    ['DEV_PARENT_DOMAIN', 'platform.test'],
    ['DEV_SUBSITE_URL_TEMPLATE', 'https://citystream.platform.test/'],
    ['DEV_STATE_TOKEN_TTL', '0'],
  ])('on %s=%j: throws a ConfigError naming the variable', (variable, value) => {
    let error: unknown
    try {
      readEnvOptions({ [variable]: value })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).variable).toBe(variable)
    expect((error as ConfigError).message).toContain(variable)
  })
})

describe('resolveConfig', () => {
  it('on the defaults: localhost URLs, redirect and logout URIs from the app origins', () => {
    const config = resolveConfig(defaultOptions(), PORTS)
    expect(config.urls).toEqual({
      okta: 'http://localhost:4010',
      google: 'http://localhost:4011',
      api: 'http://localhost:4012',
      sentry: 'http://localhost:4013',
      subsite: 'http://localhost:3000',
    })
    expect(config.redirectUris).toEqual(['http://localhost:5173/', 'http://localhost:4173/'])
    expect(config.logoutRedirectUris).toEqual([
      'http://localhost:5173/',
      'http://localhost:5173/?error=unknown_error',
      'http://localhost:4173/',
      'http://localhost:4173/?error=unknown_error',
      'http://localhost:3000/',
    ])
    expect(config.signinUrl).toBe('http://localhost:5173/')
    expect(config.issuer).toBe('http://localhost:4010/oauth2/default')
    expect(config.sentryDsn).toBe('http://devpublickey@localhost:4013/1')
    expect(config.parentDomain).toBe('')
    expect(config.subsiteUrlTemplate).toBeNull()
  })

  it('on a sub-site template: the sign-out redirect URIs add its expansion for each demo sub-site, no other name', () => {
    const config = resolveConfig(
      {
        ...defaultOptions(),
        appOrigins: ['https://login.platform.test'],
        subsiteUrl: 'https://citystream.platform.test',
        subsiteUrlTemplate: 'https://{subsite}.platform.test/',
      },
      PORTS,
    )
    expect(config.logoutRedirectUris).toEqual([
      'https://login.platform.test/',
      'https://login.platform.test/?error=unknown_error',
      'https://citystream.platform.test/',
      'https://maps.platform.test/',
      'https://roads.platform.test/',
      'https://atlas.platform.test/',
      'https://survey.platform.test/',
      'https://imagery.platform.test/',
    ])
  })

  it('on public URLs: uses them, never the bound port', () => {
    const config = resolveConfig(
      {
        ...defaultOptions(),
        oktaUrl: 'https://idp.platform.test',
        sentryUrl: 'https://sentry.platform.test',
      },
      PORTS,
    )
    expect(config.issuer).toBe('https://idp.platform.test/oauth2/default')
    expect(config.sentryDsn).toBe('https://devpublickey@sentry.platform.test/1')
  })
})

describe('a platform behind public URLs (as nginx serves it in production-mode e2e)', () => {
  const tp = useTestPlatform({ oktaUrl: 'https://idp.platform.test' })

  it('on Authn links and discovery: every URL is on the public origin', async () => {
    expect(tp.okta).toBe('https://idp.platform.test')
    const bound = `http://127.0.0.1:${tp.platform.ports.okta}`
    const started = await primaryAuth(
      { ...tp, okta: bound },
      'nia.enroll@example.com',
      'Enroll-needed-1',
    )
    expect(JSON.stringify(started.body)).toContain(
      '"href":"https://idp.platform.test/api/v1/authn/factors"',
    )
    const discovery = (await (
      await fetch(`${bound}/oauth2/default/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>
    expect(discovery.issuer).toBe('https://idp.platform.test/oauth2/default')
    expect(discovery.token_endpoint).toBe('https://idp.platform.test/oauth2/default/v1/token')
  })
})
