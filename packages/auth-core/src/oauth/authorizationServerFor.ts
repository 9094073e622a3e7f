import type { AuthorizationServer, Client } from 'oauth4webapi'
import type { AuthConfig } from '../config/authConfig'

/** The parts of {@link AuthConfig} that name the identity provider's authorization server. */
export type AuthorizationServerConfig = Pick<AuthConfig, 'oktaOrgUrl' | 'authServerId'>

/** The custom authorization server's endpoints, all under its issuer. */
export interface OAuthEndpoints {
  /** `{org}/oauth2/{authServerId}`: ID tokens must carry exactly this `iss`. */
  readonly issuer: string
  readonly authorizationEndpoint: string
  readonly tokenEndpoint: string
  readonly endSessionEndpoint: string
  /** RFC 7009 token revocation (`{issuer}/v1/revoke`): sub-sites revoke the refresh token at sign-out. */
  readonly revocationEndpoint: string
  /** OpenID Connect UserInfo (`{issuer}/v1/userinfo`): sub-sites read the person's name there. */
  readonly userinfoEndpoint: string
  readonly jwksUri: string
}

/**
 * The endpoints of the custom authorization server: the issuer `{org}/oauth2/{authServerId}`, and
 * under it `/v1/authorize`, `/v1/token`, `/v1/logout`, `/v1/revoke` and `/v1/keys`.
 * @see https://developer.okta.com/docs/reference/api/oidc/#composing-your-base-url
 * @see https://developer.okta.com/docs/reference/api/oidc/#revoke
 * @see https://developer.okta.com/docs/reference/api/oidc/#userinfo
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation (step 2: exact iss)
 */
export function oauthEndpointsFor(config: AuthorizationServerConfig): OAuthEndpoints {
  const issuer = `${config.oktaOrgUrl}/oauth2/${config.authServerId}`
  return {
    issuer,
    authorizationEndpoint: `${issuer}/v1/authorize`,
    tokenEndpoint: `${issuer}/v1/token`,
    endSessionEndpoint: `${issuer}/v1/logout`,
    revocationEndpoint: `${issuer}/v1/revoke`,
    userinfoEndpoint: `${issuer}/v1/userinfo`,
    jwksUri: `${issuer}/v1/keys`,
  }
}

/**
 * The authorization server metadata as a literal, built from the configuration. It is never
 * discovered at run time: one round trip less before the first redirect (a performance
 * requirement), and no metadata an attacker could swap. Only RS256 ID tokens are accepted, and
 * only S256 PKCE is used.
 * @see https://www.rfc-editor.org/rfc/rfc8414#section-2 (metadata fields)
 * @see https://openid.net/specs/openid-connect-rpinitiated-1_0.html#OPMetadata (end_session_endpoint)
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2 and rfc8414#section-2 (revocation_endpoint)
 */
export function authorizationServerFor(config: AuthorizationServerConfig): AuthorizationServer {
  const endpoints = oauthEndpointsFor(config)
  return {
    issuer: endpoints.issuer,
    authorization_endpoint: endpoints.authorizationEndpoint,
    token_endpoint: endpoints.tokenEndpoint,
    end_session_endpoint: endpoints.endSessionEndpoint,
    revocation_endpoint: endpoints.revocationEndpoint,
    userinfo_endpoint: endpoints.userinfoEndpoint,
    jwks_uri: endpoints.jwksUri,
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
  }
}

/**
 * The app as an OAuth client: a public client identified by its id alone (it authenticates with
 * PKCE, never a secret).
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-2.1 (public clients)
 */
export function oauthClientFor(config: Pick<AuthConfig, 'clientId'>): Client {
  return { client_id: config.clientId }
}
