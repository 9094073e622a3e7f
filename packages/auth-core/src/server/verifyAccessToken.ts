/**
 * A sub-site backend's check of the access token a page sends: signed by the authorization
 * server (RS256, a key of its JWKS), issued by it, for this API and this client, not expired,
 * with the scopes the route needs.
 */
import { decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose'
import { AuthError } from '../errors/authError'
import { systemClock } from '../clock/systemClock'
import { createJwksCache, type JwksCache } from './createJwksCache'
import { escapeForLog } from './escapeForLog'
import { verifierOptionProblems } from './serverOptionProblems'

/** Default {@link VerifyAccessTokenOptions.clockTolerance}: 30 seconds. */
export const DEFAULT_CLOCK_TOLERANCE_SECONDS = 30
/** A token longer than this (16 KiB) is refused unread. */
const MAX_TOKEN_LENGTH = 16_384

/** What the token must be. */
export interface VerifyAccessTokenOptions {
  /**
   * The authorization server's issuer, exactly as in the token's `iss`: for an Okta custom
   * authorization server `https://{org}/oauth2/{authServerId}` (no trailing slash).
   */
  readonly issuer: string
  /** The API the token is for, its `aud` (Okta's `default` server: `api://default`). */
  readonly audience: string
  /** The sign-in app's client id: the token's `cid` must equal it. */
  readonly clientId: string
  /**
   * Scopes the token's `scp` must all include (default: none): an array, e.g.
   * `['coverage:get']`, never a space-separated string.
   */
  readonly requiredScopes?: readonly string[]
  /** Seconds of clock difference allowed on `exp` and `nbf` (default {@link DEFAULT_CLOCK_TOLERANCE_SECONDS}). */
  readonly clockTolerance?: number
  /**
   * The key cache to use ({@link createJwksCache}). Defaults to one cache per issuer shared by
   * every call in this process, over `{issuer}/v1/keys` with the global `fetch`.
   */
  readonly jwks?: JwksCache
  /** The clock in epoch milliseconds. Defaults to the system clock. */
  readonly now?: () => number
}

/** The checked claims of an access token. */
export interface VerifiedAccessToken {
  /** `sub`: Okta puts the person's login (email address) here. */
  readonly subject: string
  /** `cid`: the client the token was issued to. */
  readonly clientId: string
  /** `uid`: Okta's user id, when the token carries one as a string. */
  readonly userId: string | null
  /** `scp`: the granted scopes. */
  readonly scopes: readonly string[]
  /** `iat`, epoch seconds. */
  readonly issuedAt: number
  /** `exp`, epoch seconds. */
  readonly expiresAt: number
  /** Every claim of the token, as signed. */
  readonly payload: Readonly<Record<string, unknown>>
}

/**
 * Why a token was refused. Each but `jwks_unavailable` means "answer 401"; `jwks_unavailable`
 * (the keys could not be fetched) means the identity provider is unreachable: answer 503.
 * - `malformed`: not a compact JWS with JSON header and claims, over 16 KiB, or a required claim
 *   (`exp`, `iat`, `sub`, `iss`, `aud`) missing or of the wrong type;
 * - `unsupported_algorithm`: `alg` is not `RS256` (`none`, `HS256`, `ES256`, ... are refused
 *   before any key is looked up);
 * - `unknown_key`: no key of the authorization server has the token's `kid`;
 * - `invalid_signature`: the signature does not match the key;
 * - `expired` / `not_yet_valid`: `exp` passed / `nbf` ahead, beyond the clock tolerance;
 * - `wrong_issuer` / `wrong_audience` / `wrong_client`: `iss`, `aud` or `cid` differ;
 * - `insufficient_scope`: `scp` lacks a required scope.
 */
export type AccessTokenRejection =
  | 'malformed'
  | 'unsupported_algorithm'
  | 'unknown_key'
  | 'jwks_unavailable'
  | 'invalid_signature'
  | 'expired'
  | 'not_yet_valid'
  | 'wrong_issuer'
  | 'wrong_audience'
  | 'wrong_client'
  | 'insufficient_scope'

/**
 * The answer of {@link verifyAccessToken}: the claims, or why not, with a message for logs (one
 * line of printable ASCII; the token's own text in it is quoted and escaped).
 */
export type AccessTokenVerification =
  | { readonly ok: true; readonly claims: VerifiedAccessToken }
  | { readonly ok: false; readonly reason: AccessTokenRejection; readonly message: string }

/** The default caches: one per issuer, for callers that pass no `jwks`. */
const sharedCaches = new Map<string, JwksCache>()
/** Longest `kid` or `alg` repeated in a message (Okta's `kid`s have 43 characters). */
const MAX_QUOTED_LENGTH = 64
/** Longest message of jose repeated in a message. */
const MAX_LIBRARY_MESSAGE_LENGTH = 200

/** Checks one access token against the options its verifier was made with. Never throws. */
export type AccessTokenVerifier = (token: string) => Promise<AccessTokenVerification>

/**
 * A verifier of access tokens from Okta's custom authorization server, its options checked once,
 * here: make one per set of options when the server starts, so that a wrong option stops the
 * start instead of failing requests. The verifier never throws; every bad input (not a string,
 * not a JWT, a forged or foreign token, an unreachable or malformed JWKS) is a typed refusal. In
 * order: the token's shape and header (`alg` must be `RS256`), its key (by `kid`, from the JWKS
 * cache), the signature, then `iss`, `aud`, `exp` and `nbf` (with `clockTolerance`), `cid` equal
 * to `clientId`, and `scp` holding every required scope. A refusal's `message` is for logs: the
 * token's own text in it (`kid`, `alg`) is quoted, escaped and cut, never verbatim.
 *
 * Runs wherever Web Crypto and `fetch` exist: Node 20 and later, Deno, Bun, edge runtimes.
 *
 * @example
 * ```ts
 * const verify = createAccessTokenVerifier({
 *   issuer: 'https://login.example.com/oauth2/default',
 *   audience: 'api://default',
 *   clientId: '0oa1abc',
 *   requiredScopes: ['coverage:get'],
 * })
 * const result = await verify(bearer)
 * if (!result.ok) return reply(result.reason === 'jwks_unavailable' ? 503 : 401)
 * ```
 * @throws AuthError `configuration_error`, naming every problem, when an option is unusable: an
 *   `issuer` that is not https (http only on localhost) or ends in `/`, an empty `audience` or
 *   `clientId`, `requiredScopes` that is not an array of scope names (a string, say), a negative
 *   `clockTolerance`, a `jwks` that is not a key cache, a `now` that is not a function.
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-7.2 (validating a JWT)
 * @see https://www.rfc-editor.org/rfc/rfc9068#section-4 (validating JWT access tokens)
 * @see https://www.rfc-editor.org/rfc/rfc8725#section-3.1 (allow-list the algorithms)
 * @see https://developer.okta.com/docs/guides/validate-access-tokens/
 * @see https://developer.okta.com/docs/reference/api/oidc/#access-token-payload (cid, scp)
 */
export function createAccessTokenVerifier(options: VerifyAccessTokenOptions): AccessTokenVerifier {
  const problems = verifierOptionProblems(options)
  if (problems.length > 0) throw new AuthError('configuration_error', problems.join(' '))
  // Copied: the checked values are the ones used, whatever the caller changes later.
  const checked: CheckedOptions = {
    issuer: options.issuer,
    audience: options.audience,
    clientId: options.clientId,
    requiredScopes: [...(options.requiredScopes ?? [])],
    clockTolerance: options.clockTolerance ?? DEFAULT_CLOCK_TOLERANCE_SECONDS,
    now: options.now ?? systemClock,
    jwks: jwksFor(options),
  }
  return (token) => verify(token, checked)
}

/**
 * Verifies an access token from Okta's custom authorization server: one call of a
 * {@link createAccessTokenVerifier} verifier, its options checked at each call (a server that
 * verifies many tokens makes the verifier once instead). Never throws on a token.
 *
 * @example
 * ```ts
 * const result = await verifyAccessToken(bearer, {
 *   issuer: 'https://login.example.com/oauth2/default',
 *   audience: 'api://default',
 *   clientId: '0oa1abc',
 *   requiredScopes: ['coverage:get'],
 * })
 * if (!result.ok) return reply(result.reason === 'jwks_unavailable' ? 503 : 401)
 * ```
 * @throws AuthError `configuration_error` (a rejected promise) when an option is unusable, as
 *   {@link createAccessTokenVerifier} says, whatever the token: before the token is looked at.
 * @see https://www.rfc-editor.org/rfc/rfc9068#section-4 (validating JWT access tokens)
 * @see https://developer.okta.com/docs/guides/validate-access-tokens/
 */
export async function verifyAccessToken(
  token: string,
  options: VerifyAccessTokenOptions,
): Promise<AccessTokenVerification> {
  return createAccessTokenVerifier(options)(token)
}

/** The options after their check, with their defaults. */
interface CheckedOptions {
  readonly issuer: string
  readonly audience: string
  readonly clientId: string
  readonly requiredScopes: readonly string[]
  readonly clockTolerance: number
  readonly now: () => number
  readonly jwks: JwksCache
}

async function verify(token: string, options: CheckedOptions): Promise<AccessTokenVerification> {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH)
    return refuse('malformed', 'The access token is not a string of at most 16 KiB.')
  let alg: unknown
  let kid: unknown
  try {
    ;({ alg, kid } = decodeProtectedHeader(token))
  } catch {
    return refuse('malformed', 'The access token is not a JWS with a JSON header.')
  }
  if (typeof alg !== 'string')
    return refuse(
      'unsupported_algorithm',
      'The access token names no algorithm (alg) as a string, so not RS256.',
    )
  if (alg !== 'RS256')
    return refuse(
      'unsupported_algorithm',
      `The access token is signed with ${escapeForLog(alg, MAX_QUOTED_LENGTH, true)}, not RS256.`,
    )
  if (typeof kid !== 'string') return refuse('unknown_key', 'The access token names no key (kid).')
  const lookup = await options.jwks.getKey(kid)
  if (!lookup.found)
    return refuse(
      lookup.reason,
      lookup.reason === 'unknown_key'
        ? `The authorization server has no signing key ${escapeForLog(kid, MAX_QUOTED_LENGTH, true)}.`
        : 'The authorization server keys could not be fetched.',
    )
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(token, lookup.key, {
      algorithms: ['RS256'],
      issuer: options.issuer,
      audience: options.audience,
      clockTolerance: options.clockTolerance,
      currentDate: new Date(options.now()),
      requiredClaims: ['exp', 'iat', 'sub', 'iss', 'aud'],
    }))
  } catch (error) {
    // jose's messages can repeat the token's text (a `crit` parameter's name).
    const message = error instanceof Error ? error.message : String(error)
    return refuse(rejectionOf(error), escapeForLog(message, MAX_LIBRARY_MESSAGE_LENGTH))
  }
  return checkOktaClaims(payload, options)
}

/** `cid` and `scp`, Okta's claims that jose does not know. */
function checkOktaClaims(payload: JWTPayload, options: CheckedOptions): AccessTokenVerification {
  if (typeof payload.sub !== 'string' || payload.sub === '')
    return refuse('malformed', 'The access token has no subject (sub).')
  if (payload.cid !== options.clientId)
    return refuse('wrong_client', 'The access token was issued to another client (cid).')
  const scopes = payload.scp
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string'))
    return refuse('insufficient_scope', 'The access token carries no scp list.')
  const missing = options.requiredScopes.filter((scope) => !scopes.includes(scope))
  if (missing.length > 0)
    return refuse('insufficient_scope', `The access token lacks the scopes ${missing.join(' ')}.`)
  return {
    ok: true,
    claims: {
      subject: payload.sub,
      clientId: options.clientId,
      userId: typeof payload.uid === 'string' ? payload.uid : null,
      scopes: scopes as string[],
      issuedAt: payload.iat as number,
      expiresAt: payload.exp as number,
      payload,
    },
  }
}

/** The rejection of a failed claim check of jose, by the claim. */
const CLAIM_REJECTIONS: ReadonlyMap<unknown, AccessTokenRejection> = new Map([
  ['iss', 'wrong_issuer'],
  ['aud', 'wrong_audience'],
  ['nbf', 'not_yet_valid'],
])

/**
 * The rejection for an error of jose's `jwtVerify`, by its `code` (stable across bundles). Only
 * jose's claim errors carry `claim` and `reason`; `check_failed` is a value that differs (not a
 * claim `missing` or `invalid`: those are malformed).
 */
function rejectionOf(error: unknown): AccessTokenRejection {
  const { code, claim, reason } = (error ?? {}) as {
    code?: unknown
    claim?: unknown
    reason?: unknown
  }
  if (code === 'ERR_JWT_EXPIRED') return 'expired'
  if (code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return 'invalid_signature'
  if (reason === 'check_failed') return CLAIM_REJECTIONS.get(claim) ?? 'malformed'
  return 'malformed'
}

function refuse(reason: AccessTokenRejection, message: string): AccessTokenVerification {
  return { ok: false, reason, message }
}

/** The caller's cache, else the shared one of this issuer (created on first use). */
function jwksFor(options: VerifyAccessTokenOptions): JwksCache {
  if (options.jwks !== undefined) return options.jwks
  const jwksUri = `${options.issuer}/v1/keys`
  let cache = sharedCaches.get(jwksUri)
  if (cache === undefined) {
    cache = createJwksCache({ jwksUri })
    sharedCaches.set(jwksUri, cache)
  }
  return cache
}
