import {
  None,
  allowInsecureRequests,
  authorizationCodeGrantRequest,
  customFetch,
  validateAuthResponse,
} from 'oauth4webapi'
import type { TokenEndpointRequestOptions } from 'oauth4webapi'
import type { AuthConfig } from '../config/authConfig'
import { AuthError } from '../errors/authError'
import { toAuthError } from '../errors/toAuthError'
import type { HttpOptions } from '../http/httpOptions'
import { fetchWithoutCookies } from '../http/fetchWithoutCookies'
import { authorizationServerFor, oauthClientFor } from './authorizationServerFor'
import type { CallbackParams } from './oauth.types'

/** The parts of {@link AuthConfig} the token request needs. */
export type TokenRequestConfig = Pick<
  AuthConfig,
  'oktaOrgUrl' | 'authServerId' | 'clientId' | 'redirectUri' | 'localMode'
>

/** The callback read from the page and what this tab kept from its authorization request. */
export interface TokenRequestInput {
  readonly callback: CallbackParams
  /** The `state` this tab sent to `/authorize`. */
  readonly expectedState: string
  /** The PKCE verifier this tab generated for that request. */
  readonly codeVerifier: string
}

/**
 * Sends the authorization-code grant to the token endpoint (form-encoded `grant_type`, `code`,
 * `code_verifier`, `redirect_uri`, `client_id`; no secret) and resolves with the raw response for
 * {@link processTokenResponse}.
 *
 * Before anything else, and without any request, the callback is refused with `invalid_callback`
 * unless it came back in the fragment (we asked for `response_mode=fragment`, so a code in the
 * query is not the answer to our request) with exactly one `state` that is exactly `expectedState`
 * (no trimming, no case folding), and no duplicated parameter. oauth4webapi's
 * `validateAuthResponse` then checks it again (and `iss` when present) and brands it; an `error`
 * in the callback surfaces here as `access_denied`, `session_expired` or `unknown_error`.
 *
 * Plain-HTTP endpoints are refused unless `config.localMode` is set.
 *
 * @throws AuthError (via {@link toAuthError}): `invalid_callback`, `network_error`, `timeout`, ...
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3 (access token request)
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.5 (code_verifier)
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.7.1 (state as CSRF defence)
 * @see https://developer.okta.com/docs/reference/api/oidc/#token
 */
export async function tokenRequest(
  config: TokenRequestConfig,
  input: TokenRequestInput,
  options: HttpOptions = {},
): Promise<Response> {
  try {
    assertCallbackIsOurs(input.callback, input.expectedState)
    const as = authorizationServerFor(config)
    const client = oauthClientFor(config)
    const params = validateAuthResponse(
      as,
      client,
      new URLSearchParams(input.callback.raw),
      input.expectedState,
    )
    return await authorizationCodeGrantRequest(
      as,
      client,
      None(),
      params,
      config.redirectUri,
      input.codeVerifier,
      requestOptions(config, options),
    )
  } catch (error) {
    throw toAuthError(error, options.signal)
  }
}

function assertCallbackIsOurs(callback: CallbackParams, expectedState: string): void {
  const problem = callbackProblem(callback, expectedState)
  if (problem !== null) throw new AuthError('invalid_callback', problem)
}

function callbackProblem(callback: CallbackParams, expectedState: string): string | null {
  if (callback.source !== 'fragment') return 'The callback did not come back in the fragment.'
  if (callback.duplicated.length > 0) return 'The callback repeats a parameter.'
  if (expectedState === '') return 'No authorization request is pending in this tab.'
  if (callback.state === null) return 'The callback carries no state.'
  if (callback.state !== expectedState) return 'The callback state is not the one this tab sent.'
  return null
}

function requestOptions(
  config: TokenRequestConfig,
  options: HttpOptions,
): TokenEndpointRequestOptions {
  const result: TokenEndpointRequestOptions = {}
  // oauth4webapi reads an undefined signal as none.
  result.signal = options.signal
  // No cookie rides along with a token or revoke call (oauth4webapi leaves credentials unset).
  result[customFetch] = fetchWithoutCookies(options.fetch)
  // oauth4webapi refuses plain HTTP; only the local identity-provider mock is served over it.
  if (config.localMode) result[allowInsecureRequests] = true
  return result
}
