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
