/**
 * The same API on Hono (fetch-standard: also what a Next.js route handler or an edge function
 * does), with the platform's request check.
 */
import { Hono } from 'hono'
import { createRequestVerifier } from '@mapping-platform/auth-core/server'
import type { RequestVerifierOptions } from '@mapping-platform/auth-core/server'

export function createHonoApp(options: RequestVerifierOptions) {
  const verify = createRequestVerifier(options)
  const app = new Hono()
  app.get('/api/me', async (c) => {
    const result = await verify(c.req.raw)
    if (!result.ok) return c.json({ error: result.reason }, result.status, { ...result.headers })
    return c.json({ subject: result.claims.subject, via: result.credentials })
  })
  return app
}
