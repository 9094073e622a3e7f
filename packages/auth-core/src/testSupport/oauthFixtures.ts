import { readFileSync } from 'node:fs'
import type { AuthConfig } from '../config/authConfig'
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import { createUnsignedJwt, idTokenClaims } from './jwt'
import { SHARED_FIXTURES } from './sharedFixtures'
import { testConfig } from './testConfig'

/** The parsed JSON of a recorded fixture file. */
export function readFixture(name: string): unknown {
  return JSON.parse(readFileSync(new URL(name, SHARED_FIXTURES), 'utf8'))
}

/**
 * The config the recorded `oauth2-token-success.200.json` tokens were issued for: issuer
 * `http://localhost:3000/oauth2/default`, audience `fake` (plain HTTP, so local mode).
 */
export const RECORDED_TOKEN_CONFIG: AuthConfig = testConfig({
  oktaOrgUrl: 'http://localhost:3000',
  authServerId: 'default',
  clientId: 'fake',
  redirectUri: 'http://localhost:3000/',
  localMode: true,
})

/** A JSON `Response` (a string body is sent as is, for malformed bodies). */
export function jsonResponse(
  body: unknown,
  status = 200,
  headers: Record<string, string> = {},
): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  })
}

/** A token-endpoint success body whose ID token passes for `config` and `nonce`, with overrides. */
export function tokenBody(
  config: Pick<AuthConfig, 'oktaOrgUrl' | 'authServerId' | 'clientId'>,
  nonce: string,
  overrides: Record<string, unknown> = {},
  claimOverrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const claims = idTokenClaims(
    { issuer: oauthEndpointsFor(config).issuer, clientId: config.clientId, nonce },
    claimOverrides,
  )
  return {
    token_type: 'Bearer',
    expires_in: 3600,
    access_token: 'at-0123456789',
    refresh_token: 'rt-0123456789',
    scope: 'openid offline_access',
    id_token: createUnsignedJwt(claims),
    ...overrides,
  }
}
