/**
 * The page's first job, without React: the configuration, the browser adapters, the flow store,
 * and `pageLoaded` sent exactly once. On a return from a provider the flow's first transition
 * (auth-core's `booting` step: the state check, the verifier, the attempt, the URL cleared first)
 * asks for the token request or the product API call, and `runEffect` sends it from here, before
 * the views' chunk (React) has even arrived. The views render from the store as it is by then
 * (`renderApp`); StrictMode's double rendering and effects can never read the page again.
 */
import { createSignInFlow } from '@mapping-platform/auth-core'
import type { ConfigEnv, ConfigProblem } from '@mapping-platform/auth-core'
import { createClipboard } from './browser/clipboard'
import { createCookieJar } from './browser/cookies'
import { createLocationAdapter } from './browser/locationAdapter'
import { randomBytes } from './browser/random'
import { readPageSnapshot } from './browser/readPageSnapshot'
import { createTimers } from './browser/timers'
import { createTransactionStorage } from './browser/transactionStorage'
import type { UiAdapters } from './components/UiAdapters'
import { describeProblems, readAppConfig } from './config'
import type { AppConfig } from './config'
import { createFlowStore } from './flow/createFlowStore'
import type { FlowStore } from './flow/createFlowStore'
import { isPristineEmailStep } from './flow/isPristineEmailStep'
import { loadNetworkEffects, runEffect } from './flow/runEffect'
import type { EffectAdapters } from './flow/runEffect'
import type { Translator } from './i18n/translator'
import { createReporter } from './telemetry/reporter'
import type { ReporterOptions } from './telemetry/reporter'

export interface StartOptions {
  readonly env: ConfigEnv
  /** The page's origin (the redirect URI is this plus `/`); `location.origin` by default. */
  readonly origin?: string
  /** Replacements for the browser adapters (tests). */
  readonly adapters?: Partial<Omit<EffectAdapters, 'config'>> & Partial<UiAdapters>
  /** Options for the lazy Sentry reporter (tests pass a capturing transport). */
  readonly reporter?: Omit<ReporterOptions, 'dsn'>
  /** Shows these texts instead of negotiating a language (tests: the pseudo-locale). */
  readonly translator?: Translator
}

/** The flow started on this page, or the configuration's problems (nothing started). */
export type BootedFlow =
  | {
      readonly ok: true
      readonly config: AppConfig
      readonly adapters: EffectAdapters
      readonly ui: UiAdapters
      readonly store: FlowStore
      /** Whether the flow started on the plain email step the page was prerendered with. */
      readonly pristine: boolean
    }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] }

/** Reads the configuration and the page, and starts the flow (its first effects run at once). */
export function bootFlow(options: StartOptions): BootedFlow {
  const result = readAppConfig(options.env, { origin: options.origin ?? window.location.origin })
  if (!result.ok) {
    console.error(describeProblems(result.problems))
    return { ok: false, problems: result.problems }
  }

  const { config } = result
  const given = options.adapters ?? {}
  const timers = given.timers ?? createTimers()
  const adapters: EffectAdapters = {
    config: config.auth,
    storage: given.storage ?? createTransactionStorage(),
    cookies: given.cookies ?? createCookieJar(),
    location: given.location ?? createLocationAdapter(),
    timers,
    randomBytes: given.randomBytes ?? randomBytes,
    reporter: given.reporter ?? createReporter({ ...options.reporter, dsn: config.sentryDsn }),
    ...(given.fetch ? { fetch: given.fetch } : {}),
  }
  const ui: UiAdapters = { timers, clipboard: given.clipboard ?? createClipboard() }

  // The first load's flow stops before the steps only an answer from Okta leads to; their
  // handlers come with the provider clients, which that answer came through.
  const store = createFlowStore(
    createSignInFlow(config.auth, null),
    (effect, send) => runEffect(effect, send, adapters),
    () => loadNetworkEffects().then((network) => createSignInFlow(config.auth, network.laterSteps)),
  )
  store.send({
    type: 'pageLoaded',
    page: readPageSnapshot({ ...adapters, cookieHeader: () => document.cookie, now: timers.now }),
  })
  const pristine = isPristineEmailStep(store.getSnapshot().state)
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
  return { ok: true, config, adapters, ui, store, pristine }
}
