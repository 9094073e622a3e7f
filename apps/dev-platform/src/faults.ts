/**
 * Injected failures for the e2e suite (`POST /__test/faults`): the next N requests to a target
 * are delayed, fail with 500, answer truncated JSON or an HTML page with 200, or lose their
 * connection, so the app's handling of a misbehaving provider can be shown.
 */
import type { MiddlewareHandler } from 'hono'
import type { AppEnv, PlatformContext } from './context'
import { sleep } from './context'
import { html, pageHeaders, renderPage } from './htmlPage'
import { oktaError } from './oktaErrors'
import type { FaultTarget } from './store'

/** A JSON body cut off mid-way, as a dropped proxy connection leaves it. */
export const MALFORMED_JSON = '{"status":"SUCCESS","sessionToken":"00'

/** Middleware: applies the next pending fault for `target`, if any, before the real handler. */
export function faultPoint(ctx: PlatformContext, target: FaultTarget): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return next()
    const fault = ctx.store.takeFault(target)
    if (!fault) return next()
    switch (fault.mode) {
      case 'delay':
        await sleep(fault.delayMs)
        return next()
      case 'status500':
        return serverError(ctx, target)
      case 'malformed':
        return new Response(MALFORMED_JSON, {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        })
      case 'html200':
        return new Response(
          renderPage({
            title: 'Service temporarily unavailable',
            main: html`<h1>Service temporarily unavailable</h1>
              <p>An upstream proxy answered instead of the service (dev platform fault).</p>`,
          }),
          { status: 200, headers: pageHeaders() },
        )
      case 'network-drop':
        c.env.incoming.socket.destroy()
        return new Response(null, { status: 204 })
    }
  }
}

function serverError(ctx: PlatformContext, target: FaultTarget): Response {
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), {
      status: 500,
      headers: { 'Content-Type': 'application/json' },
    })
  switch (target) {
    case 'authn':
      return json(oktaError(ctx.random, 'E0000009').body)
    case 'token':
    case 'revoke':
    case 'keys':
      return json({
        error: 'server_error',
        error_description: 'The server encountered an internal error.',
      })
    case 'google-auth':
      return json({ error: 'internal_error', message: 'Internal server error.' })
    case 'authorize':
      return new Response(
        renderPage({ title: 'Server error', main: html`<h1>500 — Internal Server Error</h1>` }),
        { status: 500, headers: pageHeaders() },
      )
  }
}
