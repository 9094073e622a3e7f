import { decodeAccessTokenClaims } from './decodeAccessTokenClaims'

/**
 * The provider's clock minus the device's, in milliseconds, from an access token the provider
 * has just issued: `exp - expiresIn` (with the answer's `expires_in`; the provider's "now" when it
 * answered, however long the token's lifetime), else its `iat` (a token another tab wrote: no
 * `expires_in` to go with it), against `receivedAtMs`, the device's a moment later. Null when the
 * token is not a decodable JWT or carries neither.
 *
 * Why the token and not the answer's `Date` header: `Date` is not a CORS-safelisted response
 * header, so a sub-site's `fetch` to the provider cannot read it (Okta does not expose it), and a
 * cache may replay it. The token's claims come from the provider's clock, are JSON in every
 * answer, and say the same to every tab that reads the cookie. The estimate is low by the answer's
 * latency plus under a second of `iat` rounding: the provider looks that much behind, which the
 * expiry allowance (`clockSkewSeconds`, 60 s) covers.
 * @see https://fetch.spec.whatwg.org/#cors-safelisted-response-header-name
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-4.1.6 (iat)
 */
export function measureClockOffset(
  accessToken: string | null,
  expiresIn: number | null,
  receivedAtMs: number,
): number | null {
  try {
    // Stryker disable next-line StringLiteral: any non-token text throws in the decoder, caught below
    const claims = decodeAccessTokenClaims(accessToken ?? '')
    const issuedAt = expiresIn === null ? claims.issuedAt : claims.expiresAt - expiresIn
    return issuedAt === null ? null : issuedAt * 1000 - receivedAtMs
  } catch {
    return null
  }
}
