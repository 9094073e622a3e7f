/**
 * Failure reporting through Sentry, loaded lazily: only when a DSN is configured, and never on the
 * first render's critical path (on the first failure, or once the browser is idle after load).
 * Reports carry an error code and a step, nothing else; the SDK and its scrubbers live in their
 * own chunk (`sentry.ts`).
 */
import type { AuthErrorCode, SignInStep } from 'auth-core'
import type { initSentry, SentryClient } from './sentry'

export interface Reporter {
  reportFailure(code: AuthErrorCode, step: SignInStep, severity: 'warning' | 'error'): void
}

type Transport = Parameters<typeof initSentry>[1]

export interface ReporterOptions {
  readonly dsn: string | null
  /** Loads the SDK chunk. */
  readonly load?: () => Promise<{ readonly initSentry: typeof initSentry }>
  /** Runs the idle-time initialisation. */
  readonly whenIdle?: (callback: () => void) => void
  /** Overrides the transport (tests capture envelopes with it). */
  readonly transport?: Transport
}

/** A reporter that reports nothing (no DSN: no Sentry code is ever fetched). */
export const silentReporter: Reporter = { reportFailure: () => undefined }

/** The reporter for `options.dsn`: lazy Sentry, or {@link silentReporter} without a DSN. */
export function createReporter(options: ReporterOptions): Reporter {
  const { dsn } = options
  if (dsn === null) return silentReporter
  const load = options.load ?? (() => import('./sentry'))
  let ready: Promise<SentryClient | null> | null = null
  const start = (): Promise<SentryClient | null> => {
    ready ??= load().then(
      (module) => module.initSentry(dsn, options.transport),
      // Blocked or offline: sign-in goes on without reporting.
      () => null,
    )
    return ready
  }
  options.whenIdle?.(() => void start())
  return {
    reportFailure(code, step, severity) {
      void start().then((sentry) =>
        sentry?.captureMessage(`Sign-in failure: ${code}`, {
          level: severity,
          tags: { auth_error_code: code, step },
        }),
      )
    },
  }
}
