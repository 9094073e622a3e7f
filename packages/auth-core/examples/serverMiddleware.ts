/**
 * A sub-site's backend protected by `@mapping-platform/auth-core/server`: a plain `node:http`
 * API whose handler reads the access token from an `Authorization: Bearer` header or the
 * session's `Cookie` header, and verifies it against the authorization server's keys. The
 * package's tests run this file against a local authorization server
 * (`src/server/serverMiddleware.test.ts` in the repository), so it keeps working.
 *
 * The same three calls fit Express, Fastify or an edge function: read the token, verify it,
 * answer 401 / 403 / 503 from `result.reason`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import {
  readSessionFromCookieHeader,
  verifyAccessToken,
  type VerifiedAccessToken,
} from '@mapping-platform/auth-core/server'

/** The sign-in app's authorization server, as its tokens name it. */
export interface ApiSettings {
  /** Exactly the tokens' `iss`, e.g. `https://login.example.com/oauth2/default`. */
  readonly issuer: string
  /** The authorization server's audience, e.g. `api://default`. */
  readonly audience: string
  /** The sign-in app's client id: the tokens' `cid`. */
  readonly clientId: string
}

/**
 * Resolves with the verified claims, or answers the request itself (401 without or with a bad
 * token, 403 without the scopes, 503 when the keys cannot be fetched) and resolves with null.
 */
export async function requireSession(
  request: IncomingMessage,
  response: ServerResponse,
  settings: ApiSettings,
  requiredScopes: readonly string[],
): Promise<VerifiedAccessToken | null> {
  const bearer = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? '')?.[1]
  const token = bearer ?? readSessionFromCookieHeader(request.headers.cookie)?.accessToken
  if (!token) {
    response.writeHead(401, { 'www-authenticate': 'Bearer' }).end()
    return null
  }
  const result = await verifyAccessToken(token, { ...settings, requiredScopes })
  if (result.ok) return result.claims
  const status =
    result.reason === 'jwks_unavailable' ? 503 : result.reason === 'insufficient_scope' ? 403 : 401
  const error = status === 403 ? 'insufficient_scope' : 'invalid_token'
  response
    .writeHead(status, status === 503 ? {} : { 'www-authenticate': `Bearer error="${error}"` })
    .end()
  return null
}

/** The sub-site's API: `GET /me` needs the `coverage:get` scope and answers who is signed in. */
export function subSiteApi(settings: ApiSettings): Server {
  return createServer((request, response) => {
    void (async () => {
      const claims = await requireSession(request, response, settings, ['coverage:get'])
      if (claims === null) return
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ subject: claims.subject, scopes: claims.scopes }))
    })()
  })
}
