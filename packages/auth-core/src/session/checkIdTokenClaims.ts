import * as v from 'valibot'
import { decodeJsonPart } from '../http/decodeJsonPart'
import { isJsonObject } from '../http/isJsonObject'
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import type { SessionOAuthConfig } from './sessionRequestOptions'

/** How far `exp` and `nbf` may be off the clock, in seconds (oauth4webapi's default, kept). */
const CLOCK_TOLERANCE_SECONDS = 30

/** The claims every ID token carries, by type (`aud` and `azp` are compared by hand). */
const IdTokenClaimsSchema = v.object({
  iss: v.string(),
  sub: v.string(),
  exp: v.number(),
  iat: v.number(),
  nbf: v.optional(v.number()),
  auth_time: v.optional(v.pipe(v.number(), v.minValue(0))),
})

/**
 * The claims of an ID token from the token endpoint once checked, or the name of the first check
 * it fails: `header` (a JSON object with `alg` RS256 and no `crit`), `claims` (a JSON object with
 * string `iss` and `sub`, numeric `exp` and `iat`, and `nbf` and `auth_time`, when present,
 * numbers), `iss` (exactly the issuer), `aud` (the client id, or an array holding it), `azp` (the
 * client id, required with more than one audience), `exp` (not past) or `nbf` (not in the future),
 * both with 30 s tolerance. The signature is NOT verified: the token comes straight from the
 * token endpoint over TLS (OpenID Connect Core 3.1.3.7 step 6 allows that in place of it).
 *
 * @param nowSeconds the current time in epoch seconds.
 * @see https://openid.net/specs/openid-connect-core-1_0.html#IDTokenValidation
 * @see https://openid.net/specs/openid-connect-core-1_0.html#RefreshTokenResponse
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-4.1 (registered claims)
 */
export function checkIdTokenClaims(
  config: SessionOAuthConfig,
  idToken: string,
  nowSeconds: number,
): (Record<string, unknown> & { readonly exp: number }) | string {
  // Stryker disable next-line StringLiteral: split gives the header part always; a missing claims part decodes to no object either way
  const [headerPart = '', claimsPart = ''] = idToken.split('.')
  const header = decodeJsonPart(headerPart)
  const claims = decodeJsonPart(claimsPart)
  if (!isJsonObject(header) || header['alg'] !== 'RS256' || header['crit'] !== undefined)
    return 'header'
  const result = v.safeParse(IdTokenClaimsSchema, claims)
  if (!result.success || !isJsonObject(claims)) return 'claims'
  const { iss, exp, nbf } = result.output
  const { aud, azp } = claims
  const audiences: unknown[] = Array.isArray(aud) ? aud : [aud]
  if (iss !== oauthEndpointsFor(config).issuer) return 'iss'
  if (!audiences.includes(config.clientId)) return 'aud'
  if (audiences.length !== 1 && azp !== config.clientId) return 'azp'
  if (exp <= nowSeconds - CLOCK_TOLERANCE_SECONDS) return 'exp'
  if (nbf !== undefined && nbf > nowSeconds + CLOCK_TOLERANCE_SECONDS) return 'nbf'
  return { ...claims, exp }
}
