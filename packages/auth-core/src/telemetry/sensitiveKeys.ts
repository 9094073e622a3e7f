/**
 * Keys whose values are never sent to telemetry, whatever they hold: the brief's list plus the
 * usual credential names (`credential`, `bearer`, `api_key`, `private_key`).
 */
export const SENSITIVE_KEY_PATTERN =
  /pass(?:word)?|passcode|code|state|token|session|verifier|nonce|otp|secret|authorization|cookie|id_token_hint|email|username|credential|bearer|api_?key|private_?key/i

/**
 * Keys that match {@link SENSITIVE_KEY_PATTERN} by accident but that Sentry or our diagnostics
 * need and that never hold a secret (their values are still scrubbed as text):
 * - `status_code`, `http.response.status_code`: HTTP statuses in breadcrumbs, contexts and spans;
 * - `auth_error_code`, `auth_provider_code`: the closed `AuthErrorCode` and the provider's code
 *   (e.g. `E0000004`, `invalid_grant`), which the app reports as tags;
 * - `code_file`, `code_id`: debug-image identifiers used for symbolication.
 */
export const NON_SENSITIVE_KEYS: ReadonlySet<string> = new Set([
  'status_code',
  'http.response.status_code',
  'auth_error_code',
  'auth_provider_code',
  'code_file',
  'code_id',
])

/**
 * Whether a value under `key` must be replaced whole.
 * @see https://docs.sentry.io/security-legal-pii/scrubbing/server-side-scrubbing/ (Sentry's own
 * default keys, which miss `code` and `state`)
 */
export function isSensitiveKey(key: string): boolean {
  return !NON_SENSITIVE_KEYS.has(key.toLowerCase()) && SENSITIVE_KEY_PATTERN.test(key)
}
