/** A cookie to write, with every attribute decided by auth-core (never by a server response). */
export interface CookieWrite {
  readonly name: string
  readonly value: string
  /** The parent domain with its leading dot; absent in local mode (host-only cookie). */
  readonly domain?: string
  readonly path: '/'
  readonly secure: true
  readonly sameSite: 'Lax'
  /** Lifetime in seconds; absent for a session cookie. */
  readonly maxAgeSeconds?: number
}

/** A cookie to delete: the same name, domain and path it was written with. */
export interface CookieRemoval {
  readonly name: string
  readonly domain?: string
  /**
   * `/` for the platform's own cookies; an ancestor path of the page for cookies tossed in by a
   * sibling sub-domain with a deeper Path (see `planAncestorPathRemovals`).
   */
  readonly path: string
}

/** Cookie names of the platform's session contract (`shared/docs/contracts.md`). */
export const COOKIE_NAMES = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  postLoginRedirect: 'post_login_redirect',
  postLoginPath: 'post_login_path',
} as const

/**
 * Reads and writes the platform cookies: the one cookie interface of auth-core and the sign-in
 * page (in a browser: `document.cookie`; on a server: a request's `Cookie` header, read only; in
 * tests: a map). Reading goes through `readCookieHeader`, the one parser.
 */
export interface CookieJar {
  /**
   * The value of the cookie called `name`, or `undefined` when there is none, or when there is
   * more than one copy (another Domain or Path: neither value can be trusted).
   */
  get(name: string): string | undefined
  /**
   * The values of every copy of the cookie called `name` the page sees, in the browser's order
   * (longer paths first); empty when there is none. The session uses it to notice copies tossed
   * in with another Path and expire them.
   */
  getAll(name: string): readonly string[]
  /** Writes a cookie with exactly the planned attributes. */
  set(write: CookieWrite): void
  /** Deletes a cookie: the same name, Domain and Path, `Max-Age=0`. */
  remove(removal: CookieRemoval): void
}
