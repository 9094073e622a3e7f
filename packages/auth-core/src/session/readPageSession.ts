import { COOKIE_NAMES } from '../cookies/cookie.types'
import { isCookieValue } from '../cookies/cookieRules'
import { readCookieHeader } from '../cookies/readCookieHeader'
import type { PageSession } from '../flow/signInFlow.types'
import { decodeBase64Url } from '../http/base64url'
import { DEFAULT_CLOCK_SKEW_SECONDS } from './session.types'

/**
 * Whether the parent-domain cookies hold a live platform session, for the sign-in page's
 * "already signed in" step: an access token whose `exp` is still ahead (with the session's clock
 * skew), or a refresh token that can renew it. A token cookie that appears twice (e.g. a copy
 * with a deeper Path from a sibling sub-domain), or that is not a plain cookie value, and an
 * access token that is not a JWT with a string `sub` and a numeric `exp`, count as no session
 * (contracts: readers use neither value). `who` is the token's `email` claim, else its `sub`.
 * The same reading as `readSessionSnapshot`, kept small because it runs before the first paint
 * (no schema library in the first load).
 * @param cookieHeader - `document.cookie`.
 * @see ../../../../shared/docs/contracts.md (cookies the app writes)
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-4.1.4 (exp)
 */
export function readPageSession(cookieHeader: string, nowMs: number): PageSession {
  const cookies = readCookieHeader(cookieHeader)
  const read = (name: string): string | null | 'damaged' => {
    const found = cookies.getAll(name)
    if (found.length === 0 || found[0] === '') return null
    if (found.length > 1) return 'damaged'
    // Stryker disable next-line StringLiteral: found holds exactly one value here; the fallback is for the type checker
    const value = found[0] ?? ''
    return isCookieValue(value, name) ? value : 'damaged'
  }
  const access = read(COOKIE_NAMES.accessToken)
  const refresh = read(COOKIE_NAMES.refreshToken)
  if (access === 'damaged' || refresh === 'damaged') return { status: 'none' }
  const claims = access === null ? null : accessClaims(access)
  if (access !== null && claims === null) return { status: 'none' }
  const active = claims !== null && nowMs + DEFAULT_CLOCK_SKEW_SECONDS * 1000 < claims.exp * 1000
  if (!active && refresh === null) return { status: 'none' }
  return { status: 'live', who: claims?.email ?? claims?.sub ?? null }
}

/** `sub`, `exp` and `email` of an access token, decoded (not verified); null when malformed. */
function accessClaims(token: string): { sub: string; exp: number; email: string | null } | null {
  const parts = token.split('.')
  // Stryker disable next-line StringLiteral: parts has three elements here; the fallback is for the type checker
  const bytes = parts.length === 3 ? decodeBase64Url(parts[1] ?? '') : null
  // Stryker disable next-line ConditionalExpression: decoding null throws below, and the catch answers null too
  if (bytes === null) return null
  try {
    const claims: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
    // Stryker disable next-line ConditionalExpression,LogicalOperator: null throws when destructured (caught: null), and a number, string or array has no string sub
    if (typeof claims !== 'object' || claims === null) return null
    const { sub, exp, email } = claims as Record<string, unknown>
    if (typeof sub !== 'string' || sub === '' || typeof exp !== 'number' || !Number.isFinite(exp))
      return null
    return { sub, exp, email: typeof email === 'string' && email !== '' ? email : null }
  } catch {
    return null
  }
}
