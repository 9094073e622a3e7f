import { allowInsecureRequests, customFetch } from 'oauth4webapi'
import type { HttpRequestOptions } from 'oauth4webapi'
import type { HttpOptions } from '../http/httpOptions'
import { fetchWithoutCookies } from '../http/fetchWithoutCookies'
import type { AuthConfig } from '../config/authConfig'

/**
 * The parts of the configuration that name the authorization server and the client: the same in
 * the sign-in app's {@link AuthConfig} and a sub-site's `SessionConfig`.
 */
export type SessionOAuthConfig = Pick<
  AuthConfig,
  'oktaOrgUrl' | 'authServerId' | 'clientId' | 'localMode'
>

/**
 * oauth4webapi's transport options for a session request: the injected `fetch` and `signal`,
 * and plain HTTP allowed only in local mode (oauth4webapi refuses it otherwise).
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-3.2 (TLS at the token endpoint)
 */
export function sessionRequestOptions(
  config: Pick<AuthConfig, 'localMode'>,
  options: HttpOptions,
): HttpRequestOptions<'POST', URLSearchParams> {
  const result: HttpRequestOptions<'POST', URLSearchParams> = {}
  result.signal = options.signal
  // No cookie rides along with a token or revoke call (oauth4webapi leaves credentials unset).
  result[customFetch] = fetchWithoutCookies(options.fetch)
  if (config.localMode) result[allowInsecureRequests] = true
  return result
}
