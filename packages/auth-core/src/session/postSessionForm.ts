import { AuthError } from '../errors/authError'
import { toTransportError } from '../errors/toTransportError'
import { fetchWithoutCookies } from '../http/fetchWithoutCookies'
import type { HttpOptions } from '../http/httpOptions'
import type { SessionOAuthConfig } from './sessionRequestOptions'

/**
 * POSTs `form` and the `client_id` (a public client: no secret) form-encoded to one of the
 * authorization server's endpoints, and resolves with the raw response. The endpoint must be
 * https (plain http only in local mode: the identity-provider mock), else no request is made.
 * Redirects are not followed, and no cookie rides along (`credentials: 'omit'`).
 *
 * @throws AuthError `unknown_error` for an endpoint that is not https; `network_error` or
 *   `timeout` when the request fails (via `toTransportError`).
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1 (a client_id in the body)
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-3.2 (TLS at the token endpoint)
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.1 (the revocation request)
 */
export async function postSessionForm(
  config: SessionOAuthConfig,
  endpoint: string,
  form: Readonly<Record<string, string>>,
  options: HttpOptions,
  headers: Readonly<Record<string, string>> = {},
): Promise<Response> {
  let url: URL | null = null
  try {
    url = new URL(endpoint)
  } catch {
    // not a URL: refused below
  }
  if (url?.protocol !== 'https:' && !(config.localMode && url?.protocol === 'http:'))
    throw new AuthError('unknown_error', 'The provider must be reached over HTTPS.')
  try {
    return await fetchWithoutCookies(options.fetch)(url.href, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
      body: new URLSearchParams({ ...form, client_id: config.clientId }),
      redirect: 'manual',
      signal: options.signal,
    })
  } catch (error) {
    throw toTransportError(error, options.signal)
  }
}
