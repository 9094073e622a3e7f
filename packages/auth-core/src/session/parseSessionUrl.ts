import type { SessionConfig } from './session.types'

/**
 * A URL the session navigates to by itself (the sign-in page, the page after sign-out), or null
 * when it is not acceptable: it must be absolute `https://` (`http://` only in local mode),
 * without user info or fragment, and, outside local mode, on the parent domain or one of its
 * sub-domains, so a sub-site can never be turned into an open redirector.
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
  const host = `.${url.hostname}`
  return host.endsWith(config.parentDomain.toLowerCase()) ? url.href : null
}
