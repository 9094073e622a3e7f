import type { AuthConfig } from '../config/authConfig'
import { oauthEndpointsFor } from './authorizationServerFor'

/** What the logout redirect carries. */
export interface LogoutUrlInput {
  /** An ID token from a validated token response. */
  readonly idTokenHint: string
  /** Where the identity provider sends the browser afterwards; must be registered with it. */
  readonly postLogoutRedirectUri: string
  /** `custom` (default): `{org}/oauth2/{authServerId}/v1/logout`; `org`: `{org}/oauth2/v1/logout`. */
  readonly server?: 'custom' | 'org'
  /** Returned on the redirect as `?state=`; pass a CSPRNG value and check it on return. */
  readonly state?: string
}

/**
 * The RP-initiated logout URL of the custom authorization server (or of the org authorization
 * server, `server: 'org'`), with `id_token_hint`, `post_logout_redirect_uri` and, when given,
 * `state`. Navigate to it (it is a browser redirect, never a `fetch`), and keep it out of
 * telemetry: it carries the ID token.
 * @see https://openid.net/specs/openid-connect-rpinitiated-1_0.html#RPLogout
 * @see https://developer.okta.com/docs/reference/api/oidc/#logout
 */
export function buildLogoutUrl(
  config: Pick<AuthConfig, 'oktaOrgUrl' | 'authServerId'>,
  input: LogoutUrlInput,
): string {
  const url = new URL(
    input.server === 'org'
      ? `${config.oktaOrgUrl}/oauth2/v1/logout`
      : oauthEndpointsFor(config).endSessionEndpoint,
  )
  url.searchParams.set('id_token_hint', input.idTokenHint)
  url.searchParams.set('post_logout_redirect_uri', input.postLogoutRedirectUri)
  if (input.state !== undefined) url.searchParams.set('state', input.state)
  return url.href
}
