import {
  AuthorizationResponseError,
  INVALID_RESPONSE,
  OperationProcessingError,
  ResponseBodyError,
  WWWAuthenticateChallengeError,
} from 'oauth4webapi'
import type { AuthError, AuthErrorDetails } from './authError'
import {
  createAuthError,
  errorCode,
  fromOAuthErrorValue,
  toTransportError,
} from './toTransportError'

/*
 * The messages oauth4webapi's `validateAuthResponse` (and its JWT/hybrid siblings) use when the
 * callback itself is not ours: missing, unexpected or different `state`/`iss`, a parameter given
 * twice, or a JARM `response` we never asked for. They all carry the code `OAUTH_INVALID_RESPONSE`.
 * `unexpected JWT "iss" ...` (an ID-token claim) is deliberately not matched.
 */
const CALLBACK_PROBLEMS = [
  /^response parameter "(?:state|iss)"/,
  /^unexpected "(?:state|iss)"/,
  /^"state" response parameter/,
  /parameter must be provided only once$/,
  /contains a JARM response/,
]

/**
 * Maps anything thrown while talking to a provider onto the closed {@link AuthError} model:
 * an `AuthError` is returned as is; `fetch` failures become `timeout` or `network_error`;
 * oauth4webapi errors map by their OAuth `error` or processing `code`; everything else is
 * `unknown_error` (see `toTransportError`, which this extends with oauth4webapi's errors). The
 * message is a fixed summary that never contains a token, code or password; the original error
 * is kept as `cause` (scrub it before reporting).
 *
 * `signal` is the request's own `AbortSignal`: an abort (a plain `AbortError`, also one already
 * mapped to `network_error`) while it has timed out is a `timeout` (WebKit rejects a timed-out
 * fetch with a plain `AbortError`, not the signal's `TimeoutError`; see `toTransportError`).
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1 (authorization error responses)
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2 (token error responses)
 * @see https://openid.net/specs/openid-connect-core-1_0.html#AuthError (login_required and friends)
 * @see https://dom.spec.whatwg.org/#abortsignal-api (TimeoutError / AbortError)
 */
export function toAuthError(error: unknown, signal?: AbortSignal): AuthError {
  if (error instanceof AuthorizationResponseError)
    return fromOAuthErrorValue(error.error, undefined, error)
  if (error instanceof ResponseBodyError)
    return fromOAuthErrorValue(error.error, error.status, error)
  if (error instanceof OperationProcessingError) return fromProcessingError(error)
  if (error instanceof WWWAuthenticateChallengeError)
    return createAuthError(
      'unknown_error',
      'The provider answered with a WWW-Authenticate challenge.',
      error,
      {
        providerCode: error.code,
        status: error.status,
      },
    )
  return toTransportError(error, signal)
}

function fromProcessingError(error: OperationProcessingError): AuthError {
  const providerCode = errorCode(error)
  const details: AuthErrorDetails = providerCode === undefined ? {} : { providerCode }
  if (
    providerCode === INVALID_RESPONSE &&
    CALLBACK_PROBLEMS.some((pattern) => pattern.test(error.message))
  )
    return createAuthError(
      'invalid_callback',
      'The authorization response is not the one this tab expects.',
      error,
      details,
    )
  return createAuthError(
    'unknown_error',
    `The provider response failed validation (${providerCode ?? 'no code'}).`,
    error,
    details,
  )
}
