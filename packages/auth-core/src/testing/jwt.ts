import { encodeBase64Url } from '../http/base64url'

/** Header of the test ID tokens: what Okta's custom authorization servers send. */
export const TEST_JWT_HEADER = { alg: 'RS256', kid: 'test-key', typ: 'JWT' } as const

/** Far in the future (2100-05-08), and long past, as epoch seconds. */
export const FAR_FUTURE = 4_113_561_866
export const LONG_AGO = 1_620_566_192

/**
 * A well-formed but unsigned JWS for tests: base64url JSON header and claims, and a fixed
 * 64-byte "signature" that nothing verifies (oauth4webapi checks ID-token claims, not signatures,
 * on token-endpoint responses).
 */
export function createUnsignedJwt(
  claims: Record<string, unknown>,
  header: Record<string, unknown> = TEST_JWT_HEADER,
): string {
  const part = (value: unknown): string =>
    encodeBase64Url(new TextEncoder().encode(JSON.stringify(value)))
  return `${part(header)}.${part(claims)}.${encodeBase64Url(new Uint8Array(64).fill(0x5a))}`
}

/**
 * ID-token claims that pass validation for `issuer`, `clientId` and `nonce` (`exp` far in the
 * future), with overrides; an override of `undefined` removes the claim.
 */
export function idTokenClaims(
  expected: { readonly issuer: string; readonly clientId: string; readonly nonce: string },
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const claims: Record<string, unknown> = {
    sub: '00u3p97x5mnrXhsiN0g7',
    iss: expected.issuer,
    aud: expected.clientId,
    iat: LONG_AGO,
    exp: FAR_FUTURE,
    nonce: expected.nonce,
    ...overrides,
  }
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name]
  return claims
}
