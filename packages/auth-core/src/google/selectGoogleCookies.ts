import { AuthError } from '../errors/authError'

/** The cookies the Google path writes, and the names it left out. */
export interface GoogleCookieSelection {
  /** The allowed entries of the product API's map, to write. */
  readonly cookies: Readonly<Record<string, string>>
  /** The names outside the allow-list, ignored (reported as names only, never values). */
  readonly ignoredNames: readonly string[]
}

/**
 * Keeps the entries of a checked cookie map (see `processGoogleAuthResponse`) whose names are in
 * `allowedNames` (`AuthConfig.googleCookieNames`, from `VITE_GOOGLE_COOKIE_NAMES`) and lists the
 * others, which are not written: a product API that starts sending a new cookie cannot make the
 * page write it until the deployment allows it.
 *
 * @throws AuthError `google_failed` (`no_allowed_cookie`) when no name of the map is allowed:
 *   the answer cannot sign anyone in.
 * @see ../../../../shared/docs/contracts.md (`VITE_GOOGLE_COOKIE_NAMES`)
 */
export function selectGoogleCookies(
  map: Readonly<Record<string, string>>,
  allowedNames: readonly string[],
): GoogleCookieSelection {
  const allowed = new Set(allowedNames)
  const entries = Object.entries(map)
  const kept = entries.filter(([name]) => allowed.has(name))
  if (kept.length === 0)
    throw new AuthError('google_failed', 'The cookie map holds none of the allowed names.', {
      status: 200,
      providerCode: 'no_allowed_cookie',
    })
  return {
    cookies: Object.fromEntries(kept),
    ignoredNames: entries.filter(([name]) => !allowed.has(name)).map(([name]) => name),
  }
}
