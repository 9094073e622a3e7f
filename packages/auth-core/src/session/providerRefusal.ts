import { AuthError } from '../errors/authError'
import { fromOAuthErrorValue } from '../errors/toTransportError'
import { isJsonObject } from '../http/isJsonObject'
import { readJsonBody } from '../http/readJsonBody'

/** The start of a `WWW-Authenticate` header that holds a challenge: an auth-scheme token. */
const CHALLENGE = /^[,\s]*[\w!#$%&'*+.^`|~-]+(?:$|[\s,])/

/**
 * The error for an answer of the token or revocation endpoint other than 200: a
 * `WWW-Authenticate` challenge (`unknown_error` with the status), else an OAuth error body
 * (a 4xx `application/json` object with a non-empty string `error`: its value as `providerCode`
 * and the status, `session_expired` for `login_required`-like values), else `unknown_error`
 * without a status (an HTML error page, a 5xx). The media type is compared without case
 * (RFC 9110 section 8.3.1).
 *
 * @throws AuthError `timeout` or `network_error` when the body cannot be read (`readJsonBody`).
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2 (token error responses)
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-3 (the WWW-Authenticate challenge)
 * @see https://www.rfc-editor.org/rfc/rfc7009#section-2.2.1 (revocation error responses)
 */
export async function providerRefusal(response: Response): Promise<AuthError> {
  const { status } = response
  if (CHALLENGE.test(response.headers.get('www-authenticate') ?? ''))
    return new AuthError(
      'unknown_error',
      'The provider answered with a WWW-Authenticate challenge.',
      {
        providerCode: 'OAUTH_WWW_AUTHENTICATE_CHALLENGE',
        status,
      },
    )
  if (
    status >= 400 &&
    status < 500 &&
    // The media type without parameters ("undefined" when the header is absent).
    String(response.headers.get('content-type')?.split(';')[0]).trim().toLowerCase() ===
      'application/json'
  ) {
    const read = await readJsonBody(response)
    const body = read.parsed ? read.value : undefined
    if (isJsonObject(body) && typeof body['error'] === 'string' && body['error'] !== '')
      return fromOAuthErrorValue(body['error'], status, body)
  }
  return new AuthError('unknown_error', `The provider answered with HTTP status ${status}.`)
}
