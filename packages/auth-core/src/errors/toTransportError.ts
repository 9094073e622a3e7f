import { AuthError } from './authError'
import type { AuthErrorCode, AuthErrorDetails } from './authError'

/** Provider codes kept for diagnostics must look like codes, so a crafted value cannot smuggle text. */
const SAFE_PROVIDER_CODE = /^[A-Za-z0-9_.:-]{1,100}$/

/**
 * Maps anything thrown around a `fetch` onto the closed {@link AuthError} model, without knowing
 * oauth4webapi's error classes (so the session bundle of a sub-site does not carry them; the
 * sign-in app's `toAuthError` adds them): an `AuthError` is returned as is; `TimeoutError` becomes
 * `timeout`, `AbortError` and a `TypeError` without a `code` `network_error`; everything else is
 * `unknown_error`, with its `code` as `providerCode` when it looks like one. The message is a
 * fixed summary; the original error is kept as `cause` (scrub it before reporting).
 *
 * `signal` is the request's own `AbortSignal`: an abort (a plain `AbortError`, also one already
 * mapped to `network_error`) while it has timed out is a `timeout`. The Fetch standard rejects
 * with the signal's reason (`TimeoutError` for `AbortSignal.timeout`), as Chromium and Firefox do;
 * WebKit (Safari's engine) rejects the fetch, and a body read after it, with a plain `AbortError`.
 *
 * @see https://fetch.spec.whatwg.org/#fetch-method (a network failure rejects with a TypeError)
 * @see https://dom.spec.whatwg.org/#abortsignal-api (TimeoutError / AbortError)
 */
export function toTransportError(error: unknown, signal?: AbortSignal): AuthError {
  if (timedOut(signal) && isAbort(error))
    return createAuthError(
      'timeout',
      'The request timed out.',
      error instanceof AuthError ? error.cause : error,
    )
  if (error instanceof AuthError) return error
  const name = errorName(error)
  if (name === 'TimeoutError') return createAuthError('timeout', 'The request timed out.', error)
  if (name === 'AbortError')
    return createAuthError('network_error', 'The request was aborted.', error)

  const code = errorCode(error)
  // oauth4webapi throws TypeErrors with a `code` (ERR_INVALID_ARG_VALUE, ...) for programming
  // errors; those must not look like a connectivity problem.
  if (error instanceof TypeError && code === undefined)
    return createAuthError(
      'network_error',
      'The request could not be sent (offline, DNS, CORS or refused).',
      error,
    )
  return createAuthError(
    'unknown_error',
    'Unexpected error.',
    error,
    code === undefined ? {} : { providerCode: code },
  )
}

/**
 * The `AuthError` for an OAuth `error` value the provider answered with (a token, revocation or
 * authorization error response): `access_denied` as is, `login_required`,
 * `interaction_required` and `consent_required` as `session_expired`, anything else as
 * `unknown_error`; the value as `providerCode` (when it looks like a code) and the HTTP `status`.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.2.1 (authorization error responses)
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.2 (token error responses)
 * @see https://openid.net/specs/openid-connect-core-1_0.html#AuthError (login_required and friends)
 */
export function fromOAuthErrorValue(
  oauthError: string,
  status: number | undefined,
  cause: unknown,
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
  return createAuthError(
    code,
    `The provider answered with an OAuth error (${details.providerCode}).`,
    cause,
    details,
  )
}

/** OAuth `error` values from `/authorize` or the token endpoint that mean "sign in again". */
const SESSION_ERRORS = new Set(['login_required', 'interaction_required', 'consent_required'])

/** An `AuthError` with `cause` kept. */
export function createAuthError(
  code: AuthErrorCode,
  message: string,
  cause: unknown,
  details: AuthErrorDetails = {},
): AuthError {
  return new AuthError(code, message, details, { cause })
}

function timedOut(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && errorName(signal.reason) === 'TimeoutError'
}

/** A plain abort, thrown or already mapped (its `cause`), as WebKit rejects a timed-out fetch. */
function isAbort(error: unknown): boolean {
  const thrown = error instanceof AuthError && error.code === 'network_error' ? error.cause : error
  return errorName(thrown) === 'AbortError'
}

function errorName(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('name' in error)) return undefined
  return typeof error.name === 'string' ? error.name : undefined
}

/** The `code` of a thrown value when it is a string that looks like a code ('unrecognized' else). */
export function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  return typeof error.code === 'string' ? safeProviderCode(error.code) : undefined
}

function safeProviderCode(value: string): string {
  return SAFE_PROVIDER_CODE.test(value) ? value : 'unrecognized'
}
