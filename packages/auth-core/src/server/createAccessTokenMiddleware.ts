/**
 * The server entry's check of a request as an Express (Connect-style) middleware: no dependency
 * on Express, only the shape of Node's `IncomingMessage` and `ServerResponse` that Express,
 * Connect and plain `node:http` share.
 */
import {
  createRequestCheck,
  type RequestVerification,
  type RequestVerifierOptions,
} from './createRequestVerifier'
import type { VerifiedAccessToken } from './verifyAccessToken'

/** What the middleware reads of a request (Node's `IncomingMessage`, Express's `req`). */
export interface MiddlewareRequest {
  readonly method?: string | undefined
  readonly headers: Readonly<Record<string, string | readonly string[] | undefined>>
  /** Set by the middleware to the verified claims before it calls `next()`. */
  auth?: VerifiedAccessToken
}

/** What the middleware writes on a refusal (Node's `ServerResponse`, Express's `res`). */
export interface MiddlewareResponse {
  statusCode: number
  setHeader(name: string, value: string): unknown
  end(body?: string): unknown
}

/** A Connect-style middleware: `app.use(middleware)` or `app.post('/x', middleware, handler)`. */
export type AccessTokenMiddleware = (
  request: MiddlewareRequest,
  response: MiddlewareResponse,
  next: (error?: unknown) => void,
) => void

/**
 * A middleware that lets a request through only with a valid access token (what
 * `createRequestVerifier` checks, in the same order), its options checked once, here: on success
 * it sets `request.auth` to the verified claims and calls `next()`; otherwise it answers itself
 * with the status (401, 403 or 503), RFC 6750's `WWW-Authenticate` and a JSON body
 * `{ "error": reason }`, and does not call `next`. Put a CORS middleware before it: a preflight
 * carries no credentials.
 *
 * @example
 * ```ts
 * const requireSession = createAccessTokenMiddleware({ issuer, audience, clientId, requiredScopes: ['coverage:get'], siteOrigins: ['https://maps.example.com'] })
 * app.get('/api/me', requireSession, (req, res) => res.json({ subject: req.auth.subject }))
 * ```
 * @throws AuthError `configuration_error`, naming every problem, for unusable options.
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-3 (WWW-Authenticate)
 * @see https://expressjs.com/en/guide/writing-middleware.html
 */
export function createAccessTokenMiddleware(
  options: RequestVerifierOptions,
): AccessTokenMiddleware {
  const check = createRequestCheck(options)
  return (request, response, next) => {
    /** A header as one string: repeated ones joined as HTTP joins them (cookies with `; `). */
    const header = (name: string, separator = ', '): string | null => {
      const value = request.headers[name]
      if (value === undefined) return null
      return typeof value === 'string' ? value : value.join(separator)
    }
    check({
      method: request.method ?? 'GET',
      authorization: header('authorization'),
      cookie: header('cookie', '; '),
      origin: header('origin'),
      secFetchSite: header('sec-fetch-site'),
    }).then((result) => answer(result, request, response, next), next)
  }
}

function answer(
  result: RequestVerification,
  request: MiddlewareRequest,
  response: MiddlewareResponse,
  next: (error?: unknown) => void,
): void {
  if (result.ok) {
    request.auth = result.claims
    next()
    return
  }
  response.statusCode = result.status
  for (const [name, value] of Object.entries(result.headers)) response.setHeader(name, value)
  response.setHeader('content-type', 'application/json')
  response.end(JSON.stringify({ error: result.reason }))
}
