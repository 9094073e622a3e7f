/**
 * Okta API error bodies and their HTTP statuses, as the recorded fixtures show them.
 * @see https://developer.okta.com/docs/reference/error-codes/
 */
import type { RandomSource } from './random'

/** The errors this platform answers, with Okta's status and summary. */
export const OKTA_ERRORS = {
  E0000001: { status: 400, summary: 'Api validation failed: {0}' },
  E0000003: { status: 400, summary: 'The request body was not well-formed.' },
  E0000004: { status: 401, summary: 'Authentication failed' },
  E0000006: {
    status: 403,
    summary: 'You do not have permission to perform the requested action',
  },
  E0000007: { status: 404, summary: 'Not found: {0}' },
  E0000009: { status: 500, summary: 'Internal Server Error' },
  E0000011: { status: 401, summary: 'Invalid token provided' },
  E0000014: { status: 403, summary: 'Update of credentials failed' },
  /** HTTP media type exception: a body not sent as the endpoint's media type (JSON for Authn). */
  E0000021: {
    status: 415,
    summary:
      'Bad request. Accept and/or Content-Type headers likely do not match supported values.',
  },
  E0000047: { status: 429, summary: 'API call exceeded rate limit due to too many requests.' },
  E0000068: { status: 403, summary: 'Invalid Passcode/Answer' },
  E0000069: { status: 403, summary: 'User Locked' },
  // Okta's documented summary, word for word (including its missing "not").
  E0000080: {
    status: 403,
    summary: 'The password does meet the complexity requirements of the current password policy.',
  },
  E0000079: {
    status: 403,
    summary: 'This operation is not allowed in the current authentication state.',
  },
} as const

export type OktaErrorCode = keyof typeof OKTA_ERRORS

/** `{errorCode, errorSummary, errorLink, errorId, errorCauses}`. */
export interface OktaErrorBody {
  readonly errorCode: OktaErrorCode
  readonly errorSummary: string
  readonly errorLink: OktaErrorCode
  readonly errorId: string
  readonly errorCauses: readonly { readonly errorSummary: string }[]
}

/** An error ready to send: HTTP status and body. */
export interface OktaError {
  readonly status: 400 | 401 | 403 | 404 | 415 | 429 | 500
  readonly body: OktaErrorBody
}

/** Messages of the E0000068 cause (decisions: the same wording on verify and activate). */
export const PASSCODE_MISMATCH = "Your passcode doesn't match our records. Please try again."
export const PASSCODE_REPLAYED =
  'Each code can only be used once. Please wait for a new code and try again.'

/**
 * Builds an Okta error. `detail` fills the `{0}` of summaries like "Api validation failed: {0}";
 * `causes` become `errorCauses[].errorSummary`.
 * @see https://developer.okta.com/docs/reference/error-codes/
 */
export function oktaError(
  random: RandomSource,
  code: OktaErrorCode,
  options: { detail?: string; causes?: readonly string[] } = {},
): OktaError {
  const { status, summary } = OKTA_ERRORS[code]
  return {
    status,
    body: {
      errorCode: code,
      errorSummary: summary.replace('{0}', options.detail ?? ''),
      errorLink: code,
      errorId: random.errorId(),
      errorCauses: (options.causes ?? []).map((errorSummary) => ({ errorSummary })),
    },
  }
}
