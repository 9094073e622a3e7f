/**
 * The language this visit asks for: the query's `ui_locales` or `lang`, the saved choice (the
 * `locale` cookie), the browser's languages, English (auth-core's `negotiateLocale`). In the first
 * load, so a visit that already has its language (nginx served the variant it asks for) never
 * fetches the language-switching chunk.
 * @see ./switchLocale.ts
 */
import { negotiateLocale, readLocale } from '@mapping-platform/auth-core'
import type { Locale } from '@mapping-platform/auth-core'

export function wantedLocale(): Locale {
  return negotiateLocale({
    search: window.location.search,
    saved: readLocale(document.cookie),
    languages: navigator.languages ?? [],
  })
}
