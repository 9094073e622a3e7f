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
  app.route('/', envelopeTestRoutes(ctx))
  return app
}

/** `GET /__test/envelopes` (`[{receivedAt, body}]`) and `DELETE /__test/envelopes`. */
export function envelopeTestRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const app = new Hono<AppEnv>()
  app.get('/__test/envelopes', (c) => c.json(ctx.store.envelopes))
  app.delete('/__test/envelopes', (c) => {
    ctx.store.envelopes = []
    return c.body(null, 204)
  })
  return app
}
