import { describe, expect, it, vi } from 'vitest'
import { createReporter, silentReporter } from './reporter'
import { sentryOptions } from './sentry'
import { warningOf } from '../flow/networkEffects'
import { scrubEvent } from '@mapping-platform/auth-core'

const DSN = 'https://key@o1.ingest.sentry.io/1'

/** A fake Sentry chunk, and the window's error events. */
function setUp() {
  const captureMessage = vi.fn()
  const captureException = vi.fn()
  const initSentry = vi.fn(() => ({ captureMessage, captureException }))
  const load = vi.fn(async () => ({ initSentry }))
  const errorEvents = new EventTarget()
  return { captureMessage, captureException, initSentry, load, errorEvents }
}

describe('createReporter', () => {
  it('without a DSN: reports nothing, listens to nothing and never loads Sentry', () => {
    const { load, errorEvents } = setUp()
    const listen = vi.spyOn(errorEvents, 'addEventListener')
    const reporter = createReporter({ dsn: null, load: load as never, errorEvents })
    reporter.reportFailure('timeout', 'password', 'error')
    errorEvents.dispatchEvent(new ErrorEvent('error', { error: new Error('boom') }))
    expect(reporter).toBe(silentReporter)
    expect(load).not.toHaveBeenCalled()
    expect(listen).not.toHaveBeenCalled()
  })

  it('with a DSN: loads nothing until something fails (a successful sign-in never loads Sentry)', async () => {
    const { load, errorEvents } = setUp()
    createReporter({ dsn: DSN, load: load as never, errorEvents })
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(load).not.toHaveBeenCalled()
  })

  it('loads Sentry once on the first failure, and sends every queued report: code and step only', async () => {
    const { load, initSentry, captureMessage, errorEvents } = setUp()
    const reporter = createReporter({ dsn: DSN, load: load as never, errorEvents })
    reporter.reportFailure('invalid_credentials', 'password', 'warning')
    reporter.reportFailure('timeout', 'code', 'error')
    await vi.waitFor(() => expect(captureMessage).toHaveBeenCalledTimes(2))
    expect(load).toHaveBeenCalledTimes(1)
    expect(initSentry).toHaveBeenCalledWith(DSN, undefined)
    expect(captureMessage).toHaveBeenNthCalledWith(1, 'Sign-in failure: invalid_credentials', {
      level: 'warning',
      tags: { auth_error_code: 'invalid_credentials', step: 'password' },
    })
    expect(captureMessage).toHaveBeenNthCalledWith(2, 'Sign-in failure: timeout', {
      level: 'error',
      tags: { auth_error_code: 'timeout', step: 'code' },
    })
  })

  it('sends a warning at once without loading the SDK (the page leaves right after)', () => {
    const { load, errorEvents } = setUp()
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}'))
    const reporter = createReporter({ dsn: DSN, load: load as never, errorEvents, fetch })
    reporter.reportWarning(warningOf({ type: 'reportIgnoredCookies', names: ['tracking', 'hint'] }))
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('https://o1.ingest.sentry.io/api/1/envelope/?sentry_key=key&sentry_version=7')
    expect(init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' })
    const event = JSON.parse(String(init?.body).split('\n')[2] ?? '{}') as Record<string, unknown>
    expect(event).toMatchObject({
      level: 'warning',
      message: 'Google sign-in: names outside the allow-list were ignored',
      tags: { step: 'googleReturn' },
      extra: { ignored_names: 'tracking,hint' },
    })
    // The scrubbers the SDK runs would keep it as it is.
    expect(scrubEvent(event)).toEqual(event)
    expect(load).not.toHaveBeenCalled()
  })

  it('a dropped deep link is a warning naming the storage failure, never the link', () => {
    const warning = warningOf({ type: 'reportDeepLinkDropped' })
    expect(warning).toEqual({
      message: 'Sign-in: storage refused the deep link; sent to the sub-site root',
      tags: { auth_error_code: 'storage_unavailable', step: 'callback' },
      extra: {},
    })
  })

  it('loads Sentry on the first uncaught error or rejection and sends those, then steps aside', async () => {
    const { load, captureException, errorEvents } = setUp()
    const stopListening = vi.spyOn(errorEvents, 'removeEventListener')
    createReporter({ dsn: DSN, load: load as never, errorEvents })
    const error = new Error('boom')
    const reason = new Error('rejected')
    errorEvents.dispatchEvent(new ErrorEvent('error', { error }))
    const rejection = new Event('unhandledrejection')
    Object.assign(rejection, { reason })
    errorEvents.dispatchEvent(rejection)
    await vi.waitFor(() => expect(captureException).toHaveBeenCalledTimes(2))
    expect(load).toHaveBeenCalledTimes(1)
    expect(captureException).toHaveBeenNthCalledWith(1, error)
    expect(captureException).toHaveBeenNthCalledWith(2, reason)
    // The SDK's own global handlers hear later errors: ours are gone.
    expect(stopListening.mock.calls.map(([type]) => type).sort()).toEqual([
      'error',
      'unhandledrejection',
    ])
    errorEvents.dispatchEvent(new ErrorEvent('error', { error: new Error('later') }))
    expect(captureException).toHaveBeenCalledTimes(2)
  })

  it('on a Sentry chunk that cannot load: sign-in goes on, nothing is thrown', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')))
    const reporter = createReporter({ dsn: DSN, load, errorEvents: null })
    expect(() => reporter.reportFailure('timeout', 'password', 'error')).not.toThrow()
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  })
})

describe('sentryOptions', () => {
  it('collects nothing personal, scrubs events and breadcrumbs, and runs no console integration', () => {
    const options = sentryOptions('https://key@o1.ingest.sentry.io/1')
    expect(options.dataCollection).toEqual({
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
    })
    expect(options.traceLifecycle).toBe('static')
    expect(options).not.toHaveProperty('tracesSampleRate')
    expect(options).not.toHaveProperty('replaysSessionSampleRate')
    // Only the integrations listed, none of Sentry's defaults (no Console: a console line can echo
    // anything; no sessions, culture context or wrapped timers).
    expect(options.defaultIntegrations).toBe(false)
    expect(
      (options.integrations as { name: string }[]).map((integration) => integration.name),
    ).toEqual(['Breadcrumbs', 'GlobalHandlers', 'LinkedErrors', 'Dedupe', 'HttpContext'])
    const breadcrumb = options.beforeBreadcrumb?.(
      { category: 'navigation', data: { from: '/#code=abc&state=xyz', to: '/' } },
      undefined,
    )
    expect(breadcrumb?.data).toEqual({ from: '/', to: '/' })
    expect(options.beforeBreadcrumb?.({ category: 'console', message: 'x' }, undefined)).toBeNull()
  })
})
