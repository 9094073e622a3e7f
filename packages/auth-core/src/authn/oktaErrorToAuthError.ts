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
  E0000119: 'unlock_not_allowed',
}

/** Causes of a refused change of password, checked in this order (first match wins). */
const CURRENT_PASSWORD_CAUSE =
  /oldPassword|credentials provided were incorrect|old password is not correct/i
const REUSED_CAUSE =
  /used too recently|cannot be (?:your current password|any of your last)|password history/i
/** What a policy cause may list; a cause listing exactly one kind of rule names that rule. */
const POLICY_CAUSES: readonly (readonly [RegExp, AuthErrorCode])[] = [
  [/at least \d+ characters?|too short|minimum length/i, 'new_password_too_short'],
  [
    /(?:lower|upper) ?case letter|\ba number\b|\ba symbol\b|\bdigit|special character/i,
    'new_password_too_simple',
  ],
  [
    /parts? of your (?:username|first name|last name)|your (?:first|last) name|username/i,
    'new_password_contains_name',
  ],
]

/** An `errorCauses` summary saying the passcode was already used (TOTP replay in the same window). */
const REPLAY_CAUSE = /only be used once|already (?:been )?used/i

/** `X-Rate-Limit-Reset` is epoch seconds; anything that is not a plausible one is ignored. */
const EPOCH_SECONDS = /^[0-9]{1,11}$/

/**
 * The {@link AuthError} for a non-2xx Authn answer: the Okta `errorCode` decides the code
 * (`E0000068` with a replay cause is `passcode_replayed`; `E0000047` carries `rateLimitReset`
 * from `X-Rate-Limit-Reset`; `E0000014` and `E0000080` of a password change are read from their
 * causes; `E0000119` is `unlock_not_allowed`); an unknown code, a non-JSON body, HTML or a 5xx
 * is `unknown_error`.
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
  if (errorCode === 'E0000014' || errorCode === 'E0000080')
    code = passwordChangeFailure(errorCode, causeTexts(errorCauses))

  const details: AuthErrorDetails = { providerCode: errorCode, status: response.status }
  const reset = code === 'rate_limited' ? rateLimitReset(response.headers) : undefined
  return new AuthError(
    code,
    `Okta answered ${response.status} ${errorCode}.`,
    reset === undefined ? details : { ...details, rateLimitReset: reset },
  )
}

/** The `errorSummary` of each well-formed `errorCauses` entry. */
function causeTexts(causes: readonly unknown[] | undefined): string[] {
  return (causes ?? []).flatMap((cause) => {
    const parsed = v.safeParse(OktaErrorCauseSchema, cause)
    return parsed.success ? [parsed.output.errorSummary] : []
  })
}

/**
 * A refused `change_password`, in the product's words: `E0000014` naming `oldPassword` is a wrong
 * current password; a cause about password history is `new_password_reused`; an `E0000080` whose
 * cause names exactly one kind of rule (length, character kinds, names) is that rule; anything
 * else is `new_password_rejected`. The provider's text itself is never shown.
 * @see https://developer.okta.com/docs/reference/api/authn/#response-parameters-for-change-password
 */
function passwordChangeFailure(errorCode: string, causes: readonly string[]): AuthErrorCode {
  const text = causes.join('\n')
  if (errorCode === 'E0000014' && CURRENT_PASSWORD_CAUSE.test(text))
    return 'current_password_incorrect'
  if (REUSED_CAUSE.test(text)) return 'new_password_reused'
  const named = POLICY_CAUSES.filter(([pattern]) => pattern.test(text))
  return named.length === 1 && named[0] ? named[0][1] : 'new_password_rejected'
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
