/**
 * Types of the OAuth 2.0 authorization-code flow with PKCE.
 */

/** Source of randomness: returns `length` bytes from a CSPRNG. The shell passes `crypto.getRandomValues`. */
export type RandomBytes = (length: number) => Uint8Array

/** What `/authorize` needs and what must be kept (in sessionStorage) until the callback. */
export interface AuthorizationRequest {
  /** The full `/oauth2/{authServerId}/v1/authorize` URL to navigate to. */
  readonly url: string
  /** PKCE verifier: 32 random bytes, base64url (43 characters). */
  readonly codeVerifier: string
  /** CSPRNG `state`, 32 bytes base64url. */
  readonly state: string
  /** CSPRNG `nonce`, 32 bytes base64url. */
  readonly nonce: string
}

/** Return parameters read from the page URL (spec section 2). */
export interface CallbackParams {
  /** `fragment` for the identity provider (response_mode=fragment), `query` for Google or our own error return. */
  readonly source: 'fragment' | 'query'
  /** The raw parameter string without `#` or `?`, for `validateAuthResponse`. */
  readonly raw: string
  readonly code: string | null
  readonly idToken: string | null
  readonly state: string | null
  readonly error: string | null
  readonly errorDescription: string | null
  /** Names of parameters that appeared more than once (a duplicated parameter rejects the callback). */
  readonly duplicated: readonly string[]
}

/** Tokens from a successful code exchange, schema-checked. */
export interface TokenSet {
  readonly accessToken: string
  readonly tokenType: 'Bearer'
  /** Seconds, a finite positive integer. */
  readonly expiresIn: number
  readonly refreshToken: string | null
  readonly idToken: string | null
  readonly scope: string | null
}

/**
 * The outcome of the token exchange: tokens, or a response that lacked an access token (spec:
 * the user is then logged out with `unknown_error`, using the ID token when there is one).
 */
export type TokenExchangeResult =
  | { readonly kind: 'tokens'; readonly tokens: TokenSet }
  | { readonly kind: 'noAccessToken'; readonly idToken: string | null }
