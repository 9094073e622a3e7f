/**
 * Who the platform session in the cookies belongs to, as the authorization server vouches for
 * it: the sign-in page's "You’re signed in as …" names only that person.
 */
import * as v from 'valibot'
import { decodeBase64Url } from '../http/base64url'
import { decodeJsonPart } from '../http/decodeJsonPart'
import { isJsonObject } from '../http/isJsonObject'
import { AuthError } from '../errors/authError'
import { toTransportError } from '../errors/toTransportError'
import { fetchWithoutCookies } from '../http/fetchWithoutCookies'
import type { HttpOptions } from '../http/httpOptions'
import { readJsonBody } from '../http/readJsonBody'
import { oauthEndpointsFor } from './authorizationServerFor'
import type { AuthorizationServerConfig } from './authorizationServerFor'

/**
 * The clock difference allowed between this device and the authorization server when the access
 * token's `iat` and `exp` are judged: five minutes. A device clock wrong by more than that makes
 * a fresh token look expired or issued in the future, and the page then names nobody (the plain
 * email step): the safe side.
 */
export const SIGNED_IN_CLOCK_SKEW_SECONDS = 300

/** The most keys a key set may hold (Okta publishes two or three). */
const MAX_KEYS = 20

const keySetSchema = v.object({
  keys: v.pipe(
    v.array(v.looseObject({ kty: v.string(), kid: v.optional(v.string()) })),
    v.maxLength(MAX_KEYS),
  ),
})

/** The authorization server's public signing keys (its JWKS), as `/v1/keys` lists them. */
export interface SigningKeys {
  readonly keys: readonly Readonly<Record<string, unknown>>[]
}

/**
 * Fetches the custom authorization server's signing keys, `{issuer}/v1/keys` (no cookies, no
 * redirects followed), and checks their shape.
 * @throws AuthError `unknown_error` for an answer that is not a JWKS (or not a 200), the transport
 *   codes (`network_error`, `timeout`) when the request fails.
 * @see https://developer.okta.com/docs/reference/api/oidc/#keys
 * @see https://www.rfc-editor.org/rfc/rfc7517#section-5 (JWK Set)
 */
export async function fetchSigningKeys(
  config: AuthorizationServerConfig,
  http: HttpOptions = {},
): Promise<SigningKeys> {
  let response: Response
  try {
    response = await fetchWithoutCookies(http.fetch)(oauthEndpointsFor(config).jwksUri, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      redirect: 'error',
      ...(http.signal ? { signal: http.signal } : {}),
    })
  } catch (error) {
    throw toTransportError(error)
  }
  const body = await readJsonBody(response)
  const parsed = body.parsed ? v.safeParse(keySetSchema, body.value) : null
  if (!response.ok || !parsed?.success)
    throw new AuthError('unknown_error', 'The authorization server keys are not a key set.', {
      providerCode: 'invalid_jwks',
    })
  return parsed.output
}

/** RSASSA-PKCS1-v1_5 with SHA-256: RS256 in WebCrypto. */
const RS256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const
/** RS256 keys shorter than 2048 bits are refused (RFC 7518 section 3.3): 256 bytes of modulus. */
const MIN_MODULUS_BYTES = 256

/** The RS256 signing key of `keys` called `kid`, as a JWK WebCrypto imports; null when none. */
function signingKey(keys: SigningKeys, kid: unknown): JsonWebKey | null {
  const key = keys.keys.find(
    (candidate) =>
      candidate.kid === kid &&
      candidate.kty === 'RSA' &&
      (candidate.use ?? 'sig') === 'sig' &&
      (candidate.alg ?? 'RS256') === 'RS256',
  )
  const { n, e } = key ?? {}
  if (typeof n !== 'string' || typeof e !== 'string') return null
  if ((decodeBase64Url(n)?.length ?? 0) < MIN_MODULUS_BYTES) return null
  return { kty: 'RSA', n, e, alg: 'RS256', ext: true }
}

/**
 * The person an access token names, when the authorization server vouches for it: a compact JWS
 * whose header says `alg: RS256` (so `none` and every other algorithm are refused before any key
 * is looked up), signed by the key of `keys` its `kid` names (so another key or a changed byte
 * fails), issued by the configured authorization server (`iss`), with `iat` not after and `exp`
 * (and `nbf`, when present) not beyond `nowMs`, give or take {@link SIGNED_IN_CLOCK_SKEW_SECONDS}.
 * The name is the token's `email` claim, else its `sub` (Okta puts the person's login there).
 * Null for anything else; never throws. WebCrypto only (no JOSE library in the browser entry).
 *
 * The audience and client are not checked: the page does not know the API's audience, and the
 * Google path's product API may mint the token for its own client; what matters here is that the
 * identity provider, not whoever wrote the cookie, named the person.
 * @param nowMs - the device clock, epoch milliseconds.
 * @see https://www.rfc-editor.org/rfc/rfc7515#section-5.2 (validating a JWS)
 * @see https://www.rfc-editor.org/rfc/rfc9068#section-4 (validating JWT access tokens)
 * @see https://www.rfc-editor.org/rfc/rfc8725#section-3.1 (allow-list the algorithms)
 */
export async function verifySignedInPerson(
  config: AuthorizationServerConfig,
  token: string,
  keys: SigningKeys,
  nowMs: number,
): Promise<string | null> {
  try {
    const [header = '', payload = '', signature = '', ...rest] = token.split('.')
    const head = decodeJsonPart(header)
    const claims = decodeJsonPart(payload)
    const signatureBytes = decodeBase64Url(signature)
    if (rest.length > 0 || !isJsonObject(head) || !isJsonObject(claims) || !signatureBytes)
      return null
    if (head.alg !== 'RS256') return null
    const jwk = signingKey(keys, head.kid)
    if (jwk === null) return null
    const key = await crypto.subtle.importKey('jwk', jwk, RS256, false, ['verify'])
    const signed = new TextEncoder().encode(`${header}.${payload}`)
    if (!(await crypto.subtle.verify(RS256, key, new Uint8Array(signatureBytes), signed)))
      return null
    return vouchedName(config, claims, nowMs / 1000)
  } catch {
    return null
  }
}

/** The name the verified `claims` give, when their issuer and times hold at `now` (seconds). */
function vouchedName(
  config: AuthorizationServerConfig,
  claims: Readonly<Record<string, unknown>>,
  now: number,
): string | null {
  const { iss, sub, email, iat, exp, nbf } = claims
  const skew = SIGNED_IN_CLOCK_SKEW_SECONDS
  if (iss !== oauthEndpointsFor(config).issuer) return null
  if (typeof iat !== 'number' || typeof exp !== 'number') return null
  if (iat > now + skew || exp <= now - skew) return null
  if (nbf !== undefined && !(typeof nbf === 'number' && nbf <= now + skew)) return null
  const who = typeof email === 'string' && email !== '' ? email : sub
  return typeof who === 'string' && who !== '' ? who : null
}
