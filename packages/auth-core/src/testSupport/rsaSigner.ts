/**
 * A local authorization server's signing key for the server tests: an RS256 key pair, its public
 * JWK (as Okta's `/v1/keys` lists it) and Okta-shaped access tokens signed with it.
 */
import { CompactSign, SignJWT, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose'

/** The issuer, audience and client of the test tokens. */
export const TEST_ISSUER = 'https://login.example.com/oauth2/default'
export const TEST_AUDIENCE = 'api://default'
export const TEST_CLIENT_ID = '0oa1abc'
/** The fake "now" of the server tests, epoch seconds (2030-03-17). */
export const SERVER_NOW_S = 1_900_000_000

export interface RsaSigner {
  readonly kid: string
  /** The public key as a JWK with `kid`, `alg: RS256`, `use: sig`. */
  readonly jwk: JWK
  /** Signs `claims` with RS256 and this `kid` (header overrides allowed). */
  sign(claims: JWTPayload, header?: Record<string, unknown>): Promise<string>
  /**
   * Signs any payload bytes (a JWS whose payload need not be JSON, or JSON whose claims no issuer
   * should write, such as a `nbf` that is not a finite number), header overrides allowed.
   */
  signBytes(payload: Uint8Array, header?: Record<string, unknown>): Promise<string>
}

/** A fresh RSA-2048 key pair called `kid`. */
export async function createRsaSigner(kid = 'key-1'): Promise<RsaSigner> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }
  return {
    kid,
    jwk,
    sign: (claims, header = {}) =>
      new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid, ...header }).sign(privateKey),
    signBytes: (payload, header = {}) =>
      new CompactSign(payload)
        .setProtectedHeader({ alg: 'RS256', kid, ...header })
        .sign(privateKey),
  }
}

/**
 * The claims of an access token from Okta's `default` custom authorization server, issued at
 * `nowS` for an hour, with overrides (`undefined` removes a claim).
 */
export function oktaAccessClaims(
  overrides: Record<string, unknown> = {},
  nowS = SERVER_NOW_S,
): JWTPayload {
  const claims: Record<string, unknown> = {
    ver: 1,
    jti: 'AT.test',
    iss: TEST_ISSUER,
    aud: TEST_AUDIENCE,
    iat: nowS - 60,
    exp: nowS + 3600,
    cid: TEST_CLIENT_ID,
    uid: '00u1ada',
    scp: ['openid', 'coverage:get', 'offline_access'],
    sub: 'ada@example.com',
    ...overrides,
  }
  for (const [name, value] of Object.entries(claims)) if (value === undefined) delete claims[name]
  return claims
}

/** A JSON response, as a JWKS endpoint answers. */
export function jwksResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  })
}
