/**
 * Token introspection (RFC 7662) at `{issuer}/v1/introspect`, which Okta's SDK calls for
 * `token.introspect()` after reading `introspection_endpoint` from discovery: whether a token of
 * this client is active, and its claims.
 * @see https://developer.okta.com/docs/reference/api/oidc/#introspect
 * @see https://www.rfc-editor.org/rfc/rfc7662#section-2
 */
import { Hono, type Context } from 'hono'
import { epochSeconds } from './clock'
import { AUTH_SERVER_ID, OKTA_CLIENT_ID } from './config'
import type { AppEnv, PlatformContext } from './context'
import { appOrSubsiteOrigin, cors } from './cors'
import { publicClientId } from './publicClientId'

const PATH = `/oauth2/${AUTH_SERVER_ID}/v1/introspect`
const TOKEN_TYPE_HINTS = new Set(['access_token', 'id_token', 'refresh_token', 'device_secret'])

/**
 * `POST /v1/introspect` (form: `token`, optional `token_type_hint`; the public client named by
 * `client_id` or HTTP Basic with no secret). 200 `{active: false}` for anything not live or not
 * this client's: unknown, expired, revoked or rotated; else `active: true` with the token's
 * claims (access and ID tokens: signature, issuer and expiry on the platform clock checked;
 * refresh tokens: from the store). Missing `token`: 400 `invalid_request`; an unknown hint: 400
 * `unsupported_token_type`; no or another client: 401 `invalid_client`. CORS for the app and
 * sub-site origins, `Authorization` allowed (the SDK sends Basic).
 */
export function introspectionRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const { config, clock, signer, store } = ctx
  const app = new Hono<AppEnv>()
  app.use(
    PATH,
    cors({
      isAllowed: appOrSubsiteOrigin(config),
      methods: ['POST', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'X-Okta-User-Agent-Extended'],
      credentials: true,
    }),
  )
  const noStore = { 'Cache-Control': 'no-store', Pragma: 'no-cache' }
  const error = (c: Context<AppEnv>, status: 400 | 401, code: string, description: string) =>
    c.json({ error: code, error_description: description }, status, noStore)

  app.post(PATH, async (c) => {
    if (!(c.req.header('Content-Type') ?? '').startsWith('application/x-www-form-urlencoded'))
      return error(
        c,
        400,
        'invalid_request',
        "The request must be sent as 'application/x-www-form-urlencoded'.",
      )
    const form = new URLSearchParams(await c.req.text())
    const clientId = publicClientId(c.req.header('Authorization'), form)
    if (clientId === null) return error(c, 401, 'invalid_client', 'No client credentials found.')
    if (clientId !== OKTA_CLIENT_ID)
      return error(
        c,
        401,
        'invalid_client',
        'Client authentication failed. Either the client or the client credentials are invalid.',
      )
    const token = form.get('token')
    if (!token) return error(c, 400, 'invalid_request', "The 'token' parameter is required.")
    const hint = form.get('token_type_hint')
    if (hint !== null && !TOKEN_TYPE_HINTS.has(hint))
      return error(
        c,
        400,
        'unsupported_token_type',
        `The token_type_hint '${hint}' is not supported by the authorization server.`,
      )
    const now = clock.now()
    const refresh = store.refreshTokens.get(token)
    if (refresh) {
      const live =
        refresh.clientId === clientId &&
        !refresh.used &&
        refresh.expiresAt > now &&
        !store.revokedFamilies.has(refresh.familyId)
      const user = store.users.get(refresh.userId)
      if (!live || !user) return c.json({ active: false }, 200, noStore)
      return c.json(
        {
          active: true,
          scope: refresh.scopes.join(' '),
          client_id: refresh.clientId,
          username: user.login,
          exp: epochSeconds(refresh.expiresAt),
          sub: user.login,
          iss: config.issuer,
          uid: user.id,
        },
        200,
        noStore,
      )
    }
    const claims = await signer.verifyIgnoringExpiry(token)
    const owner = claims?.cid ?? claims?.aud
    if (
      !claims ||
      claims.iss !== config.issuer ||
      owner !== clientId ||
      typeof claims.exp !== 'number' ||
      claims.exp <= epochSeconds(now)
    )
      return c.json({ active: false }, 200, noStore)
    const isAccessToken = claims.cid !== undefined
    const body: Record<string, unknown> = { active: true, ...claims, client_id: clientId }
    if (isAccessToken) {
      body.token_type = 'Bearer'
      body.scope = Array.isArray(claims.scp) ? claims.scp.join(' ') : ''
      body.username = claims.sub
      delete body.scp
      delete body.cid
    }
    return c.json(body, 200, noStore)
  })
  return app
}
