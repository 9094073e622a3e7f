import { describe, expect, it, vi } from 'vitest'
import { createReporter, silentReporter } from './reporter'
import { sentryOptions } from './sentry'

describe('createReporter', () => {
  it('without a DSN: reports nothing and never loads Sentry', () => {
    const load = vi.fn()
    const whenIdle = vi.fn()
    const reporter = createReporter({ dsn: null, load, whenIdle })
    reporter.reportFailure('timeout', 'password', 'error')
    expect(reporter).toBe(silentReporter)
    expect(load).not.toHaveBeenCalled()
    expect(whenIdle).not.toHaveBeenCalled()
  })

  it('with a DSN: loads Sentry once when idle (not before), and reports code and step only', async () => {
    const captureMessage = vi.fn()
    const initSentry = vi.fn(() => ({ captureMessage }))
    const load = vi.fn(async () => ({ initSentry }))
    let idle: () => void = () => undefined
    const reporter = createReporter({
      dsn: 'https://key@o1.ingest.sentry.io/1',
      load: load as never,
      whenIdle: (callback) => (idle = callback),
    })
    expect(load).not.toHaveBeenCalled()
    idle()
    reporter.reportFailure('invalid_credentials', 'password', 'warning')
    reporter.reportFailure('timeout', 'code', 'error')
    await vi.waitFor(() => expect(captureMessage).toHaveBeenCalledTimes(2))
    expect(load).toHaveBeenCalledTimes(1)
    expect(initSentry).toHaveBeenCalledWith('https://key@o1.ingest.sentry.io/1', undefined)
    expect(captureMessage).toHaveBeenNthCalledWith(1, 'Sign-in failure: invalid_credentials', {
      level: 'warning',
      tags: { auth_error_code: 'invalid_credentials', step: 'password' },
    })
  })

  it('on a Sentry chunk that cannot load: sign-in goes on, nothing is thrown', async () => {
    const load = vi.fn(() => Promise.reject(new Error('offline')))
    const reporter = createReporter({ dsn: 'https://key@o1.ingest.sentry.io/1', load })
    expect(() => reporter.reportFailure('timeout', 'password', 'error')).not.toThrow()
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
  })
})

describe('sentryOptions', () => {
  it('collects nothing personal, scrubs events and breadcrumbs, and drops console breadcrumbs', () => {
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
    const integrations = options.integrations as (
      defaults: { name: string }[],
    ) => { name: string }[]
    expect(
      integrations([{ name: 'Breadcrumbs' }, { name: 'Console' }, { name: 'HttpContext' }]).map(
        (integration) => integration.name,
      ),
    ).toEqual(['Breadcrumbs', 'HttpContext'])
    const breadcrumb = options.beforeBreadcrumb?.(
      { category: 'navigation', data: { from: '/#code=abc&state=xyz', to: '/' } },
      undefined,
    )
    expect(breadcrumb?.data).toEqual({ from: '/', to: '/' })
    expect(options.beforeBreadcrumb?.({ category: 'console', message: 'x' }, undefined)).toBeNull()
  })
})
