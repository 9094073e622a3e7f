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
  /**
   * English texts that arrived after the first load (a lazy chunk's, handed over by the code that
   * loaded it): the fallback of every language this store shows from now on.
   */
  readonly addEnglish: (texts: Readonly<Record<string, string>>) => void
}

/** A store showing `initial` until `show` switches it; `choose` does nothing unless given. */
export function createLocaleStore(
  initial: Translator,
  choose: I18n['choose'] = () => Promise.resolve(),
): LocaleStore {
  // One subscriber: the provider (`I18nProvider`). Until it has subscribed (the first render,
  // maybe a hydration of a prerendered page, is not committed yet) a switch waits, so that render
  // matches the page it hydrates.
  let listener: (() => void) | null = null
  let waiting: Translator | null = null
  let shown = initial
  let laterEnglish: Readonly<Record<string, string>> = {}
  const snapshot = (): I18n => ({ ...shown.withEnglish(laterEnglish), choose })
  let current = snapshot()
  const show = (translator: Translator): void => {
    if (listener === null) waiting = translator
    else {
      shown = translator
      current = snapshot()
      listener()
    }
  }
  return {
    getSnapshot: () => current,
    subscribe(next) {
      listener = next
      if (waiting !== null) show(waiting)
      waiting = null
      return () => {
        if (listener === next) listener = null
      }
    },
    show,
    addEnglish(texts) {
      laterEnglish = { ...laterEnglish, ...texts }
      current = snapshot()
      listener?.()
    },
  }
}
