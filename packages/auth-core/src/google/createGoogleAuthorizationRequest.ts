import type { AuthConfig } from '../config/authConfig'
import { AuthError } from '../errors/authError'
import { encodeBase64Url } from '../http/base64url'
import type { RandomBytes } from '../oauth/oauth.types'

/** The scopes asked of Google (spec section 7). */
export const GOOGLE_SCOPE = 'openid profile email'

/** Bytes of CSPRNG output behind each `state` and `nonce` (43 base64url characters). */
const RANDOM_BYTES = 32

/** A Google consent redirect, and the values to keep (in session storage) until Google returns. */
export interface GoogleAuthorizationRequest {
  /** The consent URL to navigate to. */
  readonly url: string
  /** CSRF binding of the return: compared exactly with the returned `state`. */
  readonly state: string
  /** Sent to Google and, on return, to the product API (header `nonce`) to bind the ID token to this attempt. */
  readonly nonce: string
}

/**
 * Builds the Google consent redirect: `config.googleAuthUrl` with `client_id`, `redirect_uri`,
 * `response_type=code`, `scope=openid profile email`, and a fresh CSPRNG `state` and `nonce`
 * (32 bytes each, base64url).
 *
 * @param randomBytes - the CSPRNG (the shell passes `crypto.getRandomValues`).
 * @throws AuthError `crypto_unavailable` when the CSPRNG fails or returns the wrong length.
 * @see https://developers.google.com/identity/protocols/oauth2/openid-connect#sendauthrequest
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.7.1 (state as CSRF protection)
 */
export function createGoogleAuthorizationRequest(
  config: AuthConfig,
  randomBytes: RandomBytes,
): GoogleAuthorizationRequest {
  const state = randomValue(randomBytes)
  const nonce = randomValue(randomBytes)
  const url = new URL(config.googleAuthUrl)
  url.searchParams.set('client_id', config.googleClientId)
  url.searchParams.set('redirect_uri', config.redirectUri)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('scope', GOOGLE_SCOPE)
  url.searchParams.set('state', state)
  url.searchParams.set('nonce', nonce)
  return { url: url.href, state, nonce }
}

function randomValue(randomBytes: RandomBytes): string {
  let bytes: unknown
  try {
    bytes = randomBytes(RANDOM_BYTES)
  } catch (error) {
    throw new AuthError('crypto_unavailable', 'The CSPRNG failed.', {}, { cause: error })
  }
  if (!(bytes instanceof Uint8Array) || bytes.length !== RANDOM_BYTES)
    throw new AuthError('crypto_unavailable', 'The CSPRNG returned the wrong number of bytes.')
  return encodeBase64Url(bytes)
}
