/**
 * The page's shown language as a tiny external store whose snapshot is what views get from
 * `useI18n()`: the translator and `choose`. Switching itself (fetching, the last choice winning,
 * the document, the cookie) is `chooseLocale` in the lazy `switchLocale` chunk.
 */
import type { Locale } from '@mapping-platform/auth-core'
import type { Translator } from './translator'

export interface I18n extends Translator {
  /**
   * Shows the page in `locale` once its texts are loaded and, unless `save` is false, saves the
   * choice. Without `save` (the page's own negotiation) it never overrides a person's choice.
   * Settles when this choice is shown, overtaken or has failed (the language stays).
   */
  readonly choose: (locale: Locale, options?: { readonly save?: boolean }) => Promise<void>
}

export interface LocaleStore {
  readonly getSnapshot: () => I18n
  readonly subscribe: (listener: () => void) => () => void
  /** Shows `translator`'s language in every view. */
  readonly show: (translator: Translator) => void
}

const nothing = (): void => undefined

/** A store showing `initial` until `show` switches it; `choose` does nothing unless given. */
export function createLocaleStore(
  initial: Translator,
  choose: I18n['choose'] = () => Promise.resolve(),
): LocaleStore {
  // One subscriber: the provider (`I18nProvider`).
  let listener = nothing
  let current: I18n = { ...initial, choose }
  return {
    getSnapshot: () => current,
    subscribe(next) {
      listener = next
      return () => {
        if (listener === next) listener = nothing
      }
    },
    show(translator) {
      current = { ...translator, choose }
      listener()
    },
  }
}
