/**
 * The authorization server's signing keys (its JWKS), fetched once, answered from memory (stale
 * ones while fresh ones are fetched in the background) and fetched again when a token names a
 * key the cache does not know, at most once per cooldown.
 */
import { importJWK } from 'jose'
import * as v from 'valibot'
import { AuthError } from '../errors/authError'
import { systemClock } from '../clock/systemClock'
import { jwksCacheOptionProblems } from './serverOptionProblems'

/** How long fetched keys count as fresh; after that the next lookup fetches them again in the background: ten minutes. */
export const DEFAULT_JWKS_MAX_AGE_MS = 600_000
/** The least time between two fetches of the key set: thirty seconds. */
export const DEFAULT_JWKS_COOLDOWN_MS = 30_000
/** Time allowed for one fetch of the key set: five seconds. */
export const DEFAULT_JWKS_TIMEOUT_MS = 5_000
/** A key set larger than this (256 KiB; Okta's is about 1 KiB per key) is refused unread. */
const MAX_JWKS_BYTES = 262_144

/** Where the keys are and how the cache fetches them. */
export interface JwksCacheOptions {
  /**
   * The key set's URL: for an Okta custom authorization server `{issuer}/v1/keys`, e.g.
   * `https://login.example.com/oauth2/default/v1/keys` (the `jwks_uri` of its metadata).
   */
  readonly jwksUri: string
  /** Defaults to `globalThis.fetch`, looked up at call time. */
  readonly fetch?: typeof fetch
  /** The clock in epoch milliseconds. Defaults to the system clock. */
  readonly now?: () => number
  /** Time allowed for one fetch (default {@link DEFAULT_JWKS_TIMEOUT_MS}). */
  readonly timeoutMs?: number
  /**
   * Keys older than this are fetched again in the background, still used meanwhile (default
   * {@link DEFAULT_JWKS_MAX_AGE_MS}).
   */
  readonly maxAgeMs?: number
  /**
   * The least time between two fetches, successful or not (default
   * {@link DEFAULT_JWKS_COOLDOWN_MS}): tokens naming random `kid`s, or an identity provider that
   * is down, cost at most one request per cooldown.
   */
  readonly cooldownMs?: number
}

/**
 * A public key as the runtime's Web Crypto gives it (`CryptoKey`), named without importing jose's
 * types: jose is ESM only, and a CommonJS project that checks library declarations cannot
 * resolve a type import of it from our `.d.cts` (TS1479). Where the runtime's types have no Web
 * Crypto, the least a key has.
 * @see https://w3c.github.io/webcrypto/#cryptokey-interface
 */
export type VerificationKey = typeof globalThis extends {
  crypto: { subtle: { importKey(...args: never[]): Promise<infer Key> } }
}
  ? Key
  : { readonly type: string; readonly algorithm: { readonly name: string } }

/**
 * The answer of {@link JwksCache.getKey}: the public key, or why there is none. `unknown_key`: the
 * current key set has no RS256 signing key with that `kid`. `jwks_unavailable`: the key set could
 * not be fetched or was not a JWKS (the identity provider is down or answered something else).
 */
export type JwksKeyLookup =
  | { readonly found: true; readonly key: VerificationKey }
  | { readonly found: false; readonly reason: 'unknown_key' | 'jwks_unavailable' }

/** A cached key set; share one per authorization server (the cache lives in it). */
export interface JwksCache {
  /** The key set's URL. */
  readonly jwksUri: string
  /** The RS256 public key called `kid`, fetching the key set when needed. Never throws. */
  readonly getKey: (kid: string) => Promise<JwksKeyLookup>
}

const BASE64URL = /^[A-Za-z0-9_-]+$/
/** RS256 keys shorter than this are refused (RFC 7518 section 3.3). */
const MIN_RSA_MODULUS_BITS = 2048

const jwkSchema = v.looseObject({
  kty: v.literal('RSA'),
  kid: v.pipe(v.string(), v.minLength(1)),
  n: v.pipe(v.string(), v.regex(BASE64URL)),
  e: v.pipe(v.string(), v.regex(BASE64URL)),
  use: v.optional(v.literal('sig')),
  alg: v.optional(v.literal('RS256')),
})
const jwksSchema = v.object({ keys: v.array(v.unknown()) })

/**
 * A key-set cache for one authorization server. Keys are fetched on first use and kept; once
 * they are older than `maxAgeMs`, a lookup is still answered at once from them while a fresh set
 * is fetched in the background (stale-while-revalidate), so no request with a known `kid` ever
 * waits on the identity provider after the first fetch, even when it hangs.
 *
 * A `kid` the cache does not know fetches the set again (the provider rotated its keys), never
 * more than once per `cooldownMs`: that request (and any other naming an unknown `kid` meanwhile)
 * waits for the one fetch, at most `timeoutMs`; requests with known `kid`s do not. Only the very
 * first fetch makes every request wait, as there is nothing to answer from yet. Concurrent
 * lookups share one request.
 *
 * A fetch that fails keeps the keys fetched before, and so does an answer with no usable key
 * (`200 {"keys":[]}`, only foreign or malformed entries): it counts as failed, never as "the
 * provider has no keys" once keys are known. Only RSA signing keys (`use` absent or `sig`, `alg`
 * absent or `RS256`, a modulus of at least 2048 bits) are kept; any other entry, or one that does
 * not import, is skipped. A body that is not JSON `{ "keys": [...] }`, a status other than 200, a
 * body over 256 KiB, a timeout or a network error count as `jwks_unavailable`.
 *
 * @throws AuthError `configuration_error`, naming every problem, when an option is unusable (a
 *   `jwksUri` that is not https, or http off localhost; a time that is not a number), at creation.
 * @see https://www.rfc-editor.org/rfc/rfc7517#section-5 (JWK Set format)
 * @see https://www.rfc-editor.org/rfc/rfc7517#section-4.5 (kid)
 * @see https://www.rfc-editor.org/rfc/rfc5861#section-3 (stale-while-revalidate)
 * @see https://developer.okta.com/docs/reference/api/oidc/#keys
 * @see https://developer.okta.com/docs/guides/validate-access-tokens/ (keys rotate: cache them, fetch again on an unknown kid)
 */
export function createJwksCache(options: JwksCacheOptions): JwksCache {
  const problems = jwksCacheOptionProblems(options)
  if (problems.length > 0) throw new AuthError('configuration_error', problems.join(' '))
  const now = options.now ?? systemClock
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_JWKS_MAX_AGE_MS
  const cooldownMs = options.cooldownMs ?? DEFAULT_JWKS_COOLDOWN_MS
  let keys: ReadonlyMap<string, VerificationKey> | null = null
  let fetchedAtMs = 0
  let attemptedAtMs: number | null = null
  // Set by every fetch, and read only after one.
  let lastFailed: boolean
  let inFlight: Promise<void> | null = null

  const load = async (): Promise<void> => {
    attemptedAtMs = now()
    const loaded = await fetchKeys(options)
    // A set with no usable key never replaces keys that work (a provider's glitch would refuse
    // every token); before any key is known it is the provider's answer: it has none.
    lastFailed = loaded === null || (loaded.size === 0 && (keys?.size ?? 0) > 0)
    if (lastFailed) return
    keys = loaded
    fetchedAtMs = now()
  }
  /** Starts a fetch unless one runs or the cooldown forbids it; the one running, if any. */
  const refresh = (): Promise<void> | null => {
    const mayFetch = attemptedAtMs === null || now() - attemptedAtMs >= cooldownMs
    if (inFlight === null && mayFetch)
      inFlight = load().finally(() => {
        inFlight = null
      })
    return inFlight
  }

  return {
    jwksUri: options.jwksUri,
    async getKey(kid) {
      const known = keys?.get(kid)
      if (known !== undefined) {
        if (now() - fetchedAtMs >= maxAgeMs) void refresh()
        return { found: true, key: known }
      }
      await refresh()
      const key = keys?.get(kid)
      if (key !== undefined) return { found: true, key }
      return { found: false, reason: lastFailed ? 'jwks_unavailable' : 'unknown_key' }
    },
  }
}

/** One fetch of the key set: the RS256 keys by `kid`, or null when it failed. Never throws. */
async function fetchKeys(options: JwksCacheOptions): Promise<Map<string, VerificationKey> | null> {
  try {
    const response = await (options.fetch ?? fetch)(options.jwksUri, {
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_JWKS_TIMEOUT_MS),
    })
    if (response.status !== 200) return null
    const declared = Number(response.headers.get('content-length') ?? 0)
    if (declared > MAX_JWKS_BYTES) return null
    const text = await response.text()
    if (text.length > MAX_JWKS_BYTES) return null
    const body = v.safeParse(jwksSchema, JSON.parse(text))
    if (!body.success) return null
    const found = new Map<string, VerificationKey>()
    for (const entry of body.output.keys) {
      const jwk = v.safeParse(jwkSchema, entry)
      if (!jwk.success || found.has(jwk.output.kid)) continue
      const key = await importRsaKey(jwk.output.n, jwk.output.e)
      if (key !== null) found.set(jwk.output.kid, key)
    }
    return found
  } catch {
    // Network error, timeout, an unreadable body or JSON.parse on a non-JSON one.
    return null
  }
}

/**
 * The public key of RSA `n`/`e` for RS256, or null when they are not a key of at least 2048 bits
 * (Web Crypto imports any modulus, even an empty one).
 * @see https://www.rfc-editor.org/rfc/rfc7518#section-3.3
 */
async function importRsaKey(n: string, e: string): Promise<VerificationKey | null> {
  try {
    // An RSA JWK always imports as a CryptoKey (a Uint8Array is for `oct` keys only).
    const key = (await importJWK({ kty: 'RSA', n, e }, 'RS256')) as CryptoKey
    const { modulusLength } = key.algorithm as RsaHashedKeyAlgorithm
    return modulusLength >= MIN_RSA_MODULUS_BITS ? key : null
  } catch {
    return null
  }
}
