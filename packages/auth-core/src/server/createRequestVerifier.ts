/**
 * A sub-site backend's whole check of a request, for fetch-standard servers (Hono, Next.js route
 * handlers, edge runtimes): the access token from `Authorization: Bearer` or the session cookie,
 * the CSRF rule for cookie-authenticated writes, the token's verification, and the answer to
 * give when it fails (401 / 403 / 503 with RFC 6750's `WWW-Authenticate`).
 */
import { AuthError } from '../errors/authError'
import { readSessionFromCookieHeader } from './readSessionFromCookieHeader'
import { requestComesFromSite } from './requestComesFromSite'
import {
  createAccessTokenVerifier,
  type AccessTokenRejection,
  type VerifiedAccessToken,
  type VerifyAccessTokenOptions,
} from './verifyAccessToken'

/** What a request must be: the token's options, and where the sub-site's pages are. */
export interface RequestVerifierOptions extends VerifyAccessTokenOptions {
  /**
   * The origins of the sub-site's pages that call this API, e.g. `['https://maps.example.com']`:
   * the only `Origin`s a cookie-authenticated write (anything but `GET`, `HEAD`, `OPTIONS`) is
   * taken from. A request with `Authorization: Bearer` is not checked (no page can make the
   * browser add it).
   */
  readonly siteOrigins: readonly string[]
}

/**
 * Why a request was refused: a token's {@link AccessTokenRejection}, `no_token` (neither a Bearer
 * header nor the session cookie) or `cross_site_request` (a cookie-authenticated write from
 * another origin than the sub-site's).
 */
export type RequestRejection = AccessTokenRejection | 'no_token' | 'cross_site_request'

/**
 * The answer of a {@link RequestVerifier}: the claims and where the token came from, or the
 * refusal with the HTTP answer to give: `status` (401, 403 or 503) and `headers` (RFC 6750's
 * `WWW-Authenticate` for 401 and a missing scope), and a `message` for logs (escaped).
 */
export type RequestVerification =
  | {
      readonly ok: true
      readonly claims: VerifiedAccessToken
      readonly credentials: 'authorization' | 'cookie'
    }
  | {
      readonly ok: false
      readonly reason: RequestRejection
      readonly status: 401 | 403 | 503
      readonly headers: Readonly<Record<string, string>>
      readonly message: string
    }

/** Checks one fetch-standard `Request`. Never throws. */
export type RequestVerifier = (request: Request) => Promise<RequestVerification>

/** The headers of a request the check reads, as strings (null when absent). */
interface RequestParts {
  readonly method: string
  readonly authorization: string | null
  readonly cookie: string | null
  readonly origin: string | null
  readonly secFetchSite: string | null
}

/** `Authorization: Bearer <token>`, the scheme in any case (RFC 9110 section 11.1). */
const BEARER = /^bearer +(\S+) *$/i

/**
 * A check of fetch-standard requests, its options checked once, here (make it when the server
 * starts). In order: the token from `Authorization: Bearer` (else the `access_token` cookie;
 * neither: 401 `no_token`, `WWW-Authenticate: Bearer`); for a cookie-authenticated method other
 * than `GET`, `HEAD` and `OPTIONS`, the request's `Origin` (or `Sec-Fetch-Site: same-origin`)
 * must be the sub-site's (else 403 `cross_site_request`, before the token is looked at); then the
 * token as {@link createAccessTokenVerifier} checks it: 403 `insufficient_scope` with
 * `error="insufficient_scope"` and the `scope` needed, 503 `jwks_unavailable`, any other refusal
 * 401 with `error="invalid_token"`. Answer CORS preflights before calling it: they carry no
 * credentials.
 *
 * @example
 * ```ts
 * const verifyRequest = createRequestVerifier({ issuer, audience, clientId, requiredScopes: ['coverage:get'], siteOrigins: ['https://maps.example.com'] })
 * app.get('/api/me', async (c) => {
 *   const result = await verifyRequest(c.req.raw)
 *   if (!result.ok) return new Response(null, { status: result.status, headers: result.headers })
 *   return c.json({ subject: result.claims.subject })
 * })
 * ```
 * @throws AuthError `configuration_error`, naming every problem, for unusable options (those of
 *   {@link createAccessTokenVerifier}, and `siteOrigins` not a non-empty array of origins).
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-3 (WWW-Authenticate, error codes)
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-3.1 (no error code without credentials)
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html#verifying-origin-with-standard-headers
 */
export function createRequestVerifier(options: RequestVerifierOptions): RequestVerifier {
  const check = createRequestCheck(options)
  return (request) =>
    check({
      method: request.method,
      authorization: request.headers.get('authorization'),
      cookie: request.headers.get('cookie'),
      origin: request.headers.get('origin'),
      secFetchSite: request.headers.get('sec-fetch-site'),
    })
}

/**
 * The check behind {@link createRequestVerifier} and the Connect-style middleware, over the
 * headers of a request as strings.
 * @throws AuthError `configuration_error` for unusable options.
 */
export function createRequestCheck(
  options: RequestVerifierOptions,
): (parts: RequestParts) => Promise<RequestVerification> {
  const siteOrigins: unknown = options.siteOrigins
  const originsUsable =
    Array.isArray(siteOrigins) && siteOrigins.length > 0 && siteOrigins.every(isOrigin)
  let verify: ReturnType<typeof createAccessTokenVerifier>
  try {
    verify = createAccessTokenVerifier(options)
  } catch (error) {
    if (originsUsable) throw error
    throw new AuthError('configuration_error', `${(error as Error).message} ${ORIGINS_PROBLEM}`)
  }
  if (!originsUsable) throw new AuthError('configuration_error', ORIGINS_PROBLEM)
  const origins = [...(siteOrigins as string[])]
  const scope = (options.requiredScopes ?? []).join(' ')
  return async (parts) => {
    const bearer = BEARER.exec(parts.authorization ?? '')?.[1]
    const token = bearer ?? readSessionFromCookieHeader(parts.cookie)?.accessToken ?? null
    if (token === null)
      return refuse('no_token', 'The request carries no access token.', 401, {
        'www-authenticate': 'Bearer',
      })
    if (
      bearer === undefined &&
      !requestComesFromSite({ ...parts, method: parts.method.toUpperCase() }, origins)
    )
      return refuse(
        'cross_site_request',
        'A write authenticated by the session cookie came from another origin than the sub-site.',
        403,
        {},
      )
    const result = await verify(token)
    if (result.ok)
      return {
        ok: true,
        claims: result.claims,
        credentials: bearer === undefined ? 'cookie' : 'authorization',
      }
    if (result.reason === 'jwks_unavailable') return refuse(result.reason, result.message, 503, {})
    if (result.reason === 'insufficient_scope')
      return refuse(result.reason, result.message, 403, {
        'www-authenticate': `Bearer error="insufficient_scope", scope="${scope}"`,
      })
    return refuse(result.reason, result.message, 401, {
      'www-authenticate': `Bearer error="invalid_token", error_description="${DESCRIPTIONS[result.reason]}"`,
    })
  }
}

const ORIGINS_PROBLEM =
  "siteOrigins must be a non-empty array of origins (https, or http on localhost; no path), e.g. ['https://maps.example.com']."

/** `error_description` per refusal: fixed texts, never the token's (RFC 6750 allows no `"` or `\`). */
const DESCRIPTIONS: Readonly<
  Record<Exclude<AccessTokenRejection, 'jwks_unavailable' | 'insufficient_scope'>, string>
> = {
  malformed: 'The access token is malformed.',
  unsupported_algorithm: 'The access token is not signed with RS256.',
  unknown_key: 'The access token is signed with an unknown key.',
  invalid_signature: 'The access token signature is invalid.',
  expired: 'The access token expired.',
  not_yet_valid: 'The access token is not valid yet.',
  wrong_issuer: 'The access token is from another issuer.',
  wrong_audience: 'The access token is for another audience.',
  wrong_client: 'The access token is for another client.',
}

/** An origin as browsers send it: `https://host[:port]`, or `http:` on localhost. */
function isOrigin(value: unknown): boolean {
  if (typeof value !== 'string') return false
  try {
    const url = new URL(value)
    const local = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
    return (
      url.origin === value && (url.protocol === 'https:' || (local && url.protocol === 'http:'))
    )
  } catch {
    return false
  }
}

function refuse(
  reason: RequestRejection,
  message: string,
  status: 401 | 403 | 503,
  headers: Record<string, string>,
): RequestVerification {
  return { ok: false, reason, status, headers, message }
}
