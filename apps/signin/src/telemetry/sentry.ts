/**
 * The Sentry SDK with this app's options. Only ever imported dynamically (by `reporter.ts`), so it
 * is its own chunk, fetched only when a DSN is configured.
 */
import * as Sentry from '@sentry/browser'
import { scrubBreadcrumb, scrubEvent } from 'auth-core'

type SentryOptions = NonNullable<Parameters<typeof Sentry.init>[0]>

/** The Sentry functions the reporter uses. */
export interface SentryClient {
  readonly captureMessage: typeof Sentry.captureMessage
}

/**
 * The `Sentry.init` options: scrubbers on events, transactions and breadcrumbs; no console
 * breadcrumbs; no tracing, replay or profiling. Sentry 11 has no `sendDefaultPii`: its
 * `dataCollection` defaults collect user info, cookies, headers, bodies and query strings, so every
 * category is switched off explicitly here.
 */
export function sentryOptions(dsn: string): SentryOptions {
  return {
    dsn,
    dataCollection: {
      userInfo: false,
      cookies: false,
      httpHeaders: false,
      httpBodies: [],
      urlQueryParams: false,
      graphQL: { document: false, variables: false },
      genAI: { inputs: false, outputs: false },
      mcp: { inputs: false, outputs: false },
      databaseQueryData: false,
      queues: false,
      stackFrameVariables: false,
      frameContextLines: 0,
    },
    // No tracing is enabled; should a transaction ever be sent, the static lifecycle makes
    // `beforeSendTransaction` (ignored under Sentry 11's default 'stream') scrub it too.
    traceLifecycle: 'static',
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb),
    // Sentry 11 records console breadcrumbs in its own `Console` integration: left out, since a
    // console line can echo anything.
    integrations: (defaults) => defaults.filter((integration) => integration.name !== 'Console'),
  }
}

/** Initialises Sentry for `dsn` (tests pass a capturing transport). */
export function initSentry(dsn: string, transport?: SentryOptions['transport']): SentryClient {
  Sentry.init({ ...sentryOptions(dsn), ...(transport ? { transport } : {}) })
  return Sentry
}
