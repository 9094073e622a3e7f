/**
 * Wires the app: configuration, adapters, the flow store and the first render. The flow reads the
 * page (`pageLoaded`) exactly once, before anything renders, so StrictMode's double rendering and
 * double effects can never read it, exchange a code or call a provider twice.
 *
 * The build prerenders the plain email step into the page (`prerender.tsx`): when the flow starts
 * there too, React hydrates that markup; on any other first state (a step in the hash, a return
 * from a provider, a configuration error) it renders afresh, replacing it.
 */
import { StrictMode, startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import type { Root } from 'react-dom/client'
import { createSignInFlow } from '@mapping-platform/auth-core'
import type { ConfigEnv } from '@mapping-platform/auth-core'
import { createCookieJar } from './browser/cookies'
import { createLocationAdapter } from './browser/locationAdapter'
import { randomBytes } from './browser/random'
import { readPageSnapshot } from './browser/readPageSnapshot'
import { createSessionStore } from './browser/sessionStore'
import { createTimers } from './browser/timers'
import { createClipboard } from './browser/clipboard'
import { appElement, isPristineEmailStep } from './appElement'
import { Layout } from './components/Layout'
import type { UiAdapters } from './components/UiAdapters'
import { describeProblems, readAppConfig } from './config'
import { createFlowStore } from './flow/createFlowStore'
import type { FlowStore } from './flow/createFlowStore'
import { loadNetworkEffects, runEffect } from './flow/runEffect'
import type { EffectAdapters } from './flow/runEffect'
import { createReporter } from './telemetry/reporter'
import type { ReporterOptions } from './telemetry/reporter'
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
  const result = readAppConfig(options.env, { origin: options.origin ?? window.location.origin })
  if (!result.ok) {
    console.error(describeProblems(result.problems))
    const root = createRoot(container)
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
  const element = appElement({ store, legal: config.legal, location: adapters.location, ui })
  const pristine = isPristineEmailStep(store.getSnapshot().state)
  let root: Root
  if (pristine && container.firstElementChild !== null)
    // The page is already painted: hydrate in a transition, which React does in slices of a few
    // milliseconds (yielding to the browser between them) instead of one long task.
    root = hydrateInTransition(container, element)
  else {
    root = createRoot(container)
    root.render(element)
  }
  // The provider clients are not needed to show the email step: fetch them once the person starts
  // on it (typing an email, choosing Google), so a first visit loads only what it shows. A page
  // that starts anywhere else fetches them when its first effect needs them.
  if (pristine) {
    const unsubscribe = store.subscribe(() => {
      if (isPristineEmailStep(store.getSnapshot().state)) return
      unsubscribe()
      void loadNetworkEffects().catch(() => undefined)
    })
  }
  return { store, unmount: () => root.unmount() }
}

/**
 * `hydrateRoot` inside `startTransition`: the hydration gets a transition lane, which React renders
 * time-sliced. An event on the page before it is done hydrates synchronously first (React's own
 * rule for dehydrated roots), and an email typed meanwhile is kept (`EmailStep`).
 */
function hydrateInTransition(container: HTMLElement, element: ReturnType<typeof appElement>): Root {
  let root: Root | null = null
  startTransition(() => {
    root = hydrateRoot(container, element)
  })
  return root as unknown as Root
}
