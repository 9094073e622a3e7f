import { calculatePKCECodeChallenge } from 'oauth4webapi'
import type { AuthConfig } from '../config/authConfig'
import { AuthError } from '../errors/authError'
import { encodeBase64Url } from '../http/base64url'
import { oauthEndpointsFor } from './authorizationServerFor'
import { OAUTH_SCOPES } from './oauthScopes'
import type { AuthorizationRequest, RandomBytes } from './oauth.types'

/** The parts of {@link AuthConfig} the authorization request is built from. */
export type AuthorizationRequestConfig = Pick<
  AuthConfig,
  'oktaOrgUrl' | 'authServerId' | 'clientId' | 'redirectUri'
>

/** Bytes of CSPRNG output behind each of `code_verifier`, `state` and `nonce` (256 bits). */
const RANDOM_LENGTH = 32

/**
 * Builds the `/authorize` request of the authorization-code flow for a one-time Okta
 * `sessionToken`: a fresh PKCE verifier with its S256 challenge (never `plain`), a `state` and a
 * `nonce`, each 32 bytes from `randomBytes` as base64url (43 characters), and the URL to navigate
 * to (`response_mode=fragment`, `prompt=none`). Keep `codeVerifier`, `state` and `nonce` for the
 * callback; the verifier never appears in the URL.
 *
 * Fails closed with `crypto_unavailable` when WebCrypto's `subtle` is missing or its digest fails,
 * or when `randomBytes` misbehaves (throws, returns fewer than 32 bytes, all zeros, or the same
 * bytes twice): sign-in is refused rather than made guessable.
 *
 * @param randomBytes - a CSPRNG; the shell passes `(n) => crypto.getRandomValues(new Uint8Array(n))`.
 * The verifier is drawn first, then `state`, then `nonce`.
 * @throws AuthError `crypto_unavailable`
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.1 (verifier) and #section-4.2 (S256)
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1 (public clients MUST use PKCE, S256)
 * @see https://openid.net/specs/openid-connect-core-1_0.html#AuthRequest (state, nonce, prompt)
 * @see https://developer.okta.com/docs/reference/api/oidc/#authorize (sessionToken, response_mode)
 */
export async function createAuthorizationRequest(
  config: AuthorizationRequestConfig,
  sessionToken: string,
  randomBytes: RandomBytes,
): Promise<AuthorizationRequest> {
  if (typeof globalThis.crypto?.subtle?.digest !== 'function')
    throw cryptoUnavailable('WebCrypto (crypto.subtle) is not available.')

  const codeVerifier = draw(randomBytes)
  const state = draw(randomBytes)
  const nonce = draw(randomBytes)
  if (new Set([codeVerifier, state, nonce]).size !== 3)
    throw cryptoUnavailable('The random source repeated itself.')

  let codeChallenge: string
  try {
    codeChallenge = await calculatePKCECodeChallenge(codeVerifier)
  } catch (cause) {
    throw cryptoUnavailable('The SHA-256 digest for the PKCE challenge failed.', cause)
  }

  const url = new URL(oauthEndpointsFor(config).authorizationEndpoint)
  const params: [string, string][] = [
    ['client_id', config.clientId],
    ['response_type', 'code'],
    ['response_mode', 'fragment'],
    ['scope', OAUTH_SCOPES.join(' ')],
    ['redirect_uri', config.redirectUri],
    ['state', state],
    ['nonce', nonce],
    ['code_challenge', codeChallenge],
    ['code_challenge_method', 'S256'],
    ['prompt', 'none'],
    ['sessionToken', sessionToken],
  ]
  for (const [name, value] of params) url.searchParams.set(name, value)
  return { url: url.href, codeVerifier, state, nonce }
}

/** 32 bytes from the random source as base64url, or `crypto_unavailable` if they look broken. */
function draw(randomBytes: RandomBytes): string {
  let bytes: unknown
  try {
    bytes = randomBytes(RANDOM_LENGTH)
  } catch (cause) {
    throw cryptoUnavailable('The random source failed.', cause)
  }
  if (!(bytes instanceof Uint8Array) || bytes.length < RANDOM_LENGTH)
    throw cryptoUnavailable('The random source returned too few bytes.')
  const head = bytes.subarray(0, RANDOM_LENGTH)
  if (head.every((byte) => byte === 0)) throw cryptoUnavailable('The random source returned zeros.')
  return encodeBase64Url(head)
}

function cryptoUnavailable(message: string, cause?: unknown): AuthError {
  return new AuthError('crypto_unavailable', message, {}, { cause })
}
