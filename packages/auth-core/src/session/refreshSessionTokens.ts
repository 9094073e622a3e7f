import * as v from 'valibot'
import { AuthError } from '../errors/authError'
import type { HttpOptions } from '../http/httpOptions'
import { readJsonBody } from '../http/readJsonBody'
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import { JwsSchema, TokenBodyEntries, toTokenSet } from '../oauth/tokenBodySchema'
import { systemClock } from '../clock/systemClock'
import { checkIdTokenClaims } from './checkIdTokenClaims'
import { measureClockOffset } from './measureClockOffset'
import { postSessionForm } from './postSessionForm'
import { providerRefusal } from './providerRefusal'
import { readUserProfile } from './readUserProfile'
import type { SessionOAuthConfig } from './sessionRequestOptions'
import type { RefreshedTokens } from './session.types'

/** A refresh response body: the shared token fields, and an ID token only when present. */
const RefreshBodySchema = v.object({ ...TokenBodyEntries, id_token: v.optional(JwsSchema) })

/**
 * Sends the refresh-token grant to the token endpoint (form-encoded `refresh_token`,
 * `grant_type=refresh_token`, `client_id`; no secret: a public client) and resolves with the raw
 * response for {@link processSessionRefreshResponse}. Plain HTTP is refused unless in local mode.
 *
 * @throws AuthError `network_error`, `timeout`, `unknown_error` (not https: no request).
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6
 * @see https://developer.okta.com/docs/guides/refresh-tokens/main/#use-a-refresh-token
 */
export function sessionRefreshRequest(
  config: SessionOAuthConfig,
  refreshToken: string,
  options: HttpOptions = {},
): Promise<Response> {
  return postSessionForm(
    config,
    oauthEndpointsFor(config).tokenEndpoint,
    { refresh_token: refreshToken, grant_type: 'refresh_token' },
    options,
    { accept: 'application/json' },
  )
}

/**
 * Processes the token endpoint's answer to {@link sessionRefreshRequest}. Anything but 200 is
 * refused (`providerRefusal`: OAuth error bodies, challenges, error pages). A 200 body must be a
 * JSON object with a non-empty `access_token`, `token_type` Bearer (any case), `expires_in` an
 * integer from 1 to 86400 (no numeric strings), and strings for `refresh_token` (a rotated refresh
 * token, non-empty), `id_token` (a three-part JWS) and `scope` when present.
 *
 * The provider's clock is measured on the answer (`clockOffsetMs`: the access token's `iat`, else
 * `exp - expires_in`, against `receivedAtMs`; see `measureClockOffset`), and an ID token, when
 * present, has its header and claims checked by THAT clock (`checkIdTokenClaims`: `alg`, `iss`,
 * `aud`, `azp`, `exp`, `nbf`), not its signature: it comes straight from the token endpoint over
 * TLS. Its `exp` comes back as `idTokenExpiresAt`, its `name` and `email` claims as
 * `idTokenProfile`. An ID token that fails its check does not make the answer fail: the provider
 * issued (and rotated) the tokens, so they are returned without it (`idToken` null) and the
 * reason as `idTokenError` (`unknown_error`, status 200), for the caller to report.
 *
 * @param receivedAtMs - the device clock when the answer arrived (epoch ms; the injected clock).
 * @throws AuthError `unknown_error` with the provider's `error` as `providerCode` and the HTTP
 *   `status` (e.g. `invalid_grant`, 400), `session_expired` for `login_required`-like errors,
 *   `unknown_error` with status 200 for an unusable body.
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.1 and #section-5.2
 * @see https://openid.net/specs/openid-connect-core-1_0.html#RefreshTokenResponse
 * @see https://openid.net/specs/openid-connect-core-1_0.html#StandardClaims (name, email)
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2 (refresh-token rotation)
 */
export async function processSessionRefreshResponse(
  config: SessionOAuthConfig,
  response: Response,
  receivedAtMs: number = systemClock(),
): Promise<RefreshedTokens> {
  if (response.status !== 200) throw await providerRefusal(response)
  const read = await readJsonBody(response)
  const result = v.safeParse(RefreshBodySchema, read.parsed ? read.value : undefined)
  if (!result.success) throw unusable('The refresh response is not one the session can use.')
  const tokens = toTokenSet(result.output)
  const clockOffsetMs = measureClockOffset(tokens.accessToken, tokens.expiresIn, receivedAtMs)
  const providerNowS = Math.floor((receivedAtMs + (clockOffsetMs ?? 0)) / 1000)
  const idToken = tokens.idToken
  const claims = idToken === null ? null : checkIdTokenClaims(config, idToken, providerNowS)
  if (typeof claims === 'string')
    return {
      ...tokens,
      idToken: null,
      idTokenExpiresAt: null,
      idTokenProfile: null,
      clockOffsetMs,
      idTokenError: unusable(`The ID token of the refresh response fails its ${claims} check.`),
    }
  return {
    ...tokens,
    idTokenExpiresAt: claims?.exp ?? null,
    idTokenProfile: claims === null ? null : readUserProfile(claims),
    clockOffsetMs,
    idTokenError: null,
  }
}

function unusable(message: string): AuthError {
  return new AuthError('unknown_error', message, { status: 200 })
}

/**
 * Refreshes the tokens: {@link sessionRefreshRequest} then {@link processSessionRefreshResponse}
 * (with `now()`, the device clock, read when the answer arrived; default the system clock).
 * `refreshToken` of the result is null when the provider did not rotate it (keep the old one).
 *
 * @throws AuthError for every failure (via `toAuthError`).
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-6
 */
export async function refreshSessionTokens(
  config: SessionOAuthConfig,
  refreshToken: string,
  options: HttpOptions = {},
  now: () => number = systemClock,
): Promise<RefreshedTokens> {
  const response = await sessionRefreshRequest(config, refreshToken, options)
  return processSessionRefreshResponse(config, response, now())
}
