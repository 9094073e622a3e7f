import { messageCodeOf } from './authError'
import type { AuthErrorCode, CatalogueErrorCode } from './authError'

/**
 * The user-facing message for every {@link CatalogueErrorCode} (all codes but the developer
 * codes, which show `unknown_error`'s), exactly as in the specification (section 8) where it
 * gives one, and in the same voice where it does not. The record type makes the compiler demand
 * one message per code.
 */
export const errorMessages: Readonly<Record<CatalogueErrorCode, string>> = {
  // Identity-provider codes (spec section 8, first table)
  invalid_credentials: 'Email or password are incorrect, please try again.',
  access_denied: 'The email entered has no access to this application.',
  session_expired: 'Your session has expired. Please try again.',
  mfa_verification_failed: 'MFA verification failed. Please try again.',
  invalid_verification_code: 'Invalid verification code. Please try again.',
  unknown_error: 'Oops, something went wrong, please try again later.',
  // Google (spec section 8)
  google_not_found: 'No user found for this email address.',
  google_failed: 'Oops, something went wrong, please try again.',
  // The twelve MFA and enrolment messages (spec section 8); situations in authError.ts
  missing_state_token: 'Missing required state token',
  enroll_failed: 'Failed to enroll factor',
  enrollment_info_failed: 'Failed to get enrollment information',
  missing_verification_data: 'Missing required verification data',
  activation_incomplete: 'Failed to verify code',
  activation_invalid_code: 'Invalid verification code',
  activation_failed: 'Failed to verify code. Please try again.',
  missing_mfa_data: 'Missing required MFA verification data',
  mfa_verify_incomplete: 'Failed to verify MFA code',
  verification_failed: 'Verification failed. Please try again.',
  no_factor_selected: 'No factor selected for enrollment',
  no_authentication_factor: 'No authentication factor selected',
  // Added in the same voice
  passcode_replayed:
    'This code has already been used. Please wait for the next code and try again.',
  rate_limited: 'Too many attempts. Please wait until the timer runs out, then try again.',
  account_locked:
    'Your account is locked after too many attempts. Please try again later or reset your password.',
  password_expired: 'Your password has expired. Please reset it with Forgot password.',
  current_password_incorrect: 'Your current password is incorrect. Please try again.',
  new_password_too_short: 'Your new password is too short. Please check the rules below it.',
  new_password_too_simple:
    'Your new password needs more kinds of characters. Please check the rules below it.',
  new_password_contains_name: 'Your new password must not contain your name or email address.',
  new_password_reused: 'You have used this password recently. Please choose a different one.',
  new_password_rejected:
    'Your new password does not meet your organization’s rules. Please choose a different one.',
  new_password_mismatch: 'The two new passwords are not the same. Please type them again.',
  unlock_not_allowed: 'Your account is locked. Please contact your administrator to unlock it.',
  network_error:
    'We could not reach the sign-in service. Please check your connection and try again.',
  timeout: 'The sign-in service is taking too long to answer. Please try again.',
  invalid_callback: 'This sign-in link is no longer valid. Please sign in again.',
  crypto_unavailable:
    'Your browser cannot sign in securely here. Please use an up-to-date browser.',
  storage_unavailable: 'Please allow this site to store data in your browser, then try again.',
  google_cancelled: 'Google sign-in was cancelled. You can try again or use your email.',
  account_changed:
    'You are now signed in with another account, so this was not sent. Please check and try again.',
  sign_in_interrupted: 'Your sign-in was interrupted. Please sign in again.',
}

/**
 * The message to show for an error code. Views call this and never render `error.message`.
 * `configuration_error` and `usage_error` (developer codes) show the `unknown_error` message.
 * @see ../../../../shared/spec/signin-spec.md section 8
 */
export function messageFor(code: AuthErrorCode): string {
  return errorMessages[messageCodeOf(code)]
}
