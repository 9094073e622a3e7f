/**
 * Failure reporting through Sentry, loaded lazily and only when something went wrong: on the first
 * sign-in failure, or on the first uncaught error or unhandled rejection. A successful sign-in
 * never fetches a byte of Sentry, and loading it is never on the first render's critical path.
 * Until the SDK is running, two tiny listeners (no SDK) keep the uncaught errors, and reports made
 * meanwhile are queued; once it runs, its own global handlers take over. Reports carry an error
 * code and a step, nothing else; the SDK and its scrubbers live in their own chunk (`sentry.ts`).
 */
import type { AuthErrorCode, SignInStep } from '@mapping-platform/auth-core'
import type { initSentry, SentryClient } from './sentry'
import { sendWarningEnvelope } from './sendWarningEnvelope'
import type { Warning } from './sendWarningEnvelope'

export interface Reporter {
  reportFailure(code: AuthErrorCode, step: SignInStep, severity: 'warning' | 'error'): void
  /**
   * A warning sent at once, without the SDK, because the page leaves right after (cookie names the
   * Google path left out, a deep link storage refused): only content the app fully controls.
   */
  reportWarning(warning: Warning): void
}

type Transport = Parameters<typeof initSentry>[1]

/** Where uncaught errors and unhandled rejections are heard (`window`). */
export type ErrorEvents = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>

export interface ReporterOptions {
  readonly dsn: string | null
  /** Loads the SDK chunk. */
  readonly load?: () => Promise<{ readonly initSentry: typeof initSentry }>
  /** Where to listen for uncaught errors before the SDK runs; `window` by default, null: nowhere. */
  readonly errorEvents?: ErrorEvents | null
  /** Overrides the transport (tests capture envelopes with it). */
  readonly transport?: Transport
  /** The `fetch` of the warnings sent without the SDK (`reportWarning`). */
  readonly fetch?: typeof fetch
}

/** A reporter that reports nothing (no DSN: no Sentry code is ever fetched). */
export const silentReporter: Reporter = {
  reportFailure: () => undefined,
  reportWarning: () => undefined,
}

/** The reporter for `options.dsn`: lazy Sentry, or {@link silentReporter} without a DSN. */
export function createReporter(options: ReporterOptions): Reporter {
  const { dsn } = options
  if (dsn === null) return silentReporter
  const load = options.load ?? (() => import('./sentry'))
  const target = options.errorEvents === undefined ? globalThis : options.errorEvents

  /** Uncaught errors seen before the SDK was running: sent once it is. */
  const uncaught: unknown[] = []
  const onError = (event: Event) => {
    const { error, message } = event as ErrorEvent
    uncaught.push(error ?? message)
    void start()
  }
  const onRejection = (event: Event) => {
    uncaught.push((event as PromiseRejectionEvent).reason)
    void start()
  }
  const listen = (on: boolean) => {
    const method = on ? 'addEventListener' : 'removeEventListener'
    target?.[method]('error', onError)
    target?.[method]('unhandledrejection', onRejection)
  }

  let ready: Promise<SentryClient | null> | null = null
  const start = (): Promise<SentryClient | null> => {
    ready ??= load().then(
      (module) => {
        const sentry = module.initSentry(dsn, options.transport)
        // The SDK's global handlers hear every later error: ours step aside.
        listen(false)
        for (const error of uncaught.splice(0)) sentry.captureException(error)
        return sentry
      },
      // Blocked or offline: sign-in goes on without reporting.
      () => {
        listen(false)
        return null
      },
    )
    return ready
  }

  listen(true)
  return {
    reportFailure(code, step, severity) {
      void start().then((sentry) =>
        sentry?.captureMessage(`Sign-in failure: ${code}`, {
          level: severity,
          tags: { auth_error_code: code, step },
        }),
      )
    },
    reportWarning(warning) {
      sendWarningEnvelope(dsn, warning, options.fetch ? { fetch: options.fetch } : {})
    },
  }
}
