import { encodeBase64Url } from '../http/base64url'

/** Header of the test ID tokens: what Okta's custom authorization servers send. */
export const TEST_JWT_HEADER = { alg: 'RS256', kid: 'test-key', typ: 'JWT' } as const

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
