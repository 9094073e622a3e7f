/**
 * How the platform's resource servers (the product API's `GET /auth/whoami`, the demo sub-site's
 * `GET /api/hello`) check a bearer access token, as the real API would: signed by this platform
 * (RS256), issuer `{okta}/oauth2/default`, audience `api://default`, `exp` still ahead on the
 * platform clock. A refusal is RFC 6750's 401 `invalid_token` with a `WWW-Authenticate` challenge.
 */
import type { Context } from 'hono'
import type { JWTPayload } from 'jose'
import { epochSeconds } from './clock'
import { ACCESS_TOKEN_AUDIENCE } from './config'
import type { AppEnv, PlatformContext } from './context'

/** The token and its claims, or why it is refused. */
export type BearerCheck =
  | { readonly ok: true; readonly token: string; readonly claims: JWTPayload }
  | { readonly ok: false; readonly message: string }

/**
 * Checks the request's `Authorization: Bearer …` access token.
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-2.1
 */
export async function verifyBearerAccessToken(
  ctx: PlatformContext,
  authorization: string | undefined,
): Promise<BearerCheck> {
  const token = /^Bearer (\S+)$/.exec(authorization ?? '')?.[1]
  if (!token) return { ok: false, message: 'A bearer access token is required.' }
  const claims = await ctx.signer.verifyIgnoringExpiry(token)
  if (!claims || claims.iss !== ctx.config.issuer || claims.aud !== ACCESS_TOKEN_AUDIENCE)
    return { ok: false, message: 'The access token is not one of this platform.' }
  if (typeof claims.exp !== 'number' || claims.exp <= epochSeconds(ctx.clock.now()))
    return { ok: false, message: 'The access token has expired.' }
  return { ok: true, token, claims }
}

/**
 * 401 `invalid_token` with its challenge.
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-3.1
 */
export function refuseToken(c: Context<AppEnv>, message: string): Response {
  return c.json({ error: 'invalid_token', message }, 401, {
    'Cache-Control': 'no-store',
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  })
}
