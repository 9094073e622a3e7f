/**
 * The Okta origin's HTML: a landing page, the forgot-password page the app's "Forgot password"
 * button lands on, the shared stylesheet, and Okta-style 404s for unknown API paths.
 */
import { Hono } from 'hono'
import type { AppEnv, PlatformContext } from './context'
import { html, pageHeaders, PAGE_CSS, renderPage } from './htmlPage'
import { oktaError } from './oktaErrors'

/** Pages of the Okta origin. */
export function oktaPages(ctx: PlatformContext): Hono<AppEnv> {
  const { config } = ctx
  const app = new Hono<AppEnv>()

  app.get('/', (c) =>
    c.body(
      renderPage({
        title: 'Dev platform – Okta',
        main: html`<h1>Dev platform: Okta stand-in</h1>
          <p>
            This origin serves the Okta Authn API, the authorization server
            <code>${config.issuer}</code> and the test controls. You are signed out of it.
          </p>
          <p><a href="${config.signinUrl}">Go to the sign-in app</a></p>`,
      }),
      200,
      pageHeaders(),
    ),
  )

  app.get('/signin/forgot-password', (c) =>
    c.body(
      renderPage({
        title: 'Reset your password',
        main: html`<h1>Reset your password — this is the dev platform</h1>
          <p>
            Real Okta would e-mail a reset link here. The dev platform has no mail: every seeded
            account keeps the password printed at start-up, and
            <code>POST /__test/reset</code> restores them all.
          </p>
          <p><a href="${config.signinUrl}">Back to sign in</a></p>`,
      }),
      200,
      pageHeaders(),
    ),
  )

  app.get('/static/page.css', (c) =>
    c.body(PAGE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
  )

  /** Okta answers unknown API and authorization-server resources with a JSON E0000007. */
  for (const prefix of ['/api/*', '/oauth2/*'])
    app.all(prefix, (c) => {
      const { status, body } = oktaError(ctx.random, 'E0000007', {
        detail: `Resource not found: ${c.req.path}`,
      })
      return c.json(body, status)
    })
  return app
}
