/**
 * Sentry's ingest on its own origin: envelopes posted to the DSN are kept (raw UTF-8 text with
 * their arrival time) for tests to read and clear.
 * @see https://develop.sentry.dev/sdk/data-model/envelopes/
 */
import { Hono, type Context } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { SENTRY_PROJECT_ID, SENTRY_PUBLIC_KEY } from './config'
import type { AppEnv, PlatformContext } from './context'
import { cors } from './cors'

/** Envelopes kept at most (the oldest are dropped). */
const MAX_ENVELOPES = 1000
/** Sentry refuses envelopes over its size limit; 1 MiB is plenty for a sign-in page. */
const MAX_ENVELOPE_BYTES = 1024 * 1024

/** The Sentry origin's routes. */
export function sentryRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const { store, clock } = ctx
  const app = new Hono<AppEnv>()
  app.use(
    '/api/*',
    cors({
      isAllowed: () => true,
      wildcard: true,
      methods: ['POST', 'OPTIONS'],
      allowHeaders: '*',
    }),
  )

  const ingest = async (c: Context<AppEnv>) => {
    if (c.req.param('projectId') !== SENTRY_PROJECT_ID)
      return c.json({ detail: 'project not found' }, 404)
    const key =
      c.req.query('sentry_key') ??
      /sentry_key=([^,\s]+)/.exec(c.req.header('X-Sentry-Auth') ?? '')?.[1]
    if (key !== undefined && key !== SENTRY_PUBLIC_KEY)
      return c.json({ detail: 'invalid api key' }, 401)
    const body = await c.req.text()
    store.envelopes.push({ receivedAt: new Date(clock.now()).toISOString(), body })
    if (store.envelopes.length > MAX_ENVELOPES) store.envelopes.shift()
    return c.json({}, 200)
  }
  const limit = bodyLimit({
    maxSize: MAX_ENVELOPE_BYTES,
    onError: (c) => c.json({ detail: 'envelope exceeded size limits' }, 413),
  })
  app.post('/api/:projectId/envelope/', limit, ingest)
  app.post('/api/:projectId/envelope', limit, ingest)

  /**
   * The project's security endpoint (Project Settings > Security Headers), where a CSP's
   * `report-uri` and the Reporting API's `Reporting-Endpoints` deliver violation reports. A
   * browser cannot add an auth header to a report, so the public key is in the query.
   * @see https://docs.sentry.io/platforms/javascript/security-policy-reporting/
   */
  const security = async (c: Context<AppEnv>) => {
    if (c.req.param('projectId') !== SENTRY_PROJECT_ID)
      return c.json({ detail: 'project not found' }, 404)
    if (c.req.query('sentry_key') !== SENTRY_PUBLIC_KEY)
      return c.json({ detail: 'missing or invalid api key' }, 401)
    const contentType = (c.req.header('Content-Type') ?? '').split(';')[0]!.trim().toLowerCase()
    let body: unknown
    try {
      body = JSON.parse(await c.req.text())
    } catch {
      return c.json({ detail: 'invalid security report' }, 400)
    }
    if (typeof body !== 'object' || body === null)
      return c.json({ detail: 'invalid security report' }, 400)
    store.securityReports.push({
      receivedAt: new Date(clock.now()).toISOString(),
      contentType,
      body,
    })
    if (store.securityReports.length > MAX_ENVELOPES) store.securityReports.shift()
    return c.json({}, 200)
  }
  app.post('/api/:projectId/security/', limit, security)
  app.route('/', envelopeTestRoutes(ctx))
  return app
}

/**
 * `GET /__test/envelopes` (`[{receivedAt, body}]`), `DELETE /__test/envelopes`, and
 * `GET /__test/security-reports` (`[{receivedAt, contentType, body}]`, cleared by the reset).
 */
export function envelopeTestRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/__test/envelopes', (c) => c.json(ctx.store.envelopes))
  app.get('/__test/security-reports', (c) => c.json(ctx.store.securityReports))
  app.delete('/__test/envelopes', (c) => {
    ctx.store.envelopes = []
    return c.body(null, 204)
  })
  return app
}
