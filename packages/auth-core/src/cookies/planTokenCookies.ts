import { AuthError } from '../errors/authError'
import type { TokenSet } from '../oauth/oauth.types'
import { COOKIE_NAMES } from './cookie.types'
import type { CookieWrite } from './cookie.types'
import { clampMaxAge, REFRESH_TOKEN_MAX_AGE_SECONDS } from './cookieLifetimes'
import { cookieScope, isCookieValue } from './cookieRules'
import type { CookieScopeConfig } from './cookieRules'

/**
 * The cookies that carry the tokens of a successful code exchange to the sub-sites:
 * `access_token` (Max-Age from `expires_in`, clamped to one second .. one day) and, when the
 * provider issued one, `refresh_token` (Max-Age {@link REFRESH_TOKEN_MAX_AGE_SECONDS}). Both use
 * the parent domain (host-only in local mode), `Path=/`, `Secure` and `SameSite=Lax`. Only
 * `parentDomain` and `localMode` of the config are read.
 *
 * @throws AuthError `unknown_error` when a token is not a plain cookie value (it would be cut or
 *   inject attributes) or `expiresIn` is NaN.
 * @see ../../../../shared/docs/contracts.md (Cookies the app writes)
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-5.1 (expires_in)
 */
export function planTokenCookies(config: CookieScopeConfig, tokens: TokenSet): CookieWrite[] {
  const maxAge = clampMaxAge(tokens.expiresIn)
  if (maxAge === null) throw new AuthError('unknown_error', 'The token lifetime is not a number.')
  const writes = [tokenCookie(config, COOKIE_NAMES.accessToken, tokens.accessToken, maxAge)]
  if (tokens.refreshToken !== null)
    writes.push(
      tokenCookie(
        config,
        COOKIE_NAMES.refreshToken,
        tokens.refreshToken,
        REFRESH_TOKEN_MAX_AGE_SECONDS,
      ),
    )
  return writes
}

function tokenCookie(
  config: CookieScopeConfig,
  name: string,
  value: string,
  maxAgeSeconds: number,
): CookieWrite {
  if (!isCookieValue(value, name))
    throw new AuthError('unknown_error', `The ${name} is not a valid cookie value.`, {
      providerCode: 'invalid_cookie_value',
    })
  return { name, value, ...cookieScope(config), secure: true, sameSite: 'Lax', maxAgeSeconds }
}
