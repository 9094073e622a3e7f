import type { AuthConfig } from '../config/authConfig'

/**
 * A valid {@link AuthConfig} for tests (production mode, parent domain `.example.com`), with
 * overrides. Values are what `readAuthConfig` would produce.
 */
export function testConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return {
    oktaOrgUrl: 'https://login.example.com',
    authServerId: 'default',
    clientId: '0oa1abc',
    redirectUri: 'https://signin.example.com/',
    parentDomain: '.example.com',
    authApiUrl: 'https://api.example.com',
    googleClientId: '123.apps.googleusercontent.com',
    googleAuthUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    defaultSubsite: 'citystream',
    allowedSubsites: null,
    localMode: false,
    requestTimeoutMs: 15_000,
    googleCookieNames: ['access_token', 'refresh_token'],
    ...overrides,
  }
}

/** The same configuration in local mode (http allowed, host-only cookies). */
export function localTestConfig(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return testConfig({
    oktaOrgUrl: 'http://localhost:8080',
    redirectUri: 'http://localhost:5173/',
    authApiUrl: 'http://localhost:4000',
    localMode: true,
    ...overrides,
  })
}
