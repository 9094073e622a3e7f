import type { AuthConfig } from '../config/authConfig'
import { AuthError } from '../errors/authError'
import type { HttpOptions } from '../http/httpOptions'

/** The header that carries the per-attempt nonce to the product API (contracts: `nonce`). */
export const GOOGLE_NONCE_HEADER = 'nonce'
/** The header the specification names, with the value `omit` (section 7). */
export const GOOGLE_CREDENTIALS_HEADER = 'Credentials'

/** What the product API needs from Google's return. */
export interface GoogleAuthInput {
  /** The authorization code Google returned. */
  readonly code: string
  /** The nonce kept since the consent redirect. */
  readonly nonce: string
}

/** A header-safe code: visible ASCII only (Google codes look like `4/0AX4Xf...`). */
const CODE = /^[\x21-\x7E]{1,2048}$/
const NONCE = /^[A-Za-z0-9_-]{16,128}$/

/**
 * Calls the product API with Google's code, exactly as the contract states:
 * `GET {authApiUrl}/auth/google-auth` with `Authorization: Bearer <code>`, `nonce: <nonce>`,
 * `Credentials: omit` and `Accept: application/json`; no cookies are sent or stored
 * (`credentials: 'omit'`), nothing is cached, redirects are refused and no Referer is sent.
 * Check the answer with `processGoogleAuthResponse`.
 *
 * @throws AuthError `google_failed` before any request when the code or nonce could not be sent
 *   as a header value (control characters, spaces, a tampered return).
 * @see ../../../../shared/spec/signin-spec.md section 7 (Product API)
 * @see ../../../../shared/docs/contracts.md (Calls the app makes that other teams implement)
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-2.1 (Bearer header)
 */
export function googleAuthRequest(
  config: AuthConfig,
  input: GoogleAuthInput,
  options: HttpOptions = {},
): Promise<Response> {
  if (!CODE.test(input.code) || !NONCE.test(input.nonce))
    throw new AuthError('google_failed', 'The Google return carried an unusable code or nonce.')
  return (options.fetch ?? fetch)(`${config.authApiUrl}/auth/google-auth`, {
    method: 'GET',
    headers: {
      Accept: 'application/json',
      Authorization: `Bearer ${input.code}`,
      [GOOGLE_NONCE_HEADER]: input.nonce,
      [GOOGLE_CREDENTIALS_HEADER]: 'omit',
    },
    credentials: 'omit',
    cache: 'no-store',
    redirect: 'error',
    referrerPolicy: 'no-referrer',
    signal: options.signal ?? null,
  })
}
