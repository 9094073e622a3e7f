import { createUnsignedJwt, TEST_JWT_HEADER } from '../testing/createUnsignedJwt'

// The published test kit's (src/testing), which the internal tests build on.
export { createUnsignedJwt, TEST_JWT_HEADER }

/** Far in the future (2100-05-08), and long past, as epoch seconds. */
export const FAR_FUTURE = 4_113_561_866
export const LONG_AGO = 1_620_566_192

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
