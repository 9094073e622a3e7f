/**
 * The CSRF rule of the server entry: a request authenticated by the session cookie alone that
 * changes something must come from the sub-site's own pages, by the headers a browser sets and a
 * page cannot.
 */

/** Methods that change nothing (RFC 9110 section 9.2.1): never refused for where they come from. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The headers of a request that say where it comes from. */
interface RequestSource {
  /** The request method, e.g. `POST` (compared upper-case, as Node and `Request` give it). */
  readonly method: string
  /** The `Origin` header, or null. */
  readonly origin: string | null
  /** The `Sec-Fetch-Site` header, or null. */
  readonly secFetchSite: string | null
}

/**
 * Whether a cookie-authenticated request may go on: always for `GET`, `HEAD` and `OPTIONS`; for
 * any other method only when `Origin` is one of `siteOrigins` and `Sec-Fetch-Site`, when sent, is
 * `same-origin` or `same-site` (the API on a sibling host), or, without `Origin`, when
 * `Sec-Fetch-Site` is `same-origin`. Without either header (an old browser, a script outside any
 * browser): no, such a client sends the token in `Authorization` instead. A sibling sub-site is
 * "same-site" and the browser adds the parent-domain cookies to its requests too, so `SameSite`
 * and `Sec-Fetch-Site: same-site` alone do not tell it from the sub-site.
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Cross-Site_Request_Forgery_Prevention_Cheat_Sheet.html#verifying-origin-with-standard-headers
 * @see https://www.w3.org/TR/fetch-metadata/#sec-fetch-site-header
 * @see https://fetch.spec.whatwg.org/#origin-header
 */
export function requestComesFromSite(
  source: RequestSource,
  siteOrigins: readonly string[],
): boolean {
  if (SAFE_METHODS.has(source.method)) return true
  const site = source.secFetchSite
  if (source.origin === null) return site === 'same-origin'
  return (
    siteOrigins.includes(source.origin) &&
    (site === null || site === 'same-origin' || site === 'same-site')
  )
}
