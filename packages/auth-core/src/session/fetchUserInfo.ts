import * as v from 'valibot'
import { AuthError } from '../errors/authError'
import { toTransportError } from '../errors/toTransportError'
import { fetchWithoutCookies } from '../http/fetchWithoutCookies'
import type { HttpOptions } from '../http/httpOptions'
import { readJsonBody } from '../http/readJsonBody'
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import { ProfileClaimsSchema } from './readUserProfile'
import type { SessionOAuthConfig } from './sessionRequestOptions'
import type { UserProfile } from './session.types'

/** A userinfo answer: `sub` always; `name` and `email` only with the `profile` / `email` scopes. */
const UserInfoSchema = v.object({
  sub: v.pipe(v.string(), v.nonEmpty()),
  ...ProfileClaimsSchema.entries,
})

/**
 * Asks the custom authorization server's UserInfo endpoint (`GET {issuer}/v1/userinfo`, the
 * access token as Bearer, no cookies) who the token's person is, and resolves with the `name`
 * and `email` claims (null when the token's scopes do not release them: `profile`, `email`).
 * The answer is checked: status 200, a JSON object with a non-empty string `sub`.
 *
 * @throws AuthError `network_error` / `timeout` (via `toTransportError`), or `unknown_error` with the
 *   HTTP `status` for any other status (401 `invalid_token`, 403 `insufficient_scope`) or an
 *   unusable body.
 * @see https://openid.net/specs/openid-connect-core-1_0.html#UserInfo
 * @see https://developer.okta.com/docs/reference/api/oidc/#userinfo
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-2.1 (the Bearer header)
 */
export async function fetchUserInfo(
  config: SessionOAuthConfig,
  accessToken: string,
  options: HttpOptions = {},
): Promise<UserProfile> {
  let response: Response
  try {
    response = await fetchWithoutCookies(options.fetch)(
      oauthEndpointsFor(config).userinfoEndpoint,
      {
        method: 'GET',
        headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
        signal: options.signal,
      },
    )
  } catch (error) {
    throw toTransportError(error, options.signal)
  }
  if (response.status !== 200)
    throw new AuthError('unknown_error', 'The userinfo endpoint refused the access token.', {
      status: response.status,
    })
  const body = await readJsonBody(response)
  const result = body.parsed ? v.safeParse(UserInfoSchema, body.value) : null
  if (result?.success !== true)
    throw new AuthError('unknown_error', 'The userinfo answer is not one the session can use.', {
      status: 200,
    })
  return { name: result.output.name ?? null, email: result.output.email ?? null }
}
