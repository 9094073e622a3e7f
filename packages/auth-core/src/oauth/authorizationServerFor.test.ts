import { describe, expect, it } from 'vitest'
import { testConfig } from '../testSupport/testConfig'
import { authorizationServerFor, oauthClientFor, oauthEndpointsFor } from './authorizationServerFor'

describe('authorizationServerFor', () => {
  it('builds the custom authorization server metadata from the config, with no discovery', () => {
    expect(authorizationServerFor(testConfig({ authServerId: 'aus1x' }))).toEqual({
      issuer: 'https://login.example.com/oauth2/aus1x',
      authorization_endpoint: 'https://login.example.com/oauth2/aus1x/v1/authorize',
      token_endpoint: 'https://login.example.com/oauth2/aus1x/v1/token',
      end_session_endpoint: 'https://login.example.com/oauth2/aus1x/v1/logout',
      revocation_endpoint: 'https://login.example.com/oauth2/aus1x/v1/revoke',
      userinfo_endpoint: 'https://login.example.com/oauth2/aus1x/v1/userinfo',
      jwks_uri: 'https://login.example.com/oauth2/aus1x/v1/keys',
      id_token_signing_alg_values_supported: ['RS256'],
      code_challenge_methods_supported: ['S256'],
    })
  })

  it('names the same endpoints in oauthEndpointsFor', () => {
    const as = authorizationServerFor(testConfig())
    expect(oauthEndpointsFor(testConfig())).toEqual({
      issuer: as.issuer,
      authorizationEndpoint: as.authorization_endpoint,
      tokenEndpoint: as.token_endpoint,
      endSessionEndpoint: as.end_session_endpoint,
      revocationEndpoint: as.revocation_endpoint,
      userinfoEndpoint: as.userinfo_endpoint,
      jwksUri: as.jwks_uri,
    })
  })
})

describe('oauthClientFor', () => {
  it('is a public client identified by its id alone (no secret)', () => {
    expect(oauthClientFor(testConfig({ clientId: '0oaXYZ' }))).toEqual({ client_id: '0oaXYZ' })
  })
})
