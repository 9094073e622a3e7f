import { parseUrl } from '../config/platformFields'
import { AuthError } from '../errors/authError'

/** Loopback host names: `localhost` and its subdomains (RFC 6761), 127.0.0.1 and ::1. */
const LOOPBACK = /^(?:(?:[a-z0-9-]+\.)*localhost|127\.0\.0\.1|\[::1\])$/

/**
 * The origins the authenticated fetch may send the platform token to, checked once when it is
 * created: each exactly as `new URL(url).origin` writes it (scheme, lowercase host, a port only
 * when it is not the scheme's default; no path, no trailing `/`), `https:`, or `http:` on a
 * loopback host (`localhost`, `*.localhost`, `127.0.0.1`, `[::1]`) in local mode only.
 * @throws AuthError `configuration_error` whose message names every refused entry.
 * @see https://html.spec.whatwg.org/multipage/browsers.html#ascii-serialisation-of-an-origin
 */
export function checkApiOrigins(apiOrigins: unknown, localMode: boolean): ReadonlySet<string> {
  if (!Array.isArray(apiOrigins))
    throw new AuthError(
      'configuration_error',
      'apiOrigins must be an array of origins, e.g. ["https://api.example.com"].',
    )
  const expected = `an https://${localMode ? ' (or http://localhost)' : ''} origin`
  const problems: string[] = []
  apiOrigins.forEach((entry: unknown, index) => {
    if (!isApiOrigin(entry, localMode))
      problems.push(
        `apiOrigins[${index}] ${JSON.stringify(entry)} is not ${expected} as new URL(url).origin writes it.`,
      )
  })
  if (problems.length > 0) throw new AuthError('configuration_error', problems.join(' '))
  return new Set(apiOrigins as string[])
}

function isApiOrigin(entry: unknown, localMode: boolean): boolean {
  // Stryker disable next-line ConditionalExpression: URL reads anything else as its string, and the origin then never equals the entry itself
  const url = typeof entry === 'string' ? parseUrl(entry, localMode) : null
  if (url === null || url.origin !== entry) return false
  return url.protocol === 'https:' || LOOPBACK.test(url.hostname)
}
