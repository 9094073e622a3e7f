/**
 * A sub-site's backend protected by `@mapping-platform/auth-core/server`: a plain `node:http`
 * API whose handler reads the access token from an `Authorization: Bearer` header or the
 * session's `Cookie` header, refuses a cookie-authenticated write that does not come from the
 * sub-site's own pages (CSRF), and verifies the token against the authorization server's keys.
 * The package's tests run this file against a local authorization server
 * (`src/server/serverMiddleware.test.ts` in the repository), so it keeps working.
 *
 * The same steps fit Express, Fastify or an edge function: read the token, check where a
 * cookie-authenticated write comes from, verify the token, answer 401 / 403 / 503 from
 * `result.reason`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import {
  createAccessTokenVerifier,
  readSessionFromCookieHeader,
  type VerifiedAccessToken,
} from '@mapping-platform/auth-core/server'

/** The sign-in app's authorization server, as its tokens name it, and the sub-site's origin. */
export interface ApiSettings {
  /** Exactly the tokens' `iss`, e.g. `https://login.example.com/oauth2/default`. */
  readonly issuer: string
  /** The authorization server's audience, e.g. `api://default`. */
  readonly audience: string
  /** The sign-in app's client id: the tokens' `cid`. */
  readonly clientId: string
  /**
   * The origin of the sub-site's pages that call this API, e.g. `https://maps.example.com`: the
   * only `Origin` a cookie-authenticated write is taken from.
   */
  readonly siteOrigin: string
}

/** Methods that change nothing (RFC 9110 section 9.2.1): never refused for where they come from. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Whether a request comes from the sub-site's own pages, by the headers a browser sets and a
 * page cannot: `Origin` must be exactly `siteOrigin` (a sibling sub-site is "same-site" and holds
 * the same cookies, so `SameSite` does not stop it), and `Sec-Fetch-Site`, when sent, must not
 * say `cross-site` or `none`. Without `Origin`, only `Sec-Fetch-Site: same-origin` will do;
 * without either (an old browser, a script outside any browser), no: such a client sends the
 * token in `Authorization` instead.
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html#verifying-origin-with-standard-headers
 * @see https://www.w3.org/TR/fetch-metadata/#sec-fetch-site-header
 */
export function comesFromSite(request: IncomingMessage, siteOrigin: string): boolean {
  const origin = request.headers.origin
  const site = request.headers['sec-fetch-site']
  if (origin === undefined) return site === 'same-origin'
  return (
    origin === siteOrigin && (site === undefined || site === 'same-origin' || site === 'same-site')
  )
}

/**
 * A guard for the routes that need `requiredScopes`, its verifier made once (a wrong setting
 * throws here, when the server starts). It resolves with the verified claims, or answers the
 * request itself and resolves with null: 401 without or with a bad token, 403 for a
 * cookie-authenticated write from elsewhere (CSRF) or a token without the scopes, 503 when the
 * keys cannot be fetched.
 */
export function createRequireSession(
  settings: ApiSettings,
  requiredScopes: readonly string[],
): (request: IncomingMessage, response: ServerResponse) => Promise<VerifiedAccessToken | null> {
  const { siteOrigin, ...issuerSettings } = settings
  const verify = createAccessTokenVerifier({ ...issuerSettings, requiredScopes })
  return async (request, response) => {
    const bearer = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? '')?.[1]
    const token = bearer ?? readSessionFromCookieHeader(request.headers.cookie)?.accessToken
    if (!token) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end()
      return null
    }
    // The browser adds cookies to any request to this host, whoever's page sends it: a write
    // carried by the cookie alone must come from the sub-site. A Bearer header it never adds.
    if (bearer === undefined && !SAFE_METHODS.has(request.method ?? '')) {
      if (!comesFromSite(request, siteOrigin)) {
        response.writeHead(403, { 'content-type': 'text/plain' }).end('Cross-site request refused.')
        return null
      }
    }
    const result = await verify(token)
    if (result.ok) return result.claims
    const status =
      result.reason === 'jwks_unavailable'
        ? 503
        : result.reason === 'insufficient_scope'
          ? 403
          : 401
    const error = status === 403 ? 'insufficient_scope' : 'invalid_token'
    response
      .writeHead(status, status === 503 ? {} : { 'www-authenticate': `Bearer error="${error}"` })
      .end()
    return null
  }
}

/**
 * The sub-site's API, every route needing the `coverage:get` scope: a read (`GET`) answers who
 * is signed in, a write (`POST`, `PUT`, `PATCH`, `DELETE`) saves the person's preferences.
 * `OPTIONS` (a CORS preflight, sent without credentials) is answered without a session.
 */
export function subSiteApi(settings: ApiSettings): Server {
  const requireSession = createRequireSession(settings, ['coverage:get'])
  return createServer((request, response) => {
    void (async () => {
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end()
        return
      }
      const claims = await requireSession(request, response)
      if (claims === null) return
      const body = SAFE_METHODS.has(request.method ?? '')
        ? { subject: claims.subject, scopes: claims.scopes }
        : { saved: true, subject: claims.subject }
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    })()
  })
}
