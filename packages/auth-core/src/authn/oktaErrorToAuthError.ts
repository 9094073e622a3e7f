import * as v from 'valibot'
import { AuthError } from '../errors/authError'
import type { AuthErrorCode, AuthErrorDetails } from '../errors/authError'
import type { JsonBody } from '../http/readJsonBody'
import { OktaErrorCauseSchema, OktaErrorSchema } from './authnSchemas'

/** Okta error codes with a meaning of their own; every other code is `unknown_error`. */
const OKTA_CODES: Readonly<Record<string, AuthErrorCode>> = {
  E0000004: 'invalid_credentials',
  E0000011: 'session_expired',
  E0000068: 'mfa_verification_failed',
  E0000006: 'invalid_verification_code',
  E0000047: 'rate_limited',
  E0000069: 'account_locked',
}

/** An `errorCauses` summary saying the passcode was already used (TOTP replay in the same window). */
const REPLAY_CAUSE = /only be used once|already (?:been )?used/i

/** `X-Rate-Limit-Reset` is epoch seconds; anything that is not a plausible one is ignored. */
const EPOCH_SECONDS = /^[0-9]{1,11}$/

/**
 * The {@link AuthError} for a non-2xx Authn answer: the Okta `errorCode` decides the code
 * (`E0000068` with a replay cause is `passcode_replayed`; `E0000047` carries `rateLimitReset`
 * from `X-Rate-Limit-Reset`); an unknown code, a non-JSON body, HTML or a 5xx is `unknown_error`.
 * `details` always has the HTTP `status` and, when the body had one, the Okta code.
 *
 * @see https://developer.okta.com/docs/reference/error-codes/
 * @see https://developer.okta.com/docs/reference/api/authn/#response-parameters (X-Rate-Limit-Reset)
 */
export function oktaErrorToAuthError(response: Response, body: JsonBody): AuthError {
  const parsed = body.parsed ? v.safeParse(OktaErrorSchema, body.value) : undefined
  if (!parsed?.success)
    return new AuthError(
      'unknown_error',
      `Okta answered ${response.status} without an error body.`,
      {
        status: response.status,
      },
    )

  const { errorCode, errorCauses } = parsed.output
  let code: AuthErrorCode = OKTA_CODES[errorCode] ?? 'unknown_error'
  if (errorCode === 'E0000068' && hasReplayCause(errorCauses)) code = 'passcode_replayed'

  const details: AuthErrorDetails = { providerCode: errorCode, status: response.status }
  const reset = code === 'rate_limited' ? rateLimitReset(response.headers) : undefined
  return new AuthError(
    code,
    `Okta answered ${response.status} ${errorCode}.`,
    reset === undefined ? details : { ...details, rateLimitReset: reset },
  )
}

function hasReplayCause(causes: readonly unknown[] | undefined): boolean {
  // Stryker disable next-line ArrayDeclaration: Stryker's string entry is no errorSummary object, so it changes nothing
  return (causes ?? []).some((cause) => {
    const parsed = v.safeParse(OktaErrorCauseSchema, cause)
    return parsed.success && REPLAY_CAUSE.test(parsed.output.errorSummary)
  })
}

function rateLimitReset(headers: Headers): number | undefined {
  // Headers.get trims the value; an absent header reads as 'null', which is no epoch.
  const value = String(headers.get('X-Rate-Limit-Reset'))
  if (!EPOCH_SECONDS.test(value)) return undefined
  const seconds = Number(value)
  return seconds > 0 ? seconds : undefined
}
