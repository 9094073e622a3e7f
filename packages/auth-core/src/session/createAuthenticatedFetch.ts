import { AuthError } from '../errors/authError'
import { checkApiOrigins } from './checkApiOrigins'
import { decodeAccessTokenClaims } from './decodeAccessTokenClaims'

/**
 * What {@link createAuthenticatedFetch} needs of a session: a `PlatformSession` has both.
 * Only these two, so a test (or a framework binding) can pass its own.
 */
export interface AuthenticatedFetchSession {
  /**
   * A valid access token, refreshed when needed; null without a session. `forceRefresh`: the
   * API refused `failedToken` (401), so refresh now, unless the session already holds another
   * token (then that one, with no request).
   */
  readonly getAccessToken: (options?: {
    readonly forceRefresh?: boolean
    readonly failedToken?: string
  }) => Promise<string | null>
  /** Remembers the sub-site (and the page to come back to) and goes to the sign-in page. */
  readonly redirectToSignIn: (subSite: string, options?: { readonly returnPath?: string }) => void
}

/** Options of {@link createAuthenticatedFetch}. */
export interface AuthenticatedFetchOptions {
  /** This sub-site's name, as the sign-in app allows it: where sign-in brings the person back. */
  readonly subSite: string
  /**
   * The origins of the APIs that take the platform token, each as `new URL(url).origin` writes
   * it: `https://` (in local mode also `http://` on localhost, 127.0.0.1 or [::1]), e.g.
   * `['https://api.example.com']`. Only requests to these carry the token; any other request
   * (a third party, `http:`, a protocol-relative URL that resolves elsewhere) is sent unchanged,
   * without it and without asking the session. A relative URL is judged by the origin it
   * resolves to: name the page's own origin for same-origin APIs. `[]` sends it nowhere.
   */
  readonly apiOrigins: readonly string[]
  /**
   * Local mode, as the session's config (`localMode`): `apiOrigins` may name `http://`
   * loopback origins, and requests sent without the token are reported on the console.
   */
  readonly localMode?: boolean
  /**
   * Told once per origin that a request to it went without the token (not in `apiOrigins`), so
   * a forgotten API origin shows in development. Default: `console.warn` in local mode, nothing
   * otherwise.
   */
  readonly warn?: (message: string) => void
  /** The `fetch` that sends the requests. Defaults to `globalThis.fetch`, looked up at each call. */
  readonly fetch?: typeof fetch
  /**
   * What happens when there is no session (no token, or the forced refresh after a 401 found
   * none): `'redirect'` (default) calls `redirectToSignIn(subSite, { returnPath: currentPath() })`,
   * `'none'` does nothing, a function is called instead. The request rejects with an
   * `AuthError` `session_expired` in every case.
   */
  readonly onSignedOut?: 'redirect' | 'none' | (() => void)
  /** The page to come back to after sign-in (e.g. `() => location.pathname + location.search`). */
  readonly currentPath?: () => string
}

/**
 * A `fetch` that sends the platform access token to the sub-site's APIs (`apiOrigins`):
 * `Authorization: Bearer <token>` from `session.getAccessToken()` (which refreshes when needed).
 *
 * - A 401 answer means the API no longer accepts the token (revoked, or rotated by another
 *   sub-site): exactly one `getAccessToken({ forceRefresh: true, failedToken })` and one retry
 *   with the new token. The retry's answer is returned whatever it is, so a request is sent at
 *   most twice. The retry is for the same person only: when the new token's `sub` is not the
 *   refused token's (a different account signed in meanwhile), or either says no `sub`, nothing
 *   is resent and the call rejects with an `AuthError` `account_changed`.
 *   The body is cloned before the first send so the retry resends it; a stream body
 *   (`init.body` a `ReadableStream`, or a `Request` made from one) is read once and never
 *   buffered, so such a request is not retried (its 401 is returned). When the
 *   forced refresh yields the same token, the 401 is returned without a retry.
 * - No session (no token before the first send or after the forced refresh): `onSignedOut`
 *   (by default the redirect to sign in, once per call) and a rejection with an `AuthError`
 *   `session_expired`; nothing is sent without a token.
 * - `signal` (in `init` or on a `Request`) is honoured: an aborted signal rejects with its
 *   reason before the token, before the forced refresh and before the retry.
 *
 * - Only requests to `apiOrigins` carry the token. Any other is sent as it is (no token, no
 *   refresh, no retry, no redirect; the caller's own headers kept), and `warn` is told once per
 *   such origin.
 *
 * @throws AuthError `configuration_error` when created with `apiOrigins` that are not origins
 *   it may send the token to (the message names each).
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-2.1 (Authorization request header field)
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-3.1 (invalid_token: 401)
 */
export function createAuthenticatedFetch(
  session: AuthenticatedFetchSession,
  options: AuthenticatedFetchOptions,
): (input: string | URL | Request, init?: RequestInit) => Promise<Response> {
  const named = checkApiOrigins(options.apiOrigins, options.localMode === true)
  const warn =
    options.warn ?? (options.localMode === true ? (text: string) => console.warn(text) : null)
  const told = new Set<string>()
  const send = (request: Request) => (options.fetch ?? globalThis.fetch)(request)

  function signedOut(): never {
    const { onSignedOut = 'redirect' } = options
    if (onSignedOut === 'redirect') {
      const returnPath = options.currentPath?.()
      session.redirectToSignIn(
        options.subSite,
        returnPath === undefined ? undefined : { returnPath },
      )
    } else if (onSignedOut !== 'none') onSignedOut()
    throw new AuthError('session_expired', 'No platform session: sign in first.')
  }

  return async (input, init) => {
    const request = new Request(input, init)
    const { signal } = request
    signal.throwIfAborted()
    const { origin } = new URL(request.url)
    if (!named.has(origin)) {
      if (warn !== null && !told.has(origin)) {
        told.add(origin)
        warn(`${origin} is not in apiOrigins: requests to it go without the platform token.`)
      }
      return send(request)
    }
    // A stream is read once: it is not kept (buffered) for a retry.
    const spare = hasStreamBody(request) ? null : request.clone()
    const token = await session.getAccessToken()
    signal.throwIfAborted()
    if (token === null) signedOut()
    const response = await send(withBearer(request, token))
    if (response.status !== 401 || spare === null) return response
    signal.throwIfAborted()
    const fresh = await session.getAccessToken({ forceRefresh: true, failedToken: token })
    signal.throwIfAborted()
    if (fresh === null) {
      await discard(response)
      signedOut()
    }
    if (fresh === token) return response
    await discard(response)
    const person = subjectOf(token)
    if (person === null || subjectOf(fresh) !== person)
      throw new AuthError(
        'account_changed',
        'The session now holds another person’s token: the refused request was not resent.',
      )
    return send(withBearer(spare, fresh))
  }
}

/** What only a stream body refuses (`no-cors` needs a simple method and any cache mode but `only-if-cached`). */
const NO_CORS = { mode: 'no-cors', method: 'POST', cache: 'default' } as const

/**
 * Whether the request's body is a stream (`init.body` a `ReadableStream`, or a `Request` made
 * from one), which is read once, rather than text, bytes, a Blob or a form, which a clone
 * replays. A `Request` shows no difference (its `body` is a stream either way) but one: a
 * request made from a stream body refuses the `no-cors` mode, so a copy is asked and dropped.
 * @see https://fetch.spec.whatwg.org/#dom-request (the constructor: "inputOrInitBody's source is null")
 */
function hasStreamBody(request: Request): boolean {
  // Stryker disable next-line ConditionalExpression: without a body the no-cors copy is made and has no body to cancel: false either way
  if (!request.body) return false
  const probe = request.clone()
  let copy: Request | null = null
  try {
    copy = new Request(probe, NO_CORS)
  } catch {
    // Only a stream body refuses.
  }
  // Not awaited: a cancelled clone settles only once the request's own body is read too.
  const unread = copy ?? probe
  // Stryker disable next-line OptionalChaining: only requests with a body get here, and both copies carry it
  void unread.body?.cancel().catch(() => undefined)
  return copy === null
}

/** Whose token this is (its `sub`), or null when it does not say (not a JWT, no `sub`). */
function subjectOf(token: string): string | null {
  try {
    return decodeAccessTokenClaims(token).subject
  } catch {
    return null
  }
}

/** The request with `Authorization: Bearer <token>` (replacing any the caller set). */
function withBearer(request: Request, token: string): Request {
  const headers = new Headers(request.headers)
  headers.set('Authorization', `Bearer ${token}`)
  return new Request(request, { headers })
}

/** Releases the body of an answer that is not returned (its connection can be reused). */
async function discard(response: Response): Promise<void> {
  try {
    // Stryker disable next-line OptionalChaining: a null body throws a TypeError here, which the catch takes as nothing to release
    await response.body?.cancel()
  } catch {
    // Nothing to release.
  }
}
