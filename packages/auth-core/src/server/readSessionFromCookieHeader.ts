/**
 * The platform session as a sub-site backend receives it: the `access_token` and `refresh_token`
 * cookies in the `Cookie` header of a request its page sent.
 */
import { COOKIE_NAMES } from '../cookies/cookie.types'
import { isCookieValue } from '../cookies/cookieRules'
import { readCookieHeader } from '../cookies/readCookieHeader'

/** A `Cookie` header longer than this (64 KiB; Node refuses headers over 16 KiB) is refused. */
const MAX_COOKIE_HEADER_LENGTH = 65_536

/**
 * The token cookies of a request, as sent: NOT verified (pass `accessToken` to
 * `verifyAccessToken` before trusting it). At least one of the two is present.
 */
export interface CookieHeaderSession {
  /** The `access_token` cookie, or null when the request has none (it may need a refresh). */
  readonly accessToken: string | null
  /** The `refresh_token` cookie, or null. Only the identity provider can use it. */
  readonly refreshToken: string | null
}

/**
 * Reads the platform's token cookies from a `Cookie` request header: Node's
 * `request.headers.cookie` (a string, or undefined) or a Fetch `request.headers.get('cookie')`
 * (a string, or null); an array of header values is read as one. Never throws. Null when:
 * - there is no header, or it is not a string (or an array of strings), or it is over 64 KiB;
 * - neither `access_token` nor `refresh_token` is there (an empty value counts as none);
 * - either name appears twice: a copy with another Domain or Path (a sibling sub-domain's
 *   tossed cookie) makes the session damaged, and neither value is used;
 * - a token value is not a plain cookie value (quotes, spaces, commas, over 4 KB).
 * Pairs without `=` are skipped, as browsers skip them. Values are not URL-decoded (the tokens
 * are base64url and never encoded).
 *
 * @see ../../../../shared/docs/contracts.md (Cookies the app writes; a name twice is a damaged session)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.4 (the Cookie header)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-8.6 (weak integrity)
 */
export function readSessionFromCookieHeader(
  cookieHeader: string | readonly string[] | null | undefined,
): CookieHeaderSession | null {
  // Checked at run time too: JavaScript callers and loosely typed frameworks pass anything.
  const given: unknown = cookieHeader
  const header = Array.isArray(given)
    ? given.every((part) => typeof part === 'string')
      ? given.join('; ')
      : null
    : given
  if (typeof header !== 'string' || header.length > MAX_COOKIE_HEADER_LENGTH) return null
  const cookies = readCookieHeader(header)
  const accessTokens = cookies.getAll(COOKIE_NAMES.accessToken)
  const refreshTokens = cookies.getAll(COOKIE_NAMES.refreshToken)
  if (accessTokens.length > 1 || refreshTokens.length > 1) return null
  const accessToken = tokenValue(accessTokens[0], COOKIE_NAMES.accessToken)
  const refreshToken = tokenValue(refreshTokens[0], COOKIE_NAMES.refreshToken)
  if (accessToken === undefined || refreshToken === undefined) return null
  if (accessToken === null && refreshToken === null) return null
  return { accessToken, refreshToken }
}

/** Null when absent or empty, the value when it is a plain cookie value, else undefined. */
function tokenValue(value: string | undefined, name: string): string | null | undefined {
  if (value === undefined || value === '') return null
  return isCookieValue(value, name) ? value : undefined
}
