/**
 * The demo sub-site's own backend API, called by its page through auth-react's authenticated
 * `fetch` (same origin). `GET /api/hello` checks the bearer access token as the product API does
 * and answers who it belongs to.
 *
 * A demonstration of the 401 path, on purpose: the FIRST access token it sees for each person is
 * refused with 401 `invalid_token`, as an API that had revoked it would (and stays refused). The
 * page's library then forces one refresh and retries once with the new token, which is accepted.
 * So the very first call after signing in shows the whole path; later calls succeed at once.
 * `POST /__test/reset` forgets which tokens were refused.
 */
import { Hono } from 'hono'
import type { AppEnv, PlatformContext } from '../context'
import { refuseToken, verifyBearerAccessToken } from '../verifyBearerAccessToken'
import { DEMO_API_PATH } from './client/subsiteConfig'

/** The demo API's routes. */
export function demoApiRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  /** 200 `{sub, email, exp}`, or 401 `invalid_token` (see the module comment for the first token). */
  app.get(DEMO_API_PATH, async (c) => {
    const check = await verifyBearerAccessToken(ctx, c.req.header('Authorization'))
    if (!check.ok) return refuseToken(c, check.message)
    const subject = String(check.claims.sub)
    const refused = ctx.store.demoApiRefused
    if (!refused.has(subject)) refused.set(subject, check.token)
    if (refused.get(subject) === check.token)
      return refuseToken(
        c,
        'The demo API refuses the first access token it sees (a demo of the 401 path).',
      )
    const { sub, email, exp } = check.claims
    return c.json({ sub, email, exp }, 200, { 'Cache-Control': 'no-store' })
  })
  return app
}
