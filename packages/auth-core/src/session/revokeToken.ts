import type { HttpOptions } from '../http/httpOptions'
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import { postSessionForm } from './postSessionForm'
import { providerRefusal } from './providerRefusal'
import type { SessionOAuthConfig } from './sessionRequestOptions'

/**
 * Asks the custom authorization server's revocation endpoint (`{issuer}/v1/revoke`, see
 * `oauthEndpointsFor`) to revoke a refresh token: form-encoded `token_type_hint=refresh_token`,
 * `token` and `client_id` (a public client, no secret). Resolves with the raw response for
 * {@link processTokenRevocationResponse}. Plain HTTP is refused unless in local mode.
 *
 * @throws AuthError `network_error`, `timeout`, `unknown_error` (not https: no request).
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.1
 * @see https://developer.okta.com/docs/reference/api/oidc/#revoke
 */
export function tokenRevocationRequest(
  config: SessionOAuthConfig,
  refreshToken: string,
  options: HttpOptions = {},
  tokenTypeHint: 'refresh_token' | 'access_token' = 'refresh_token',
): Promise<Response> {
  return postSessionForm(
    config,
    oauthEndpointsFor(config).revocationEndpoint,
    { token_type_hint: tokenTypeHint, token: refreshToken },
    options,
  )
}

/**
 * Accepts the revocation endpoint's answer to {@link tokenRevocationRequest}: 200 means revoked
 * (RFC 7009 also answers 200 for a token that was already invalid).
 *
 * @throws AuthError (`providerRefusal`) for any other status, with an OAuth error body's `error`.
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.2
 */
export async function processTokenRevocationResponse(response: Response): Promise<void> {
  if (response.status !== 200) throw await providerRefusal(response)
}

/**
 * Revokes a token, refresh or access (`tokenTypeHint`): `tokenRevocationRequest` then
 * `processTokenRevocationResponse`. Every revocation of auth-core goes through it.
 *
 * @throws AuthError for every failure (via `toAuthError`).
 * @see https://www.rfc-editor.org/rfc/rfc7009
 */
export async function revokeToken(
  config: SessionOAuthConfig,
  token: string,
  tokenTypeHint: 'refresh_token' | 'access_token',
  options: HttpOptions = {},
): Promise<void> {
  const response = await tokenRevocationRequest(config, token, options, tokenTypeHint)
  await processTokenRevocationResponse(response)
}

/**
 * Revokes a refresh token, or with `tokenTypeHint: 'access_token'` an access token (the name it
 * was published with): `tokenRevocationRequest` then `processTokenRevocationResponse`.
 *
 * @throws AuthError for every failure (via `toAuthError`).
 * @see https://www.rfc-editor.org/rfc/rfc7009
 */
export function revokeRefreshToken(
  config: SessionOAuthConfig,
  refreshToken: string,
  options: HttpOptions = {},
  tokenTypeHint: 'refresh_token' | 'access_token' = 'refresh_token',
): Promise<void> {
  return revokeToken(config, refreshToken, tokenTypeHint, options)
}
