/**
 * Starts the whole app (config, store, effects, views) on the test page, with a recording fake
 * `fetch`, recorded navigations and an optional capturing Sentry. Everything else is the real
 * browser adapter running on happy-dom: history, sessionStorage, cookies, timers.
 */
import { act } from '@testing-library/react'
import { afterEach } from 'vitest'
import { readAuthConfig } from '@mapping-platform/auth-core'
import type { AuthConfig, ConfigEnv, StoredItem } from '@mapping-platform/auth-core'
import { createLocationAdapter } from '../browser/locationAdapter'
import { STORAGE_KEYS } from '../browser/transactionStorage'
import type { Clipboard } from '../browser/clipboard'
import type { FlowStore } from '../flow/createFlowStore'
import { startApp } from '../startApp'
import type { Reporter, ReporterOptions } from '../telemetry/reporter'
import type { Translator } from '../i18n/translator'

export const TEST_ORIGIN = 'https://signin.example.com'

/** A complete, valid production configuration. */
export const TEST_ENV: Readonly<Record<string, string>> = {
  VITE_OKTA_ORG_URL: 'https://login.example.com',
  VITE_OKTA_AUTH_SERVER_ID: 'default',
  VITE_OKTA_CLIENT_ID: '0oa1abc',
  VITE_PARENT_DOMAIN: '.example.com',
  VITE_AUTH_API_URL: 'https://api.example.com',
  VITE_GOOGLE_CLIENT_ID: '123.apps.googleusercontent.com',
  VITE_PRIVACY_URL: 'https://www.example.com/legal/privacy',
  VITE_COOKIE_POLICY_URL: 'https://www.example.com/legal/cookies',
  VITE_TERMS_URL: 'https://www.example.com/legal/terms',
  VITE_ALLOWED_SUBSITES: 'citystream,maps,roads',
}

/** The AuthConfig the app derives from {@link TEST_ENV}. */
export function testAuthConfig(env: ConfigEnv = TEST_ENV): AuthConfig {
  const result = readAuthConfig(env, { redirectUri: `${TEST_ORIGIN}/` })
  if (!result.ok) throw new Error('TEST_ENV is not valid')
  return result.config
}

/** One request the app made, with where the address bar was when it started. */
export interface RecordedRequest {
  readonly url: string
  readonly path: string
  readonly method: string
  readonly headers: Headers
  readonly body: string
  readonly location: { readonly hash: string; readonly search: string; readonly href: string }
}

export type Responder = (request: RecordedRequest) => Response | Promise<Response>

export interface TestApp {
  readonly store: FlowStore
  readonly requests: RecordedRequest[]
  readonly navigations: { url: string; mode: 'assign' | 'replace' }[]
  readonly reports: { code: string; step: string; severity: string }[]
  readonly reloads: { count: number }
  /** Requests to `path` (e.g. `/api/v1/authn`). */
  readonly requestsTo: (path: string) => RecordedRequest[]
}

export interface TestAppOptions {
  /** Path, hash and query the page is loaded at; `/` by default. */
  readonly url?: string
  /** The email kept in `history.state` of the loaded entry. */
  readonly historyEmail?: string
  readonly stored?: Partial<Record<StoredItem, string>>
  readonly respond?: Responder
  readonly env?: ConfigEnv
  readonly clipboard?: Clipboard
  /** With a DSN the real lazy reporter runs (give it a capturing transport). */
  readonly sentry?: Omit<ReporterOptions, 'dsn'>
  /** Texts to show instead of negotiating a language (the pseudo-locale). */
  readonly translator?: Translator
}

let mounted: (() => void) | null = null

/** Unmounts the app started by {@link startTestApp}; runs after each test of a file using it. */
export function stopTestApp(): void {
  mounted?.()
  mounted = null
}

// Registered here rather than in the setup file, so that importing the harness (and through it
// the whole app) happens in the test file, after its vi.mock calls.
afterEach(stopTestApp)

/** Loads the page at `options.url` and starts the app on it, as a browser would. */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  stopTestApp()
  window.history.replaceState(
    options.historyEmail === undefined ? null : { email: options.historyEmail },
    '',
    options.url ?? '/',
  )
  for (const [item, value] of Object.entries(options.stored ?? {}))
    sessionStorage.setItem(STORAGE_KEYS[item as StoredItem], value)

  const requests: RecordedRequest[] = []
  const navigations: TestApp['navigations'] = []
  const reports: TestApp['reports'] = []
  const reloads = { count: 0 }
  const respond: Responder = options.respond ?? (() => new Response(null, { status: 404 }))
  const fakeFetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input)
    const recorded: RecordedRequest = {
      url,
      path: new URL(url).pathname,
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: init.body === undefined || init.body === null ? '' : String(init.body),
      location: {
        hash: window.location.hash,
        search: window.location.search,
        href: window.location.href,
      },
    }
    requests.push(recorded)
    return respond(recorded)
  }
  const real = createLocationAdapter(window)
  const recordingReporter: Reporter = {
    reportFailure: (code, step, severity) => reports.push({ code, step, severity }),
    reportWarning: ({ message, tags }) =>
      reports.push({ code: message, step: tags['step'] ?? '', severity: 'warning' }),
  }

  const container = document.createElement('div')
  document.body.append(container)
  let started: ReturnType<typeof startApp> | undefined
  await act(async () => {
    started = startApp(container, {
      env: {
        ...(options.env ?? TEST_ENV),
        ...(options.sentry ? { VITE_SENTRY_DSN: 'https://publickey@o1.ingest.sentry.io/1' } : {}),
      },
      origin: TEST_ORIGIN,
      adapters: {
        fetch: fakeFetch as typeof fetch,
        location: {
          ...real,
          navigate: (url, mode) => navigations.push({ url, mode }),
          reload: () => {
            reloads.count += 1
          },
        },
        ...(options.sentry ? {} : { reporter: recordingReporter }),
        ...(options.clipboard ? { clipboard: options.clipboard } : {}),
      },
      ...(options.sentry ? { reporter: options.sentry } : {}),
      ...(options.translator ? { translator: options.translator } : {}),
    })
  })
  const app = started as ReturnType<typeof startApp>
  mounted = () => {
    act(() => app.unmount())
    container.remove()
  }
  if (!app.store) throw new Error('The test configuration was refused')
  return {
    store: app.store,
    requests,
    navigations,
    reports,
    reloads,
    requestsTo: (path) => requests.filter((request) => request.path === path),
  }
}

/** The parameters of a URL the app navigated to. */
export function paramsOf(url: string): URLSearchParams {
  return new URL(url).searchParams
}
