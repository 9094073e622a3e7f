/**
 * The Sentry SDK with this app's options. Only ever imported dynamically (by `reporter.ts`), so it
 * is its own chunk, fetched only after a failure or an uncaught error (never on a successful
 * sign-in). Named imports and an explicit integration list keep the chunk to what is used: Sentry
 * 11's default integrations (sessions, culture context, console capture, wrapped timers, …) are
 * neither run nor bundled.
 */
import {
  breadcrumbsIntegration,
  captureException,
  captureMessage,
  dedupeIntegration,
  globalHandlersIntegration,
  httpContextIntegration,
  init,
  linkedErrorsIntegration,
} from '@sentry/browser'
import { scrubBreadcrumb, scrubEvent } from '@mapping-platform/auth-core'

type SentryOptions = NonNullable<Parameters<typeof init>[0]>

/** The Sentry functions the reporter uses. */
export interface SentryClient {
  readonly captureMessage: typeof captureMessage
  readonly captureException: typeof captureException
}

/**
 * The `Sentry.init` options: scrubbers on events, transactions and breadcrumbs; five integrations
 * and none of the defaults; no tracing, replay or profiling. Sentry 11 has no `sendDefaultPii`: its
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
    // Only these integrations run: breadcrumbs of clicks, requests and history changes (Sentry 11
    // records console breadcrumbs in its own `Console` integration, left out: a console line can
    // echo anything), uncaught errors and rejections, error causes, de-duplication, and the page's
    // URL and user agent (scrubbed like everything else).
    defaultIntegrations: false,
    integrations: [
      breadcrumbsIntegration(),
      globalHandlersIntegration(),
      linkedErrorsIntegration(),
      dedupeIntegration(),
      httpContextIntegration(),
    ],
  }
}

/** Initialises Sentry for `dsn` (tests pass a capturing transport). */
export function initSentry(dsn: string, transport?: SentryOptions['transport']): SentryClient {
  init({ ...sentryOptions(dsn), ...(transport ? { transport } : {}) })
  return { captureMessage, captureException }
}
