/**
 * `@mapping-platform/auth-core/server`: the platform session on a sub-site's backend (Node 20+,
 * Deno, Bun, edge runtimes; Web Crypto and `fetch` only). Read the token cookies of a request and
 * verify the access token against the authorization server's keys; or let the Connect-style
 * middleware ({@link createAccessTokenMiddleware}) or the fetch-standard check
 * ({@link createRequestVerifier}) do the whole request, CSRF rule and RFC 6750 answers included.
 *
 * ```ts
 * const verify = createAccessTokenVerifier({ issuer, audience, clientId }) // once, at start-up
 * const session = readSessionFromCookieHeader(request.headers.cookie)
 * const result = await verify(session?.accessToken ?? '')
 * ```
 *
 * Never import it into browser code: it brings `jose` and has no use there.
 */
export {
  createAccessTokenVerifier,
  verifyAccessToken,
  DEFAULT_CLOCK_TOLERANCE_SECONDS,
} from './verifyAccessToken'
export type {
  AccessTokenRejection,
  AccessTokenVerification,
  AccessTokenVerifier,
  VerifiedAccessToken,
  VerifyAccessTokenOptions,
} from './verifyAccessToken'
export {
  createJwksCache,
  DEFAULT_JWKS_COOLDOWN_MS,
  DEFAULT_JWKS_MAX_AGE_MS,
  DEFAULT_JWKS_TIMEOUT_MS,
} from './createJwksCache'
export type { JwksCache, JwksCacheOptions, JwksKeyLookup, VerificationKey } from './createJwksCache'
export { createRequestVerifier } from './createRequestVerifier'
export type {
  RequestRejection,
  RequestVerification,
  RequestVerifier,
  RequestVerifierOptions,
} from './createRequestVerifier'
export { createAccessTokenMiddleware } from './createAccessTokenMiddleware'
export type {
  AccessTokenMiddleware,
  MiddlewareRequest,
  MiddlewareResponse,
} from './createAccessTokenMiddleware'
export { readSessionFromCookieHeader } from './readSessionFromCookieHeader'
export type { CookieHeaderSession } from './readSessionFromCookieHeader'
