import { None, processRevocationResponse, revocationRequest } from 'oauth4webapi'
import { toAuthError } from '../errors/toAuthError'
import type { HttpOptions } from '../http/httpOptions'
import { authorizationServerFor, oauthClientFor } from '../oauth/authorizationServerFor'
import { sessionRequestOptions } from './sessionRequestOptions'
import type { SessionOAuthConfig } from './sessionRequestOptions'

/**
 * Asks the custom authorization server's revocation endpoint (the `revocation_endpoint` of
 * `authorizationServerFor`, `{issuer}/v1/revoke`) to revoke a refresh token: form-encoded
 * `token`, `token_type_hint=refresh_token` and `client_id` (a public client, no secret). Resolves with the raw response for {@link processTokenRevocationResponse}.
 *
 * @throws AuthError (via `toAuthError`): `network_error`, `timeout`, ...
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.1
 * @see https://developer.okta.com/docs/reference/api/oidc/#revoke
 */
export async function tokenRevocationRequest(
  config: SessionOAuthConfig,
  refreshToken: string,
  options: HttpOptions = {},
  tokenTypeHint: 'refresh_token' | 'access_token' = 'refresh_token',
): Promise<Response> {
  try {
    const as = authorizationServerFor(config)
    return await revocationRequest(as, oauthClientFor(config), None(), refreshToken, {
      ...sessionRequestOptions(config, options),
      additionalParameters: { token_type_hint: tokenTypeHint },
    })
  } catch (error) {
    throw toAuthError(error, options.signal)
  }
}

/**
 * Accepts the revocation endpoint's answer to {@link tokenRevocationRequest}: 200 means revoked
 * (RFC 7009 also answers 200 for a token that was already invalid).
 *
 * @throws AuthError (via `toAuthError`) for any other status or an OAuth error body.
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.2
 */
export async function processTokenRevocationResponse(response: Response): Promise<void> {
  try {
    await processRevocationResponse(response)
  } catch (error) {
    throw toAuthError(error)
  }
}

/**
 * Revokes a refresh token (or, with `tokenTypeHint: 'access_token'`, an access token):
 * `tokenRevocationRequest` then
 * `processTokenRevocationResponse`.
 *
 * @throws AuthError for every failure (via `toAuthError`).
 * @see https://www.rfc-editor.org/rfc/rfc7009
 */
export async function revokeRefreshToken(
  config: SessionOAuthConfig,
  refreshToken: string,
  options: HttpOptions = {},
  tokenTypeHint: 'refresh_token' | 'access_token' = 'refresh_token',
): Promise<void> {
  const response = await tokenRevocationRequest(config, refreshToken, options, tokenTypeHint)
  await processTokenRevocationResponse(response)
}
