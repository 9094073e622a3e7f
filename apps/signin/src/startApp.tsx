/**
 * Wires the app: configuration, adapters, the flow store and the first render. The flow reads the
 * page (`pageLoaded`) exactly once, before anything renders, so StrictMode's double rendering and
 * double effects can never read it, exchange a code or call a provider twice.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createSignInFlow } from 'auth-core'
import type { ConfigEnv } from 'auth-core'
import { createCookieJar } from './browser/cookies'
import { createLocationAdapter } from './browser/locationAdapter'
import { randomBytes } from './browser/random'
import { readPageSnapshot } from './browser/readPageSnapshot'
import { createSessionStore } from './browser/sessionStore'
import { createTimers } from './browser/timers'
import { createClipboard } from './browser/clipboard'
import { Layout } from './components/Layout'
import { UiAdaptersContext } from './components/UiAdapters'
import type { UiAdapters } from './components/UiAdapters'
import { describeProblems, readAppConfig } from './config'
import { createFlowStore } from './flow/createFlowStore'
import type { FlowStore } from './flow/createFlowStore'
import { loadNetworkEffects, runEffect } from './flow/runEffect'
import type { EffectAdapters } from './flow/runEffect'
import { createReporter } from './telemetry/reporter'
import type { ReporterOptions } from './telemetry/reporter'
import { App } from './views/App'
import { ConfigErrorView } from './views/ConfigErrorView'

export interface StartOptions {
  readonly env: ConfigEnv
  /** The page's origin (the redirect URI is this plus `/`); `location.origin` by default. */
  readonly origin?: string
  /** Replacements for the browser adapters (tests). */
  readonly adapters?: Partial<Omit<EffectAdapters, 'config'>> & Partial<UiAdapters>
  /** Options for the lazy Sentry reporter (tests pass a capturing transport). */
  readonly reporter?: Omit<ReporterOptions, 'dsn'>
}

export interface StartedApp {
  /** The flow store, or null when the configuration is invalid. */
  readonly store: FlowStore | null
  readonly unmount: () => void
}

/** Starts the sign-in page in `container`. */
export function startApp(container: HTMLElement, options: StartOptions): StartedApp {
  const root = createRoot(container)
  const result = readAppConfig(options.env, { origin: options.origin ?? window.location.origin })
  if (!result.ok) {
    console.error(describeProblems(result.problems))
    root.render(
      <StrictMode>
        <Layout>
          <ConfigErrorView problems={result.problems} />
        </Layout>
      </StrictMode>,
    )
    return { store: null, unmount: () => root.unmount() }
  }

  const { config } = result
  const given = options.adapters ?? {}
  const timers = given.timers ?? createTimers()
  const adapters: EffectAdapters = {
    config: config.auth,
    session: given.session ?? createSessionStore(),
    cookies: given.cookies ?? createCookieJar(),
    location: given.location ?? createLocationAdapter(),
    timers,
    randomBytes: given.randomBytes ?? randomBytes,
    reporter: given.reporter ?? createReporter({ ...options.reporter, dsn: config.sentryDsn }),
    ...(given.fetch ? { fetch: given.fetch } : {}),
  }
  const ui: UiAdapters = { timers, clipboard: given.clipboard ?? createClipboard() }

  const store = createFlowStore(createSignInFlow(config.auth), (effect, send) =>
    runEffect(effect, send, adapters),
  )
  store.send({
    type: 'pageLoaded',
    page: readPageSnapshot({ ...adapters, now: timers.now }),
  })
  root.render(
    <StrictMode>
      <UiAdaptersContext value={ui}>
        <App store={store} legal={config.legal} location={adapters.location} />
      </UiAdaptersContext>
    </StrictMode>,
  )
  // The provider clients are not needed to show the first step: fetch them once the page is idle.
  timers.whenIdle(() => void loadNetworkEffects().catch(() => undefined))
  return { store, unmount: () => root.unmount() }
}
