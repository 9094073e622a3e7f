/**
 * The authorization server's signing key and JWTs: an RS256 key pair generated at start-up, its
 * JWKS, signed access and ID tokens, and the check of `id_token_hint` at logout.
 * @see https://www.rfc-editor.org/rfc/rfc7519
 * @see https://developer.okta.com/docs/reference/api/oidc/#keys
 */
import { createHash } from 'node:crypto'
import {
  SignJWT,
  calculateJwkThumbprint,
  compactVerify,
  exportJWK,
  generateKeyPair,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose'

/** Signs and checks this server's JWTs. */
export interface TokenSigner {
  /** The key id in every token header and in the JWKS. */
  readonly kid: string
  /** `{keys: [public JWK]}` for `/v1/keys`. */
  jwks(): { keys: JWK[] }
  /** Signs `claims` (RS256, with `kid`). */
  sign(claims: JWTPayload): Promise<string>
  /**
   * Verifies the signature of a JWT from this server and returns its payload, whatever its `exp`
   * (Okta accepts an expired `id_token_hint`); null when it is not one of ours.
   */
  verifyIgnoringExpiry(jwt: string): Promise<JWTPayload | null>
}

/** Generates the key pair (about 50 ms) and returns the signer. */
export async function createTokenSigner(): Promise<TokenSigner> {
  const { publicKey, privateKey } = await generateKeyPair('RS256', { extractable: true })
  const publicJwk = await exportJWK(publicKey)
  const kid = await calculateJwkThumbprint(publicJwk)
  const jwk: JWK = { ...publicJwk, kid, alg: 'RS256', use: 'sig' }
  return {
    kid,
    jwks: () => ({ keys: [jwk] }),
    sign: (claims) => signWith(privateKey, kid, claims),
    verifyIgnoringExpiry: async (jwt) => {
      try {
        const { payload, protectedHeader } = await compactVerify(jwt, publicKey)
        if (protectedHeader.alg !== 'RS256') return null
        const claims: unknown = JSON.parse(new TextDecoder().decode(payload))
        return typeof claims === 'object' && claims !== null ? (claims as JWTPayload) : null
      } catch {
        return null
      }
    },
  }
}

function signWith(key: CryptoKey, kid: string, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid }).sign(key)
}

/**
 * `at_hash`: the left half of SHA-256 of the access token, base64url.
 * @see https://openid.net/specs/openid-connect-core-1_0.html#CodeIDToken
 */
export function accessTokenHash(accessToken: string): string {
  const digest = createHash('sha256').update(accessToken).digest()
  return digest.subarray(0, digest.length / 2).toString('base64url')
}
