/**
 * How views get their texts: `const { t } = useI18n()`, then `t('email.heading')` or
 * `t('code.digitLabel', { position, total })`; `error(code)` for an error's text. The provider is
 * set up once (`appElement`) over the page's {@link LocaleStore}; choosing a language re-renders
 * every view in it and changes nothing else (the step, the typed email and every field stay).
 */
import { createContext, use, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { createLocaleStore } from './localeStore'
import type { I18n, LocaleStore } from './localeStore'
import { createTranslator } from './translator'

const I18nContext = createContext<I18n>(createLocaleStore(createTranslator('en')).getSnapshot())

/** The texts of the shown language, and how to choose another. */
export function useI18n(): I18n {
  return use(I18nContext)
}

/** Provides the store's current language to every view below it. */
export function I18nProvider({
  store,
  children,
}: {
  readonly store: LocaleStore
  readonly children: ReactNode
}) {
  const value = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot)
  return <I18nContext value={value}>{children}</I18nContext>
}
