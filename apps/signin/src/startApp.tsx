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
import { createSignInFlow, isLocale } from '@mapping-platform/auth-core'
import type { ConfigEnv, Locale } from '@mapping-platform/auth-core'
import { createCookieJar } from './browser/cookies'
import { createLocationAdapter } from './browser/locationAdapter'
import { randomBytes } from './browser/random'
import { readPageSnapshot } from './browser/readPageSnapshot'
import { createTransactionStorage } from './browser/transactionStorage'
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
import { I18nProvider } from './i18n/I18nContext'
import { wantedLocale } from './i18n/wantedLocale'
import { createLocaleStore } from './i18n/localeStore'
import type { LocaleStore } from './i18n/localeStore'
import { createTranslator } from './i18n/translator'
import type { Translator } from './i18n/translator'
import { ConfigErrorView } from './views/ConfigErrorView'

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
    const show = (translator: Translator): void =>
      root.render(
        <StrictMode>
          <I18nProvider store={createLocaleStore(translator)}>
            <Layout>
              <ConfigErrorView problems={result.problems} />
            </Layout>
          </I18nProvider>
        </StrictMode>,
      )
    whenTranslated(pageLocale(), options, (translator) => {
      show(translator)
      // As the sign-in page does: on a host serving the English page as it is, the language the
      // visit asks for (query, cookie, browser) follows right after.
      if (options.translator !== undefined) return
      void switchLocale()
        .then(async (module) => {
          const wanted = module.wantedLocale()
          if (wanted === translator.locale) return
          const next = await loadTranslator(wanted)
          module.applyDocumentLanguage(document, next)
          show(next)
        })
        .catch(() => undefined)
    })
    return { store: null, unmount: () => root.unmount() }
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
  let root: Root | null = null
  let unmounted = false
  // The first render is in the page's language (`<html lang>`: the server picked the variant from
  // the cookie and Accept-Language, and preloads its texts), so a prerendered page hydrates as it
  // is; then the client negotiates (the query, the cookie, every browser language) and switches
  // if the visit asks for another, as it must on a host serving the English page as it is.
  whenTranslated(pageLocale(), options, (translator) => {
    if (unmounted) return
    const switching = {
      translate: createTranslator,
      cookies: adapters.cookies,
      config: config.auth,
    }
    const locale: LocaleStore = createLocaleStore(translator, (tag, { save = true } = {}) =>
      switchLocale().then((module) =>
        module.chooseLocale({ ...switching, store: locale }, tag, save),
      ),
    )
    const element = appElement({
      store,
      legal: config.legal,
      location: adapters.location,
      ui,
      locale,
    })
    if (pristine && container.firstElementChild !== null)
      // The page is already painted: hydrate in a transition, which React does in slices of a few
      // milliseconds (yielding to the browser between them) instead of one long task.
      root = hydrateInTransition(container, element)
    else {
      root = createRoot(container)
      root.render(element)
    }
    // The switching chunk only when the visit asks for another language than the page's.
    const wanted = options.translator === undefined ? wantedLocale() : translator.locale
    if (wanted !== translator.locale)
      void locale
        .getSnapshot()
        .choose(wanted, { save: false })
        .catch(() => undefined)
  })
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
  return {
    store,
    unmount: () => {
      unmounted = true
      root?.unmount()
    },
  }
}

/** The language the page is in: `<html lang>` of the prerendered variant the server chose. */
function pageLocale(): Locale {
  const lang = document.documentElement.lang
  return isLocale(lang) ? lang : 'en'
}

/** The lazy chunk with what any language but the first English needs (`i18n/switchLocale`). */
const switchLocale = () => import('./i18n/switchLocale')

/** The translator for `locale`, once its texts arrive. */
const loadTranslator = (locale: Locale): Promise<Translator> =>
  switchLocale()
    .then((module) => module.loadMessages(locale))
    .then((messages) => createTranslator(locale, messages))

/**
 * Calls `render` with the texts of `locale`: at once for English (in the first load) or the
 * given test translator, else once its chunk arrives (English if it cannot be fetched).
 */
function whenTranslated(
  locale: Locale,
  options: StartOptions,
  render: (translator: Translator) => void,
): void {
  const english = createTranslator('en')
  if (options.translator) render(options.translator)
  else if (locale === 'en') render(english)
  else loadTranslator(locale).then(render, () => render(english))
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
