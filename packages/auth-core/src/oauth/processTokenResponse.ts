import * as v from 'valibot'
import { processAuthorizationCodeResponse } from 'oauth4webapi'
import type { AuthConfig } from '../config/authConfig'
import { AuthError } from '../errors/authError'
import { toAuthError } from '../errors/toAuthError'
import { authorizationServerFor, oauthClientFor } from './authorizationServerFor'
import type { TokenExchangeResult } from './oauth.types'
import { JwsSchema, TokenBodyEntries, toTokenSet } from './tokenBodySchema'

/** The parts of {@link AuthConfig} the token response is checked against. */
export type TokenResponseConfig = Pick<AuthConfig, 'oktaOrgUrl' | 'authServerId' | 'clientId'>

/** The body of a successful code exchange: the shared token fields and a required ID token. */
const TokenBodySchema = v.object({ ...TokenBodyEntries, id_token: JwsSchema })

/**
 * Processes the token endpoint's answer to {@link tokenRequest}.
 *
 * A 200 JSON object without a (non-empty) string `access_token` resolves to `noAccessToken` (spec:
 * the user is then logged out with `unknown_error`); its `id_token` is returned only when it passes
 * the same ID-token checks as below, so it is safe as an `id_token_hint`, else `null`.
 *
 * Otherwise oauth4webapi's `processAuthorizationCodeResponse` runs with the `nonce` this tab sent
 * and `requireIdToken`: OAuth error bodies, challenges, non-JSON and malformed bodies are refused,
 * and the ID token's claims are validated (`iss` exactly the issuer, `aud` the client id, `azp`,
 * `exp`, `iat`, `nonce` equal, `alg` RS256). Its signature is NOT verified: the token comes
 * straight from the token endpoint over TLS, which OpenID Connect Core 3.1.3.7 step 6 allows in
 * place of the signature check. The raw body is then checked once more before use: `token_type`
 * Bearer (any case), `expires_in` an integer from 1 to 86400 (no numeric strings), `id_token` a
 * three-part JWS, `refresh_token` and `scope` strings when present.
 *
 * @throws AuthError (via {@link toAuthError}): `unknown_error` with the provider's `error` as
 * `providerCode` (e.g. `invalid_grant`) or oauth4webapi's processing code; `session_expired` for
 * `login_required`-like errors.
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.1 (successful response) and #section-5.2
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 * @see https://openid.net/specs/openid-connect-core-1_0.html#TokenResponseValidation
 */
export async function processTokenResponse(
  config: TokenResponseConfig,
  response: Response,
  input: { readonly nonce: string },
): Promise<TokenExchangeResult> {
  try {
    const body = await peekJsonBody(response)
    if (body !== undefined && !isNonEmptyString(body['access_token']))
      return { kind: 'noAccessToken', idToken: await validIdTokenOrNull(config, body, input.nonce) }
    await processAuthorizationCodeResponse(
      authorizationServerFor(config),
      oauthClientFor(config),
      response,
      // Stryker disable next-line BooleanLiteral: oauth4webapi takes its OpenID path, which requires an ID token, whenever expectedNonce is a string, and input.nonce always is; requireIdToken says so for the reader
      { expectedNonce: input.nonce, requireIdToken: true },
    )
    return { kind: 'tokens', tokens: checkedTokenSet(body) }
  } catch (error) {
    throw toAuthError(error)
  }
}

/** The parsed body of a 200 JSON response, read from a clone; `undefined` for anything else. */
async function peekJsonBody(response: Response): Promise<Record<string, unknown> | undefined> {
  if (response.status !== 200) return undefined
  const contentType = response.headers.get('content-type')
  if (contentType === null) return undefined
  // Stryker disable next-line OptionalChaining: split always returns at least one element; the ?. is for noUncheckedIndexedAccess
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase()
  if (mediaType !== 'application/json') return undefined
  try {
    const json: unknown = await response.clone().json()
    return isRecord(json) ? json : undefined
  } catch /* Stryker disable next-line BlockStatement: an empty catch returns undefined all the same */ {
    // Unreadable or malformed: oauth4webapi reports it on the original response.
    return undefined
  }
}

/**
 * The ID token of a response that lacked an access token, if it passes oauth4webapi's ID-token
 * claim checks. They run on a stand-in response that carries only the ID token and a placeholder
 * access token, since oauth4webapi checks claims only as part of a complete token response. A
 * missing, empty or non-string `id_token` fails those checks too (an ID token is required).
 */
async function validIdTokenOrNull(
  config: TokenResponseConfig,
  body: Record<string, unknown>,
  nonce: string,
): Promise<string | null> {
  const idToken = body['id_token']
  const standIn = new Response(
    JSON.stringify({ access_token: 'none', token_type: 'Bearer', id_token: idToken }),
    // Stryker disable next-line ObjectLiteral,StringLiteral: a Response is 200 by default, and oauth4webapi reads the content type only of a body that does not parse (which is why peekJsonBody checks it itself)
    { status: 200, headers: { 'content-type': 'application/json' } },
  )
  try {
    const checked = await processAuthorizationCodeResponse(
      authorizationServerFor(config),
      oauthClientFor(config),
      standIn,
      // Stryker disable next-line BooleanLiteral: as above, a string expectedNonce already requires the ID token
      { expectedNonce: nonce, requireIdToken: true },
    )
    return checked.id_token ?? null
  } catch {
    return null
  }
}

function checkedTokenSet(body: Record<string, unknown> | undefined) {
  const result = v.safeParse(TokenBodySchema, body)
  if (!result.success)
    throw new AuthError('unknown_error', 'The token response is not one the app can use.', {
      status: 200,
    })
  return toTokenSet(result.output)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}
