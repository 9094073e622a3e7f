/**
 * The product API on its own origin: `GET /auth/google-auth` trades the Google code (bearer) and
 * the nonce the app sent to Google for the platform's cookie map; `GET /auth/whoami` says whom an
 * access token belongs to, after checking it as the real API would.
 */
import { Hono } from 'hono'
import type { AppEnv, PlatformContext } from './context'
import { appOrSubsiteOrigin, cors, originIn } from './cors'
import { faultPoint } from './faults'
import { GOOGLE_ACCOUNTS } from './googleRoutes'
import type { TokenGrants } from './tokenGrants'
import { refuseToken, verifyBearerAccessToken } from './verifyBearerAccessToken'

/** The product API's routes. */
export function productApiRoutes(ctx: PlatformContext, grants: TokenGrants): Hono<AppEnv> {
  const { store, clock } = ctx
  const app = new Hono<AppEnv>()
  app.use(
    '/auth/google-auth',
    cors({
      isAllowed: originIn(ctx.config.appOrigins),
      methods: ['GET', 'OPTIONS'],
      // Exactly the contract's request headers (shared/docs/contracts.md, spec section 7).
      allowHeaders: ['Authorization', 'nonce', 'Credentials', 'Accept'],
      exactHeaders: true,
    }),
    faultPoint(ctx, 'google-auth'),
  )

  /**
   * 200 `{access_token, refresh_token}` for an account the product knows, 404 `not_found` for
   * one it does not, 400 `invalid_request` without the `nonce` header (an `X-Nonce` is not read),
   * 401 `invalid_request` when the code is missing, unknown, used, expired, or bound to another
   * nonce. A code is spent by its first presentation.
   */
  app.get('/auth/google-auth', async (c) => {
    const refuse = (message: string) =>
      c.json({ error: 'invalid_request', message }, 401, { 'Cache-Control': 'no-store' })
    const code = /^Bearer (\S+)$/.exec(c.req.header('Authorization') ?? '')?.[1]
    if (!code) return refuse('A bearer Google authorization code is required.')
    const nonce = c.req.header('nonce')
    if (!nonce)
      return c.json(
        {
          error: 'invalid_request',
          message:
            'The nonce header is required: send the nonce given to Google in a header named nonce.',
        },
        400,
        { 'Cache-Control': 'no-store' },
      )
    const record = store.googleCodes.get(code)
    if (!record || record.used)
      return refuse('The Google authorization code is invalid or already used.')
    record.used = true
    if (record.expiresAt <= clock.now()) return refuse('The Google authorization code has expired.')
    if (record.nonce !== nonce) return refuse('The nonce does not match the authorization request.')
    const account = GOOGLE_ACCOUNTS.find((candidate) => candidate.email === record.email)
    if (account?.behaviour !== 'google-known')
      return c.json({ error: 'not_found', message: 'No user found for this email address.' }, 404, {
        'Cache-Control': 'no-store',
      })
    const tokens = await grants.issueForProductUser(account.userId)
    return c.json(
      { access_token: tokens.access_token, refresh_token: tokens.refresh_token ?? '' },
      200,
      { 'Cache-Control': 'no-store' },
    )
  })

  app.use(
    '/auth/whoami',
    cors({
      isAllowed: appOrSubsiteOrigin(ctx.config),
      methods: ['GET', 'OPTIONS'],
      allowHeaders: ['Authorization', 'Accept'],
    }),
  )

  /**
   * 200 `{sub, email, scp, exp}` for a bearer access token this platform signed (RS256), with
   * issuer `{okta}/oauth2/default`, audience `api://default` and `exp` still ahead on the
   * platform clock; otherwise 401 `invalid_token` with a `WWW-Authenticate` challenge.
   * @see https://www.rfc-editor.org/rfc/rfc6750#section-3.1
   */
  app.get('/auth/whoami', async (c) => {
    const check = await verifyBearerAccessToken(ctx, c.req.header('Authorization'))
    if (!check.ok) return refuseToken(c, check.message)
    const { sub, email, scp, exp } = check.claims
    return c.json({ sub, email, scp, exp }, 200, { 'Cache-Control': 'no-store' })
  })
  return app
}
