/**
 * The syntax every cookie auth-core plans must satisfy, and the scope (Domain, Path) it is
 * written with. Names and values that would let a server response inject attributes (`;`),
 * split headers (CR/LF) or break parsing (spaces, quotes, `,`, `\`, non-ASCII) are refused.
 */

/** Browsers guarantee at least 4096 bytes for name plus value (RFC 6265 section 6.1). */
export const MAX_COOKIE_BYTES = 4096

const COOKIE_NAME = /^[A-Za-z0-9_-]{1,64}$/
// RFC 6265 cookie-octet: US-ASCII visible characters except DQUOTE, comma, semicolon and backslash.
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/

/**
 * Whether `name` is a cookie name of the platform contract: 1 to 64 of `[A-Za-z0-9_-]`.
 * @see ../../../../shared/docs/contracts.md (Cookies)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1
 */
export function isCookieName(name: unknown): name is string {
  return typeof name === 'string' && COOKIE_NAME.test(name)
}

const COOKIE_PATH = /^\/[A-Za-z0-9._~!$&'()*+,=:@%/-]{0,1023}$/

/**
 * Whether `path` can be a cookie's Path attribute as auth-core writes it: `/` then URL path
 * characters, never `;` (no attribute injection), at most 1024 characters.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1 (path-value)
 */
export function isCookiePath(path: string): boolean {
  return COOKIE_PATH.test(path)
}

/**
 * Whether a server-chosen cookie name must never be written by the page: the `__Host-` and
 * `__Secure-` prefixes (browsers match them case-insensitively; the page cannot give them the
 * guarantees they promise to their readers) and `post_login_redirect`, which a sub-site writes
 * to say where to go next (a sign-in answer setting it would choose the next redirect).
 * @see https://httpwg.org/http-extensions/draft-ietf-httpbis-rfc6265bis.html#name-cookie-name-prefixes
 */
export function isHarmfulCookieName(name: string): boolean {
  const lower = name.toLowerCase()
  return (
    lower.startsWith('__host-') || lower.startsWith('__secure-') || lower === 'post_login_redirect'
  )
}

/**
 * Whether `value` is a plain, non-empty RFC 6265 cookie value (cookie-octets only, no quotes) and
 * `name=value` stays within {@link MAX_COOKIE_BYTES}. Pass the cookie's name to count it too.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-6.1
 */
export function isCookieValue(value: unknown, name = ''): value is string {
  // Cookie-octets are ASCII, so the string length is the byte count.
  return (
    typeof value === 'string' &&
    COOKIE_VALUE.test(value) &&
    name.length + value.length <= MAX_COOKIE_BYTES
  )
}

const DNS_LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?'
const PARENT_DOMAIN = new RegExp(`^(?:\\.${DNS_LABEL}){2,}$`)
const LOCAL_PARENT_DOMAIN = new RegExp(`^(?:\\.${DNS_LABEL})+$`)

/**
 * Whether `value` can be the platform's parent domain, the Domain of every shared cookie: a
 * leading dot, then at least two DNS labels (`.example.com`; one is enough in local mode, such as
 * `.localhost`), each 1 to 63 of lowercase letters, digits and inner hyphens, at most 253
 * characters, no trailing dot. Shared by the sign-in app's configuration and the sub-sites'
 * session, so both refuse the same values.
 * @see https://www.rfc-editor.org/rfc/rfc1123#section-2.1 (host names)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.2.3 (the Domain attribute)
 */
export function isParentDomain(value: string, localMode = false): boolean {
  return value.length <= 253 && (localMode ? LOCAL_PARENT_DOMAIN : PARENT_DOMAIN).test(value)
}

/**
 * The only parts of the configuration a cookie plan depends on (the same-named fields of the
 * sign-in app's `AuthConfig`). The sign-in app passes its whole config; a sub-site passes its
 * `SessionConfig` (which has no redirect URI or Google client).
 */
export interface CookieScopeConfig {
  /** The shared parent domain with its leading dot, e.g. `.example.com`. */
  readonly parentDomain: string
  /** Local mode: cookies are host-only (no Domain). */
  readonly localMode: boolean
}

/**
 * The Domain and Path every platform cookie uses: the shared parent domain, or none (a host-only
 * cookie) in local mode, and `/`.
 * @see ../../../../shared/docs/contracts.md (Cookies the app writes)
 */
export function cookieScope(config: CookieScopeConfig): {
  readonly domain?: string
  readonly path: '/'
} {
  return config.localMode ? { path: '/' } : { domain: config.parentDomain, path: '/' }
}
