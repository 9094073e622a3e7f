import { describe, expect, it } from 'vitest'
import {
  AUTH_ERROR_CODES,
  AuthError,
  CATALOGUE_ERROR_CODES,
  isAuthError,
  isAuthErrorCode,
  isDeveloperErrorCode,
  messageCodeOf,
} from './authError'
import { errorMessages, messageFor } from './errorMessages'

describe('messageFor', () => {
  // Spec section 8, first table and the Google line: exact texts.
  it.each([
    ['invalid_credentials', 'Email or password are incorrect, please try again.'],
    ['access_denied', 'The email entered has no access to this application.'],
    ['session_expired', 'Your session has expired. Please try again.'],
    ['mfa_verification_failed', 'MFA verification failed. Please try again.'],
    ['invalid_verification_code', 'Invalid verification code. Please try again.'],
    ['unknown_error', 'Oops, something went wrong, please try again later.'],
    ['google_not_found', 'No user found for this email address.'],
    ['google_failed', 'Oops, something went wrong, please try again.'],
  ] as const)('gives the spec message for %s', (code, message) => {
    expect(messageFor(code)).toBe(message)
  })

  // Spec section 8, the twelve MFA and enrolment messages, each tied to one code.
  it.each([
    ['missing_state_token', 'Missing required state token'],
    ['enroll_failed', 'Failed to enroll factor'],
    ['enrollment_info_failed', 'Failed to get enrollment information'],
    ['missing_verification_data', 'Missing required verification data'],
    ['activation_incomplete', 'Failed to verify code'],
    ['activation_invalid_code', 'Invalid verification code'],
    ['activation_failed', 'Failed to verify code. Please try again.'],
    ['missing_mfa_data', 'Missing required MFA verification data'],
    ['mfa_verify_incomplete', 'Failed to verify MFA code'],
    ['verification_failed', 'Verification failed. Please try again.'],
    ['no_factor_selected', 'No factor selected for enrollment'],
    ['no_authentication_factor', 'No authentication factor selected'],
  ] as const)('gives the MFA message for %s', (code, message) => {
    expect(messageFor(code)).toBe(message)
  })

  it('has exactly one non-empty message for every code but the developer codes, and no message for anything else', () => {
    expect(Object.keys(errorMessages).sort()).toEqual([...CATALOGUE_ERROR_CODES].sort())
    for (const code of AUTH_ERROR_CODES) expect(messageFor(code).length).toBeGreaterThan(10)
    expect(new Set(Object.values(errorMessages)).size).toBe(CATALOGUE_ERROR_CODES.length)
  })

  it('shows the generic message for configuration and programming errors, which stay distinguishable by code', () => {
    expect(AUTH_ERROR_CODES.filter(isDeveloperErrorCode)).toEqual([
      'configuration_error',
      'usage_error',
    ])
    expect(CATALOGUE_ERROR_CODES).toHaveLength(AUTH_ERROR_CODES.length - 2)
    for (const code of ['configuration_error', 'usage_error'] as const) {
      expect(messageFor(code)).toBe('Oops, something went wrong, please try again later.')
      expect(messageCodeOf(code)).toBe('unknown_error')
      const error = new AuthError(code, 'signInUrl must be an absolute https URL.')
      expect([error.code, error.message]).toEqual([
        code,
        'signInUrl must be an absolute https URL.',
      ])
    }
    expect(messageCodeOf('timeout')).toBe('timeout')
  })

  it('uses the same voice for the added messages: full sentences that say what to do', () => {
    for (const code of [
      'rate_limited',
      'account_locked',
      'network_error',
      'timeout',
      'passcode_replayed',
    ] as const) {
      expect(messageFor(code)).toMatch(/^[A-Z].*\.$/)
      expect(messageFor(code)).toMatch(/try again|wait|reset/i)
    }
  })
})

describe('AuthError', () => {
  it('carries a code and details, never needing its message for display', () => {
    const error = new AuthError('rate_limited', undefined, {
      providerCode: 'E0000047',
      status: 429,
      rateLimitReset: 10,
    })
    expect(error.message).toBe('rate_limited')
    expect(error).toMatchObject({
      name: 'AuthError',
      code: 'rate_limited',
      details: { providerCode: 'E0000047' },
    })
    expect(isAuthError(error)).toBe(true)
    expect(isAuthError(new Error('x'))).toBe(false)
    expect(isAuthErrorCode('timeout')).toBe(true)
    expect(isAuthErrorCode('E0000004')).toBe(false)
    expect(isAuthErrorCode(4)).toBe(false)
  })
})
