/**
 * A stand-in for the authorization server's signing key in the app's tests: an RS256 key pair
 * (WebCrypto), its key set as `/oauth2/default/v1/keys` lists it, and access tokens signed with it.
 */
import type { Responder } from './harness'
import { json } from './oktaBodies'

const RS256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')

/** A JSON value as base64url, as a JWS header or payload. */
export const encodePart = (value: unknown): string =>
  base64url(new TextEncoder().encode(JSON.stringify(value)))

export interface TestAuthorizationServer {
  /** The public key set, as `/v1/keys` answers. */
  readonly keys: { readonly keys: readonly JsonWebKey[] }
  /** A compact JWS of `claims`, RS256 with this key (header overrides allowed). */
  sign(claims: Record<string, unknown>, header?: Record<string, unknown>): Promise<string>
  /** Answers `GET /oauth2/default/v1/keys` with the key set, every other request with `other`. */
  respond(other?: Responder): Responder
}

/** A fresh RSA-2048 key called `kid`. */
export async function createTestAuthorizationServer(
  kid = 'test-key',
): Promise<TestAuthorizationServer> {
  const pair = await crypto.subtle.generateKey(
    { ...RS256, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) },
    true,
    ['sign', 'verify'],
  )
  const jwk = await crypto.subtle.exportKey('jwk', pair.publicKey)
  const keys = { keys: [{ kty: jwk.kty, n: jwk.n, e: jwk.e, kid, alg: 'RS256', use: 'sig' }] }
  return {
    keys,
    async sign(claims, header = {}) {
      const input = `${encodePart({ alg: 'RS256', kid, ...header })}.${encodePart(claims)}`
      const signature = await crypto.subtle.sign(
        RS256,
        pair.privateKey,
        new TextEncoder().encode(input),
      )
      return `${input}.${base64url(new Uint8Array(signature))}`
    },
    respond:
      (other = () => json({})) =>
      (request) =>
        request.path === '/oauth2/default/v1/keys' ? json(keys) : other(request),
  }
}

/** Claims of an access token from the test configuration's authorization server, for an hour. */
export function accessClaims(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000)
  return {
    ver: 1,
    iss: 'https://login.example.com/oauth2/default',
    aud: 'api://default',
    cid: '0oa1abc',
    iat: now - 60,
    exp: now + 3600,
    sub: 'pat@example.com',
    ...overrides,
  }
}
