import type { AuthError } from '../errors/authError'

/**
 * Whether a refresh failure means the refresh token is no longer any good: an OAuth error
 * answered with 400 (`invalid_grant`, `invalid_request`, ...) or 401 (`invalid_client`, a
 * challenge). Network failures, timeouts, 5xx and unusable bodies keep the session.
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2
 */
export function endsSession(error: AuthError): boolean {
  return error.details.status === 400 || error.details.status === 401
}
