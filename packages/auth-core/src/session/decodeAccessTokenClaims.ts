import * as v from 'valibot'
import { AuthError } from '../errors/authError'
import { decodeBase64Url } from '../http/base64url'
import { decodeJsonPart } from '../http/decodeJsonPart'
import { isJsonObject } from '../http/isJsonObject'
import type { AccessTokenClaims } from './session.types'

/** The claims the session reads. `sub` and `exp` are required; the others are decorative. */
const ClaimsSchema = v.object({
  sub: v.pipe(v.string(), v.nonEmpty()),
  exp: v.pipe(v.number(), v.finite()),
  iat: v.fallback(v.optional(v.pipe(v.number(), v.finite())), undefined),
  email: v.fallback(v.optional(v.string()), undefined),
  scp: v.fallback(v.optional(v.array(v.string())), undefined),
  scope: v.fallback(v.optional(v.string()), undefined),
})

/**
 * Decodes the claims of a JWS-compact access token (three base64url parts whose first two are
 * JSON objects) WITHOUT verifying its signature: the result is for showing who is signed in and
 * for deciding when to refresh, never for an authorization decision (the resource server checks
 * the token). `sub` must be a non-empty string and `exp` a number; a wrongly typed `iat`, `email`,
 * `scp` or `scope` is treated as absent.
 *
 * @throws AuthError `unknown_error` whose message names the problem (not a JWT, bad base64url,
 *   not JSON, no `sub`/`exp`), never the token itself.
 * @see https://www.rfc-editor.org/rfc/rfc7519#section-7.2 (validating a JWT; steps 1 to 6 here)
 * @see https://www.rfc-editor.org/rfc/rfc9068#section-2.2 (access-token claims: sub, exp, iat, scope)
 * @see https://developer.okta.com/docs/reference/api/oidc/#access-token-payload (Okta's `scp`)
 */
export function decodeAccessTokenClaims(token: string): AccessTokenClaims {
  const parts = token.split('.')
  if (parts.length !== 3) throw invalid('is not a JWT (it needs three dot-separated parts)')
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string]
  const header = decodeJsonPart(headerPart)
  const payload = decodeJsonPart(payloadPart)
  if (header === undefined || payload === undefined || !decodeBase64Url(signaturePart)?.length)
    throw invalid('has a part that is not base64url (or not JSON where JSON is expected)')
  if (!isJsonObject(header) || !isJsonObject(payload))
    throw invalid('has a header or claims that are not a JSON object')
  const result = v.safeParse(ClaimsSchema, payload)
  if (!result.success) throw invalid('lacks a string "sub" or a numeric "exp" claim')
  const claims = result.output
  return {
    subject: claims.sub,
    email: claims.email ?? null,
    expiresAt: claims.exp,
    issuedAt: claims.iat ?? null,
    scopes: claims.scp ?? claims.scope?.split(' ').filter(Boolean) ?? [],
  }
}

function invalid(problem: string): AuthError {
  return new AuthError('unknown_error', `The access_token cookie ${problem}.`)
}
