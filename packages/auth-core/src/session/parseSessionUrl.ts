import type { SessionConfig } from './session.types'

/**
 * A URL the session navigates to by itself (the sign-in page, the page after sign-out), or null
 * when it is not acceptable: it must be absolute `https://` (`http://` only in local mode),
 * without user info or fragment, and, outside local mode, on the parent domain or one of its
 * sub-domains (the host is the parent domain without its dot, or ends with the parent domain
 * with it), so a sub-site can never be turned into an open redirector.
 *
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.11.1 (no open redirectors)
 * @see https://openid.net/specs/openid-connect-rpinitiated-1_0.html#RedirectionAfterLogout
 */
export function parseSessionUrl(
  config: Pick<SessionConfig, 'parentDomain' | 'localMode'>,
  text: string,
): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  const schemeOk = url.protocol === 'https:' || (config.localMode && url.protocol === 'http:')
  if (!schemeOk || url.username !== '' || url.password !== '' || url.hash !== '') return null
  if (config.localMode) return url.href
  // `.${hostname}` ends with `.example.com` for example.com itself and its sub-domains only; a
  // parent domain without its leading dot would match look-alikes (evilexample.com): refused.
  // Checked at run time too: a JavaScript caller's parentDomain may be anything.
  // Stryker disable next-line StringLiteral: any value without a leading dot is refused below
  const parent = typeof config.parentDomain === 'string' ? config.parentDomain.toLowerCase() : ''
  return parent.startsWith('.') && `.${url.hostname}`.endsWith(parent) ? url.href : null
}
