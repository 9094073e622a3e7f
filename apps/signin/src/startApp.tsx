/**
 * The views: React renders the flow `bootFlow` started, from the store's current state. The flow
 * read the page (`pageLoaded`) exactly once, before anything renders, so StrictMode's double
 * rendering and double effects can never read it, exchange a code or call a provider twice.
 *
 * The build prerenders the plain email step into the page (`prerender.tsx`): when the flow starts
 * there too, React hydrates that markup; on any other first state (a step in the hash, a return
 * from a provider, a configuration error) it renders afresh, replacing it.
 *
 * A chunk of its own (React and the steps), imported by the entry (`startPage`) once the flow's
 * first requests have left; index.html preloads it beside the entry.
 */
import { StrictMode, startTransition, useEffect } from 'react'
import type { ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import type { Root } from 'react-dom/client'
import { isLocale } from '@mapping-platform/auth-core'
import type { Locale } from '@mapping-platform/auth-core'
import { appElement } from './appElement'
import { bootFlow } from './bootFlow'
import { HYDRATED_ATTRIBUTE } from './hydratedAttribute'
import type { BootedFlow, StartOptions } from './bootFlow'
import { Layout } from './components/Layout'
import type { FlowStore } from './flow/createFlowStore'
import { I18nProvider } from './i18n/I18nContext'
import { pageTexts } from './i18n/pageTexts'
import { wantedLocale } from './i18n/wantedLocale'
import { createLocaleStore } from './i18n/localeStore'
import type { LocaleStore } from './i18n/localeStore'
import { createTranslator } from './i18n/translator'
import type { Translator } from './i18n/translator'
import { ConfigErrorView } from './views/ConfigErrorView'

export interface StartedApp {
  /** The flow store, or null when the configuration is invalid. */
  readonly store: FlowStore | null
  readonly unmount: () => void
}

/** Starts the flow and renders the sign-in page in `container` at once (tests; the page: `startPage`). */
export function startApp(container: HTMLElement, options: StartOptions): StartedApp {
  return renderApp(container, bootFlow(options), options)
}

/** Renders the page for the flow `booted` started (or its configuration problems) in `container`. */
export function renderApp(
  container: HTMLElement,
  booted: BootedFlow,
  options: StartOptions,
): StartedApp {
  if (!booted.ok) {
    const { problems } = booted
    const root = createRoot(container)
    const show = (translator: Translator): void =>
      root.render(
        <Committed container={container}>
          <StrictMode>
            <I18nProvider store={createLocaleStore(translator)}>
              <Layout>
                <ConfigErrorView problems={problems} />
              </Layout>
            </I18nProvider>
          </StrictMode>
        </Committed>,
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

  const { config, adapters, ui, store, pristine } = booted
  let root: Root | null = null
  let unmounted = false
  // The first render is in the page's language (`<html lang>`: the server picked the variant from
  // the cookie and Accept-Language, and it carries its texts), so a prerendered page hydrates as it
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
    const element = (
      <Committed container={container}>
        {appElement({ store, legal: config.legal, location: adapters.location, ui, locale })}
      </Committed>
    )
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
  return {
    store,
    unmount: () => {
      unmounted = true
      root?.unmount()
    },
  }
}

/**
 * Marks `container` {@link HYDRATED_ATTRIBUTE} after React's first commit of the page (its effect
 * runs after every effect below it): only then does the inline loader give a held click or Enter
 * again. React's root on the container is not enough: a submission replayed into a form not yet
 * hydrated was lost (or, before the loader stopped it, left as a real POST to `/`).
 */
function Committed({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => container.setAttribute(HYDRATED_ATTRIBUTE, ''), [container])
  return children
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
 * Calls `render` with the texts of `locale`: at once for English (in the first load), the texts
 * the page carries (a language variant: `pageTexts`) or the given test translator, else once its
 * chunk arrives (English if it cannot be fetched).
 */
function whenTranslated(
  locale: Locale,
  options: StartOptions,
  render: (translator: Translator) => void,
): void {
  const texts = locale === 'en' ? {} : pageTexts(document, locale)
  if (options.translator) render(options.translator)
  else if (texts) render(createTranslator(locale, texts))
  else loadTranslator(locale).then(render, () => render(createTranslator('en')))
}

/**
 * `hydrateRoot` inside `startTransition`: the hydration gets a transition lane, which React renders
 * time-sliced. An event on the page before it is done hydrates synchronously first (React's own
 * rule for dehydrated roots), and an email typed meanwhile is kept (`EmailStep`).
 */
function hydrateInTransition(container: HTMLElement, element: ReactNode): Root {
  let root: Root | null = null
  startTransition(() => {
    root = hydrateRoot(container, element)
  })
  return root as unknown as Root
}
