import { AuthError } from '../errors/authError'
import type { CookieRemoval } from './cookie.types'
import { cookieScope, isCookieName, isCookiePath } from './cookieRules'
import type { CookieScopeConfig } from './cookieRules'

/**
 * How to delete a platform cookie: the same name, Domain and Path it was written with (a cookie
 * is only removed when all three match), so `post_login_redirect` and the token cookies really go.
 *
 * @throws AuthError `unknown_error` for a name outside the cookie-name rule.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.3 (step 11: replacing a cookie)
 */
export function planCookieRemoval(config: CookieScopeConfig, name: string): CookieRemoval {
  if (!isCookieName(name)) throw new AuthError('unknown_error', 'Not a valid cookie name.')
  return { name, ...cookieScope(config) }
}

/** The most ancestor paths {@link planAncestorPathRemovals} expires per name. */
export const MAX_ANCESTOR_PATHS = 16

/**
 * Deletions of `names` at every ancestor path of the page (`/a`, `/a/`, `/a/b`, ... up to the page
 * path itself; `/` is the ordinary removal), on the parent domain. A sibling sub-domain (or one
 * forged plain-HTTP answer) can set `access_token` with `Domain={parent}; Path=/deeper`: the
 * browser lists it before ours under `/deeper`, so signing out at `/` alone would leave it.
 *
 * @param pagePath the current page's path (`location.pathname`); query and fragment are ignored.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.1.4 (path-match)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-8.6 (weak integrity: cookie tossing)
 */
export function planAncestorPathRemovals(
  config: CookieScopeConfig,
  names: readonly string[],
  pagePath: string,
): CookieRemoval[] {
  // Stryker disable next-line StringLiteral: split always returns at least one element; the fallback is for the type checker
  const path = pagePath.split(/[?#]/)[0] ?? ''
  // Stryker disable next-line ArrayDeclaration: Stryker's entry has no leading / (and a space), so isCookiePath drops it below
  const paths: string[] = []
  for (let end = path.indexOf('/', 1); end !== -1; end = path.indexOf('/', end + 1))
    paths.push(path.slice(0, end), path.slice(0, end + 1))
  paths.push(path)
  // `/` is the ordinary removal; a relative path (not from `location.pathname`) fails isCookiePath.
  const unique = [...new Set(paths)].filter(
    (candidate) => candidate !== '/' && isCookiePath(candidate),
  )
  const kept = unique.slice(0, MAX_ANCESTOR_PATHS)
  return names.flatMap((name) =>
    kept.map((ancestor) => ({ ...planCookieRemoval(config, name), path: ancestor })),
  )
}
