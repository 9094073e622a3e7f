/**
 * The demo sub-site's cookie code: reading the platform's session cookies, decoding the access
 * token for display, clearing them at sign-out, and writing `post_login_redirect` before sending
 * the person to sign in (contracts.md, "Cookies the app writes"). A later issue replaces this
 * file with the shared `auth-core/session` module.
 */

/** The session cookie names of the platform's contract. */
export const ACCESS_TOKEN_COOKIE = 'access_token'
export const REFRESH_TOKEN_COOKIE = 'refresh_token'
export const POST_LOGIN_REDIRECT_COOKIE = 'post_login_redirect'

/** Parses a `Cookie` request header into a map (first value of a name wins). */
export function parseCookieHeader(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>()
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=')
    if (index < 0) continue
    const name = part.slice(0, index).trim()
    const value = part.slice(index + 1).trim()
    if (name && !cookies.has(name)) cookies.set(name, value)
  }
  return cookies
}

/** Who the access token says is signed in (not verified: display only). */
export interface SignedInUser {
  readonly email: string
  /** Expiry in ms since the epoch. */
  readonly expiresAt: number
}

/** Decodes the access token's payload: `email` (or `sub`) and `exp`; null when unreadable. */
export function readAccessToken(token: string | undefined): SignedInUser | null {
  const payload = token?.split('.')[1]
  if (!payload) return null
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >
    const email = typeof claims.email === 'string' ? claims.email : claims.sub
    if (typeof email !== 'string' || typeof claims.exp !== 'number') return null
    return { email, expiresAt: claims.exp * 1000 }
  } catch {
    return null
  }
}

/** Attributes every session cookie shares: parent domain (when set), `Path=/`, Secure, Lax. */
function attributes(parentDomain: string): string {
  return `${parentDomain ? `; Domain=${parentDomain}` : ''}; Path=/; Secure; SameSite=Lax`
}

/** `Set-Cookie` values that delete the access and refresh token cookies. */
export function clearSessionCookies(parentDomain: string): string[] {
  return [ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE].map(
    (name) => `${name}=; Max-Age=0${attributes(parentDomain)}`,
  )
}

/** `Set-Cookie` value naming this sub-site as where to return after signing in. */
export function postLoginRedirectCookie(subsite: string, parentDomain: string): string {
  return `${POST_LOGIN_REDIRECT_COOKIE}=${subsite}; Max-Age=1800${attributes(parentDomain)}`
}
