/**
 * Our API on Express, behind the platform's middleware; in production it also serves the built
 * pages (`dist/`). server/main.ts starts it.
 */
import express from 'express'
import { createAccessTokenMiddleware } from '@mapping-platform/auth-core/server'
import type {
  RequestVerifierOptions,
  VerifiedAccessToken,
} from '@mapping-platform/auth-core/server'

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by the platform's middleware: the verified token's claims. */
      auth?: VerifiedAccessToken
    }
  }
}

export function createExpressApp(options: RequestVerifierOptions, pagesDir?: string) {
  const app = express()
  const requireToken = createAccessTokenMiddleware(options)
  app.get('/api/me', requireToken, (req, res) => {
    res.json({ subject: req.auth?.subject, scopes: req.auth?.scopes })
  })
  app.get('/api/projects/:id', requireToken, (req, res) => {
    res.json({ id: req.params.id, name: `Project ${req.params.id}`, owner: req.auth?.subject })
  })
  app.post('/api/projects/:id/star', requireToken, (req, res) => {
    res.json({ starred: req.params.id, by: req.auth?.subject })
  })
  if (pagesDir !== undefined) {
    app.use(express.static(pagesDir))
    // A deep link is the single-page app's: its router takes it from there.
    app.get('/{*path}', (_req, res) => res.sendFile('index.html', { root: pagesDir }))
  }
  return app
}
