/**
 * The page's React tree, the same for the client (`startApp`) and the build-time prerender of the
 * email step (`prerender.tsx`): hydration needs the prerendered markup to be exactly the client's
 * first render, so both build it here.
 */
import { StrictMode } from 'react'
import type { LocationAdapter } from './browser/locationAdapter'
import { UiAdaptersContext } from './components/UiAdapters'
import type { UiAdapters } from './components/UiAdapters'
import type { LegalLinks } from './config'
import type { FlowStore } from './flow/createFlowStore'
import { I18nProvider } from './i18n/I18nContext'
import type { LocaleStore } from './i18n/localeStore'
import { App } from './views/App'
import { createLazyViews } from './views/lazyViews'

export interface AppElementProps {
  readonly store: FlowStore
  readonly legal: LegalLinks
  readonly location: Pick<LocationAdapter, 'onHistoryChange' | 'onRestoredFromCache' | 'reload'>
  readonly ui: UiAdapters
  /** The shown language (the prerender's is fixed; the client's follows the menu). */
  readonly locale: LocaleStore
}

export function appElement({ store, legal, location, ui, locale }: AppElementProps) {
  return (
    <StrictMode>
      <I18nProvider store={locale}>
        <UiAdaptersContext value={ui}>
          <App store={store} legal={legal} location={location} views={createLazyViews(locale)} />
        </UiAdaptersContext>
      </I18nProvider>
    </StrictMode>
  )
}
