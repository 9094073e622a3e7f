import { AuthError } from '../errors/authError'
import { decodeJsonPart } from '../http/decodeJsonPart'
import { isJsonObject } from '../http/isJsonObject'
import { COOKIE_NAMES } from './cookie.types'
import type { CookieWrite } from './cookie.types'
import { clampMaxAge, REFRESH_TOKEN_MAX_AGE_SECONDS } from './cookieLifetimes'
import { cookieScope, isCookieName, isCookieValue } from './cookieRules'
import type { CookieScopeConfig } from './cookieRules'

/**
 * The cookies for the map the product API returned on the Google path, with the same attributes
 * as the token cookies (auth-core decides every attribute; the response only gives names and
 * values). Lifetime: a JWT value with a numeric `exp` lives until then (clamped to one second ..
 * one day); otherwise `refresh_token` gets {@link REFRESH_TOKEN_MAX_AGE_SECONDS}; anything else is
 * a session cookie.
 *
 * @param nowEpochSeconds - the current time, from the caller's clock.
 * @throws AuthError `google_failed` for an invalid name or value, or a JWT that already expired.
 * @see ../../../../shared/docs/contracts.md (Cookies the app writes)
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-4.1.4 (exp)
 */
export function planApiCookies(
  config: CookieScopeConfig,
  cookies: Readonly<Record<string, string>>,
  nowEpochSeconds: number,
): CookieWrite[] {
  return Object.entries(cookies).map(([name, value]) => {
    if (!isCookieName(name) || !isCookieValue(value, name))
      throw new AuthError('google_failed', 'The product API returned an invalid cookie.', {
        providerCode: 'invalid_cookie',
      })
    const maxAgeSeconds = lifetime(name, value, nowEpochSeconds)
    return {
      name,
      value,
      ...cookieScope(config),
      secure: true,
      sameSite: 'Lax',
      ...(maxAgeSeconds === undefined ? {} : { maxAgeSeconds }),
    } satisfies CookieWrite
  })
}

function lifetime(name: string, value: string, now: number): number | undefined {
  const exp = jwtExpiry(value)
  if (exp !== undefined) {
    const remaining = clampMaxAge(exp - now)
    if (remaining === null || exp <= now)
      throw new AuthError('google_failed', 'The product API returned an expired token cookie.', {
        providerCode: 'expired_cookie',
      })
    return remaining
  }
  return name === COOKIE_NAMES.refreshToken ? REFRESH_TOKEN_MAX_AGE_SECONDS : undefined
}

/** The numeric `exp` claim of a compact JWS/JWT value, or undefined when the value is not one. */
function jwtExpiry(value: string): number | undefined {
  const parts = value.split('.')
  if (parts.length !== 3) return undefined
  // Stryker disable next-line StringLiteral: three parts always have a second one; the fallback is for the type checker
  const payload = decodeJsonPart(parts[1] ?? '')
  if (!isJsonObject(payload)) return undefined
  return Number.isFinite(payload.exp) ? Number(payload.exp) : undefined
}
