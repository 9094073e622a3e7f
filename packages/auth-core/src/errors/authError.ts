/**
 * One error type for everything auth-core reports, with a closed union of codes.
 * Views show {@link messageFor}(code), never `error.message`.
 */

/* --- Codes --- */

/**
 * Every failure the sign-in flow can report. The mapping from identity-provider codes and
 * situations to these codes is documented on each member; the user-facing text lives in
 * `errorMessages.ts` (one message per code, enforced by the compiler).
 */
export type AuthErrorCode =
  /** Okta `E0000004` (401): bad email or password, a hidden lockout, or a sign-on policy denial. */
  | 'invalid_credentials'
  /** OAuth `access_denied` from `/authorize`: the user is not assigned to this application. */
  | 'access_denied'
  /** Okta `E0000011` (401): the state token is invalid or expired; also `login_required` from `/authorize` (the one-time session token was used or expired). */
  | 'session_expired'
  /**
   * Sub-site authenticated fetch: the API refused the token (401) and the session now holds
   * another person's (a different account signed in meanwhile, e.g. on a shared computer), so
   * the request was not sent again.
   */
  | 'account_changed'
  /** Okta `E0000068` (403) on `/verify`: the passcode did not match. */
  | 'mfa_verification_failed'
  /** Okta `E0000006` (403) on an MFA call: access denied for the verification. */
  | 'invalid_verification_code'
  /** Okta `E0000068` with a replay cause, or `factorResult: PASSCODE_REPLAYED`: the code was already used. */
  | 'passcode_replayed'
  /** Okta `E0000047` (429): rate limit. */
  | 'rate_limited'
  /** Okta `E0000069` (403) or transaction status `LOCKED_OUT`: the account is locked. */
  | 'account_locked'
  /** Transaction status `PASSWORD_EXPIRED`: the password must be changed before signing in. */
  | 'password_expired'
  /** Change password: Okta `E0000014` whose cause names `oldPassword`: the current password is wrong. */
  | 'current_password_incorrect'
  /** Change password, refused before sending: shorter than the policy's `minLength`. */
  | 'new_password_too_short'
  /** Change password, refused before sending: too few lowercase, uppercase, numbers or symbols. */
  | 'new_password_too_simple'
  /** Change password, refused before sending (or Okta's cause says so): contains the username or an excluded name. */
  | 'new_password_contains_name'
  /** Change password: Okta refused a password used too recently (password history). */
  | 'new_password_reused'
  /** Change password: Okta `E0000080` (policy not met) without a more precise cause. */
  | 'new_password_rejected'
  /** Change password, refused before sending: the confirmation differs from the new password. */
  | 'new_password_mismatch'
  /** Unlock: the org does not allow self-service unlock (no `unlock` link, Okta `E0000119`). */
  | 'unlock_not_allowed'
  /** `fetch` rejected: offline, DNS, CORS, connection refused. */
  | 'network_error'
  /** The request did not finish within the configured time. */
  | 'timeout'
  /** Anything else from the identity provider: unknown codes, unsupported statuses, malformed bodies, 5xx. */
  | 'unknown_error'
  /** The OAuth callback is not ours: missing, different or duplicated `state`, no pending transaction, replayed URL. */
  | 'invalid_callback'
  /** WebCrypto (`crypto.getRandomValues` / `crypto.subtle`) is unavailable: sign-in cannot be secure here. */
  | 'crypto_unavailable'
  /** Browser storage (sessionStorage) is blocked, so the sign-in transaction cannot survive the redirect. */
  | 'storage_unavailable'
  /** Product API `GET /auth/google-auth` answered `not_found`. */
  | 'google_not_found'
  /** Any other failure of the Google path (consent error, API error, malformed cookie map). */
  | 'google_failed'
  /** The person cancelled on Google's consent page (`error=access_denied` on the Google return). */
  | 'google_cancelled'
  // --- The twelve MFA and enrolment messages of spec section 8, each tied to one situation ---
  /** Enrolment: a factor enrolment was requested without a state token. */
  | 'missing_state_token'
  /** Enrolment: the chosen authenticator is not one the provider offered as `NOT_SETUP`. */
  | 'no_factor_selected'
  /** Enrolment: `POST /api/v1/authn/factors` was rejected (e.g. `E0000001` 400) or failed unexpectedly. */
  | 'enroll_failed'
  /** Enrolment: the enrol call answered, but not `MFA_ENROLL_ACTIVATE` with a shared secret, a QR link and a factor id. */
  | 'enrollment_info_failed'
  /** Activation: a code was submitted without a state token, a factor id or a complete 6-digit code. */
  | 'missing_verification_data'
  /** Activation: `/lifecycle/activate` rejected the code (`E0000068`). */
  | 'activation_invalid_code'
  /** Activation: `/lifecycle/activate` answered 200 but gave no session token. */
  | 'activation_incomplete'
  /** Activation: `/lifecycle/activate` failed with an unexpected error (unknown code, 5xx, malformed body). */
  | 'activation_failed'
  /** MFA: `MFA_REQUIRED` offered no `token:software:totp` factor, so there is nothing to verify with. */
  | 'no_authentication_factor'
  /** MFA: a code was submitted without a state token or factor id (e.g. the transaction was lost). */
  | 'missing_mfa_data'
  /** MFA: `/verify` answered 200 but gave no session token. */
  | 'mfa_verify_incomplete'
  /** MFA: `/verify` failed with an unexpected error (unknown code, 5xx, malformed body). */
  | 'verification_failed'
  /**
   * The page was reloaded (or reopened) after the return from `/authorize` after MFA, while the
   * code was being exchanged: the transaction is used up, so the person signs in again.
   */
  | 'sign_in_interrupted'
  // --- For developers only (see DeveloperErrorCode): people see unknown_error's message ---
  /**
   * The configuration is unusable: e.g. an `oktaOrgUrl` that is not an `https://` origin (or ends
   * in `/`), a `signInUrl` off the parent domain, a `randomId` that returns ids of the wrong shape.
   * Thrown when the object is created, before any request; `message` names the setting.
   */
  | 'configuration_error'
  /**
   * A call broke its function's contract (a programming error of the caller): e.g.
   * `redirectToSignIn` with a sub-site that is not one DNS label, `signOut` with a `returnTo` off
   * the parent domain. Thrown before anything is written or sent; `message` names the argument.
   */
  | 'usage_error'

/** All codes, for exhaustive tests and runtime checks. */
export const AUTH_ERROR_CODES = [
  'invalid_credentials',
  'access_denied',
  'session_expired',
  'account_changed',
  'mfa_verification_failed',
  'invalid_verification_code',
  'passcode_replayed',
  'rate_limited',
  'account_locked',
  'password_expired',
  'current_password_incorrect',
  'new_password_too_short',
  'new_password_too_simple',
  'new_password_contains_name',
  'new_password_reused',
  'new_password_rejected',
  'new_password_mismatch',
  'unlock_not_allowed',
  'network_error',
  'timeout',
  'unknown_error',
  'invalid_callback',
  'crypto_unavailable',
  'storage_unavailable',
  'google_not_found',
  'google_failed',
  'google_cancelled',
  'missing_state_token',
  'no_factor_selected',
  'enroll_failed',
  'enrollment_info_failed',
  'missing_verification_data',
  'activation_invalid_code',
  'activation_incomplete',
  'activation_failed',
  'no_authentication_factor',
  'missing_mfa_data',
  'mfa_verify_incomplete',
  'verification_failed',
  'sign_in_interrupted',
  'configuration_error',
  'usage_error',
] as const satisfies readonly AuthErrorCode[]

/**
 * Codes of errors only a developer can fix: a wrong configuration or a wrong call. They never
 * depend on what a person did, so they have no text of their own: `messageCodeOf` gives
 * `unknown_error` for them, and every locale's catalogue shows its generic message. Tell them
 * apart by `error.code`, and read `error.message` (for the developer) in the console or logs.
 */
export type DeveloperErrorCode = 'configuration_error' | 'usage_error'

/** The codes with a text of their own in every locale (`error.<code>`): all but the developer codes. */
export type CatalogueErrorCode = Exclude<AuthErrorCode, DeveloperErrorCode>

/** Whether `code` is a {@link DeveloperErrorCode}. */
export function isDeveloperErrorCode(code: AuthErrorCode): code is DeveloperErrorCode {
  return code === 'configuration_error' || code === 'usage_error'
}

/**
 * Every {@link CatalogueErrorCode}: the keys of the catalogues (`error.<code>` in each locale).
 * Marked pure so that a bundle which never reads it (a sub-site's session) drops it and the list.
 */
export const CATALOGUE_ERROR_CODES: readonly CatalogueErrorCode[] =
  /* @__PURE__ */ AUTH_ERROR_CODES.filter(
    (code): code is CatalogueErrorCode => !isDeveloperErrorCode(code),
  )

/** The code whose text is shown for `code`: itself, or `unknown_error` for a developer code. */
export function messageCodeOf(code: AuthErrorCode): CatalogueErrorCode {
  return isDeveloperErrorCode(code) ? 'unknown_error' : code
}

/** Type guard for {@link AuthErrorCode}. */
export function isAuthErrorCode(value: unknown): value is AuthErrorCode {
  return typeof value === 'string' && (AUTH_ERROR_CODES as readonly string[]).includes(value)
}

/* --- Error class --- */

/** Details kept for diagnostics and reporting; never shown to the user and never secret. */
export interface AuthErrorDetails {
  /** The provider's own code when there was one, e.g. `E0000068` or `invalid_grant`. */
  readonly providerCode?: string
  /** HTTP status of the response that caused the error, when there was one. */
  readonly status?: number
  /** When a rate limit resets, in epoch seconds, when the provider said so (`X-Rate-Limit-Reset`). */
  readonly rateLimitReset?: number
}

/**
 * The only error auth-core throws or returns. `message` is a developer-facing summary that never
 * contains secrets; user-facing text comes from `messageFor(error.code)`.
 */
export class AuthError extends Error {
  override readonly name = 'AuthError'
  readonly code: AuthErrorCode
  readonly details: AuthErrorDetails

  constructor(
    code: AuthErrorCode,
    message?: string,
    details: AuthErrorDetails = {},
    options?: { cause?: unknown },
  ) {
    super(message ?? code, options)
    this.code = code
    this.details = details
  }
}

/** Type guard for {@link AuthError}. */
export function isAuthError(value: unknown): value is AuthError {
  return value instanceof AuthError
}
