import { LOCALE_NAMES, LOCALES } from '@mapping-platform/auth-core'
import type { Locale } from '@mapping-platform/auth-core'
import { useI18n } from '../i18n/I18nContext'
import { ChevronIcon, GlobeIcon } from './Icons'

/**
 * The language menu at the foot of every step: a native `<select>` (keyboard, screen readers and
 * phones' own pickers for free) listing each language in itself, marked with its `lang` so it is
 * read in that language. Choosing one switches the page in place (the step and what was typed
 * stay) and saves the choice for every sub-site. It is drawn without the native control's look
 * (WebKit paints a native `<select>` as a grey button whatever its background), with its own
 * chevron. It is as wide as the shown language's name, not the longest of the 31, in every
 * engine: a copy of the name, hidden from assistive technology, sizes the box and the `<select>`
 * lies over it (WebKit has no `field-sizing: content`).
 */
export function LanguageMenu() {
  const { t, locale, choose } = useI18n()
  return (
    <div className="language">
      <GlobeIcon />
      <span className="language__field">
        <span className="language__sizer" aria-hidden="true" lang={locale}>
          {LOCALE_NAMES[locale]}
        </span>
        <select
          className="language__select"
          aria-label={t('languageMenu.label')}
          value={locale}
          onChange={(event) => void choose(event.currentTarget.value as Locale)}
        >
          {LOCALES.map((tag) => (
            <option key={tag} value={tag} lang={tag}>
              {LOCALE_NAMES[tag]}
            </option>
          ))}
        </select>
      </span>
      <ChevronIcon />
    </div>
  )
}
