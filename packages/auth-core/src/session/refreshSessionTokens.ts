import * as v from 'valibot'
import {
  None,
  getValidatedIdTokenClaims,
  processRefreshTokenResponse,
  refreshTokenGrantRequest,
} from 'oauth4webapi'
import { AuthError } from '../errors/authError'
import { toAuthError } from '../errors/toAuthError'
import type { HttpOptions } from '../http/httpOptions'
import { authorizationServerFor, oauthClientFor } from '../oauth/authorizationServerFor'
import { JwsSchema, TokenBodyEntries, toTokenSet } from '../oauth/tokenBodySchema'
import { readUserProfile } from './readUserProfile'
import { sessionRequestOptions } from './sessionRequestOptions'
import type { SessionOAuthConfig } from './sessionRequestOptions'
import type { RefreshedTokens } from './session.types'

/** A processed refresh response: the shared token fields, and an ID token only when present. */
const RefreshBodySchema = v.object({ ...TokenBodyEntries, id_token: v.optional(JwsSchema) })

/**
 * Sends the refresh-token grant to the token endpoint (form-encoded `grant_type=refresh_token`,
 * `refresh_token`, `client_id`; no secret: a public client) and resolves with the raw response
 * for {@link processSessionRefreshResponse}. Plain HTTP is refused unless in local mode.
 *
 * @throws AuthError (via `toAuthError`): `network_error`, `timeout`, ...
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6
 * @see https://developer.okta.com/docs/guides/refresh-tokens/main/#use-a-refresh-token
 */
export async function sessionRefreshRequest(
  config: SessionOAuthConfig,
  refreshToken: string,
  options: HttpOptions = {},
): Promise<Response> {
  try {
    return await refreshTokenGrantRequest(
      authorizationServerFor(config),
      oauthClientFor(config),
      None(),
      refreshToken,
      sessionRequestOptions(config, options),
    )
  } catch (error) {
    throw toAuthError(error, options.signal)
  }
}

/**
 * Processes the token endpoint's answer to {@link sessionRefreshRequest} with oauth4webapi's
 * `processRefreshTokenResponse` (OAuth error bodies and challenges are refused; an ID token, when
 * present, has its `iss`, `aud`, `azp`, `exp` and `iat` claims checked, not its signature: it
 * comes straight from the token endpoint over TLS), then checks the body once more: a non-empty
 * `access_token`, `token_type` Bearer, `expires_in` an integer from 1 to 86400, and strings for
 * `refresh_token` (a rotated refresh token), `id_token` and `scope` when present. The validated
 * ID token's `exp` comes back as `idTokenExpiresAt`, its `name` and `email` claims (what the
 * person is shown as) as `idTokenProfile`.
 *
 * @throws AuthError (via `toAuthError`): `unknown_error` with the provider's `error` as
 *   `providerCode` and the HTTP `status` (e.g. `invalid_grant`, 400), `session_expired` for
 *   `login_required`-like errors, `unknown_error` with status 200 for an unusable body.
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.1 and #section-5.2
 * @see https://openid.net/specs/openid-connect-core-1_0.html#RefreshTokenResponse
 * @see https://openid.net/specs/openid-connect-core-1_0.html#StandardClaims (name, email)
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2 (refresh-token rotation)
 */
export async function processSessionRefreshResponse(
  config: SessionOAuthConfig,
  response: Response,
): Promise<RefreshedTokens> {
  try {
    const body = await processRefreshTokenResponse(
      authorizationServerFor(config),
      oauthClientFor(config),
      response,
    )
    const result = v.safeParse(RefreshBodySchema, body)
    if (!result.success)
      throw new AuthError('unknown_error', 'The refresh response is not one the session can use.', {
        status: 200,
      })
    const idTokenClaims = getValidatedIdTokenClaims(body)
    return {
      ...toTokenSet(result.output),
      idTokenExpiresAt: idTokenClaims?.exp ?? null,
      idTokenProfile: idTokenClaims === undefined ? null : readUserProfile(idTokenClaims),
    }
  } catch (error) {
    throw toAuthError(error)
  }
}

/**
 * Refreshes the tokens: {@link sessionRefreshRequest} then {@link processSessionRefreshResponse}.
 * `refreshToken` of the result is null when the provider did not rotate it (keep the old one).
 *
 * @throws AuthError for every failure (via `toAuthError`).
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6
 */
export async function refreshSessionTokens(
  config: SessionOAuthConfig,
  refreshToken: string,
  options: HttpOptions = {},
): Promise<RefreshedTokens> {
  const response = await sessionRefreshRequest(config, refreshToken, options)
  return processSessionRefreshResponse(config, response)
}
