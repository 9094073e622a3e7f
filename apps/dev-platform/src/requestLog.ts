/** The request log the e2e suite reads at `GET /__test/requests`: who was called, never bodies. */
import type { MiddlewareHandler } from 'hono'
import type { Role } from './config'
import type { AppEnv, PlatformContext } from './context'
import { cookieNames } from './deviceCookie'

/** Oldest entries are dropped beyond this, so a long dev session does not grow without bound. */
const MAX_ENTRIES = 5000

/** Logs `{role, origin, method, path, cookies (names only), at}` of every request except the test-control API itself. */
export function requestLog(ctx: PlatformContext, role: Role): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!c.req.path.startsWith('/__test/')) {
      const log = ctx.store.requests
      log.push({
        role,
        origin: ctx.config.urls[role],
        method: c.req.method,
        path: c.req.path,
        cookies: cookieNames(c.req.header('Cookie')),
        at: new Date(ctx.clock.now()).toISOString(),
      })
      if (log.length > MAX_ENTRIES) log.splice(0, log.length - MAX_ENTRIES)
    }
    await next()
  }
}
