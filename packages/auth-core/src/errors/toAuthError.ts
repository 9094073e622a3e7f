import {
  AuthorizationResponseError,
  INVALID_RESPONSE,
  OperationProcessingError,
  ResponseBodyError,
  WWWAuthenticateChallengeError,
} from 'oauth4webapi'
import { AuthError } from './authError'
import type { AuthErrorCode, AuthErrorDetails } from './authError'

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

/** OAuth `error` values from `/authorize` or the token endpoint that mean "sign in again". */
const SESSION_ERRORS = new Set(['login_required', 'interaction_required', 'consent_required'])

/** Provider codes kept for diagnostics must look like codes, so a crafted value cannot smuggle text. */
const SAFE_PROVIDER_CODE = /^[A-Za-z0-9_.:-]{1,100}$/

/**
 * Maps anything thrown while talking to a provider onto the closed {@link AuthError} model:
 * an `AuthError` is returned as is; `fetch` failures become `timeout` or `network_error`;
 * oauth4webapi errors map by their OAuth `error` or processing `code`; everything else is
 * `unknown_error`. The message is a fixed summary that never contains a token, code or password;
 * the original error is kept as `cause` (scrub it before reporting).
 *
 * `signal` is the request's own `AbortSignal`: an abort (a plain `AbortError`, also one already
 * mapped to `network_error`) while it has timed out is a `timeout`. The Fetch standard rejects
 * with the signal's reason (`TimeoutError` for `AbortSignal.timeout`), as Chromium and Firefox do;
 * WebKit (Safari's engine) rejects the fetch, and a body read after it, with a plain `AbortError`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1 (authorization error responses)
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2 (token error responses)
 * @see https://openid.net/specs/openid-connect-core-1_0.html#AuthError (login_required and friends)
 * @see https://dom.spec.whatwg.org/#abortsignal-api (TimeoutError / AbortError)
 */
export function toAuthError(error: unknown, signal?: AbortSignal): AuthError {
  if (timedOut(signal) && isAbort(error))
    return create(
      'timeout',
      'The request timed out.',
      error instanceof AuthError ? error.cause : error,
    )
  if (error instanceof AuthError) return error
  if (error instanceof AuthorizationResponseError)
    return fromOAuthErrorValue(error.error, undefined, error)
  if (error instanceof ResponseBodyError)
    return fromOAuthErrorValue(error.error, error.status, error)
  if (error instanceof OperationProcessingError) return fromProcessingError(error)
  if (error instanceof WWWAuthenticateChallengeError)
    return create(
      'unknown_error',
      'The provider answered with a WWW-Authenticate challenge.',
      error,
      {
        providerCode: error.code,
        status: error.status,
      },
    )

  const name = errorName(error)
  if (name === 'TimeoutError') return create('timeout', 'The request timed out.', error)
  if (name === 'AbortError') return create('network_error', 'The request was aborted.', error)

  const code = errorCode(error)
  // oauth4webapi throws TypeErrors with a `code` (ERR_INVALID_ARG_VALUE, ...) for programming
  // errors; those must not look like a connectivity problem.
  if (error instanceof TypeError && code === undefined)
    return create(
      'network_error',
      'The request could not be sent (offline, DNS, CORS or refused).',
      error,
    )
  return create(
    'unknown_error',
    'Unexpected error.',
    error,
    code === undefined ? {} : { providerCode: code },
  )
}

function fromOAuthErrorValue(
  oauthError: string,
  status: number | undefined,
  cause: Error,
): AuthError {
  const code: AuthErrorCode =
    oauthError === 'access_denied'
      ? 'access_denied'
      : SESSION_ERRORS.has(oauthError)
        ? 'session_expired'
        : 'unknown_error'
  const details: AuthErrorDetails = {
    providerCode: safeProviderCode(oauthError),
    ...(status === undefined ? {} : { status }),
  }
  return create(
    code,
    `The provider answered with an OAuth error (${details.providerCode}).`,
    cause,
    details,
  )
}

function fromProcessingError(error: OperationProcessingError): AuthError {
  const providerCode = errorCode(error)
  const details: AuthErrorDetails = providerCode === undefined ? {} : { providerCode }
  if (
    providerCode === INVALID_RESPONSE &&
    CALLBACK_PROBLEMS.some((pattern) => pattern.test(error.message))
  )
    return create(
      'invalid_callback',
      'The authorization response is not the one this tab expects.',
      error,
      details,
    )
  return create(
    'unknown_error',
    `The provider response failed validation (${providerCode ?? 'no code'}).`,
    error,
    details,
  )
}

function timedOut(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && errorName(signal.reason) === 'TimeoutError'
}

/** A plain abort, thrown or already mapped (its `cause`), as WebKit rejects a timed-out fetch. */
function isAbort(error: unknown): boolean {
  const thrown = error instanceof AuthError && error.code === 'network_error' ? error.cause : error
  return errorName(thrown) === 'AbortError'
}

function create(
  code: AuthErrorCode,
  message: string,
  cause: unknown,
  details: AuthErrorDetails = {},
): AuthError {
  return new AuthError(code, message, details, { cause })
}

function errorName(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('name' in error)) return undefined
  return typeof error.name === 'string' ? error.name : undefined
}

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? safeProviderCode(error.code) : undefined
}

function safeProviderCode(value: string): string {
  return SAFE_PROVIDER_CODE.test(value) ? value : 'unrecognized'
}
