import type { AuthConfig } from '../config/authConfig'
import { AuthError } from '../errors/authError'
import { isPostLoginPath } from './isPostLoginPath'
import { isSubsiteLabel } from './subsiteLabel'

/** The parts of {@link AuthConfig} that decide where a signed-in user goes. */
export type RedirectTargetConfig = Pick<
  AuthConfig,
  'parentDomain' | 'defaultSubsite' | 'allowedSubsites' | 'localMode'
>

const LOCAL_ORIGIN = 'http://localhost:3000'

/** The redirect target in local mode (contracts: local development port 3000). */
export const LOCAL_REDIRECT_TARGET = `${LOCAL_ORIGIN}/`

/**
 * The sub-domain of `host` under `parentDomain`, lowercased: `login` for `login.example.com` with
 * `.example.com`. A port and a trailing dot on the host are ignored. `null` when the host is not
 * under the parent domain (or is the parent domain itself).
 * @see https://url.spec.whatwg.org/#host-parsing (hosts compare lowercase)
 */
export function currentSubdomain(host: string, parentDomain: string): string | null {
  const hostname = host.toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '')
  const parent = parentDomain.toLowerCase()
  if (parent === '' || !hostname.endsWith(parent)) return null
  const sub = hostname.slice(0, hostname.length - parent.length)
  return sub === '' ? null : sub
}

/**
 * Where to send the user after sign-in (contracts: redirect target): `http://localhost:3000/` in
 * local mode; else `https://{label}{parentDomain}/`, where the label is the `post_login_redirect`
 * cookie's value when it is one lowercase DNS label (nothing is normalised: `A`, `a.b`, `a%2eb`,
 * unicode dots are refused), differs from the current sub-domain, and is in
 * `config.allowedSubsites` when that is set; otherwise `config.defaultSubsite`.
 *
 * The cookie is attacker-writable from any sibling sub-domain, so the built URL is checked once
 * more: `https:`, hostname exactly `label + parentDomain`, no user, password or port, path `/`. A
 * cookie label that fails falls back to the default.
 *
 * Deep links: `pathValue` (the `post_login_path` cookie) replaces the path `/` only when the
 * target is the sub-site the cookie named (never the default fallback; in local mode, when the
 * cookie named an acceptable sub-site) and it passes {@link isPostLoginPath}; otherwise it is
 * ignored.
 *
 * @param input - `cookieValue`: the `post_login_redirect` cookie, or `undefined` when absent;
 *   `currentHost`: the page's host (`location.host`); `pathValue`: the `post_login_path` cookie,
 *   or `undefined` when absent.
 * @throws AuthError `unknown_error` when the default sub-site itself does not form a valid target.
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.11.1 (no open redirectors)
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html
 * @see ../../../../shared/docs/contracts.md (post_login_redirect, post_login_path)
 */
export function resolveRedirectTarget(
  config: RedirectTargetConfig,
  input: {
    readonly cookieValue: string | undefined
    readonly currentHost: string
    readonly pathValue?: string | undefined
  },
): string {
  const fromCookie = acceptableLabel(config, input.cookieValue, input.currentHost)
  const path = fromCookie !== null && isPostLoginPath(input.pathValue) ? input.pathValue : '/'
  if (config.localMode) return new URL(LOCAL_ORIGIN + path).href
  const target = fromCookie === null ? null : targetFor(fromCookie, config.parentDomain, path)
  if (target !== null) return target
  const fallback = isSubsiteLabel(config.defaultSubsite)
    ? targetFor(config.defaultSubsite, config.parentDomain, '/')
    : null
  if (fallback === null)
    throw new AuthError(
      'unknown_error',
      'The default sub-site does not form a valid redirect target.',
    )
  return fallback
}

function acceptableLabel(
  config: RedirectTargetConfig,
  cookieValue: string | undefined,
  currentHost: string,
): string | null {
  if (!isSubsiteLabel(cookieValue)) return null
  if (cookieValue === currentSubdomain(currentHost, config.parentDomain)) return null
  if (config.allowedSubsites !== null && !config.allowedSubsites.includes(cookieValue)) return null
  return cookieValue
}

/**
 * `https://{label}{parentDomain}{path}` if the parsed URL's hostname is exactly that host, else
 * `null`; the parsed URL's `href` (a path of {@link isPostLoginPath} comes back percent-encoded
 * where the parser encodes, never with another host).
 *
 * Comparing the parsed hostname with the string written is the whole check: the URL parsed is
 * the literal `https://` + `host` + a path that starts with one `/`, so a user, password, port,
 * path, query or fragment can only come from a character of `host` (`@`, `:`, `/`, `\`, `?`, `#`)
 * that ends the hostname there, and a hostname the parser rewrote (case, percent-encoding, IDNA,
 * stripped tabs) differs too. Checking `username`, `port`... besides would be dead code that no
 * input reaches.
 */
function targetFor(label: string, parentDomain: string, path: string): string | null {
  const host = label + parentDomain
  let url: URL
  try {
    url = new URL(`https://${host}${path}`)
  } catch {
    return null
  }
  return url.hostname === host ? url.href : null
}
