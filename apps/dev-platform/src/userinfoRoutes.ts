/**
 * The authorization server's UserInfo endpoint (`{issuer}/v1/userinfo`), which Okta's SDK calls
 * for `token.getUserInfo()`: claims about the user of a bearer access token, by its scopes.
 * @see https://developer.okta.com/docs/reference/api/oidc/#userinfo
 * @see https://openid.net/specs/openid-connect-core-1_0.html#UserInfo
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-3.1 (the Bearer challenge)
 */
import { Hono, type Context } from 'hono'
import { epochSeconds } from './clock'
import { ACCESS_TOKEN_AUDIENCE, AUTH_SERVER_ID } from './config'
import type { AppEnv, PlatformContext } from './context'
import { appOrSubsiteOrigin, cors } from './cors'

const PATH = `/oauth2/${AUTH_SERVER_ID}/v1/userinfo`

/**
 * `GET` or `POST /v1/userinfo` with `Authorization: Bearer <access token>`: 200 with `sub` (the
 * user id, as in the ID token), plus `name`, `given_name`, `family_name`, `preferred_username`
 * with the `profile` scope and `email`, `email_verified` with the `email` scope. A missing,
 * foreign or expired token: 401 with a `WWW-Authenticate: Bearer error="invalid_token"` challenge;
 * a token without `openid`: 403 `insufficient_scope`. CORS for the app and sub-site origins, the
 * challenge header exposed so a page can read it.
 */
export function userinfoRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const { config, clock, signer, store } = ctx
  const app = new Hono<AppEnv>()
  app.use(
    PATH,
    cors({
      isAllowed: appOrSubsiteOrigin(config),
      methods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Accept', 'Content-Type', 'X-Okta-User-Agent-Extended'],
      exposeHeaders: ['WWW-Authenticate'],
      credentials: true,
    }),
  )

  const challenge = (c: Context<AppEnv>, status: 401 | 403, error: string, description: string) =>
    c.body(null, status, {
      'Cache-Control': 'no-store',
      'WWW-Authenticate': `Bearer error="${error}", error_description="${description}"`,
    })

  const userinfo = async (c: Context<AppEnv>) => {
    const token = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    if (!token) return challenge(c, 401, 'invalid_token', 'The access token is invalid.')
    const claims = await signer.verifyIgnoringExpiry(token)
    const user = typeof claims?.uid === 'string' ? store.users.get(claims.uid) : undefined
    if (!claims || claims.iss !== config.issuer || claims.aud !== ACCESS_TOKEN_AUDIENCE || !user)
      return challenge(c, 401, 'invalid_token', 'The access token is invalid.')
    if (typeof claims.exp !== 'number' || claims.exp <= epochSeconds(clock.now()))
      return challenge(c, 401, 'invalid_token', 'The access token is invalid.')
    const scopes = Array.isArray(claims.scp) ? (claims.scp as unknown[]) : []
    if (!scopes.includes('openid'))
      return challenge(
        c,
        403,
        'insufficient_scope',
        'The access token must provide access to at least one of these scopes - openid.',
      )
    const body: Record<string, unknown> = { sub: user.id }
    if (scopes.includes('profile'))
      Object.assign(body, {
        name: `${user.firstName} ${user.lastName}`,
        given_name: user.firstName,
        family_name: user.lastName,
        preferred_username: user.login,
      })
    if (scopes.includes('email')) Object.assign(body, { email: user.login, email_verified: true })
    return c.json(body, 200, { 'Cache-Control': 'no-store' })
  }
  app.get(PATH, userinfo)
  app.post(PATH, userinfo)
  return app
}
