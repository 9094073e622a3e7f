import type { Locale } from '../i18n/locales'

/**
 * One locale's translated texts, flat: the sign-in page's (`email.heading`, `qr.alt`, …) and the
 * error codes' (`error.<code>`). Placeholders are `{name}`. English is the source (the sign-in
 * app's catalogue and `errorMessages`) and is never in such a record.
 */
export type LocaleMessages = Readonly<Record<string, string>>

type Translated = Exclude<Locale, 'en'>

/**
 * One lazy module per locale: a bundler makes each its own small chunk, fetched only by the
 * pages that show that language.
 */
const LOADERS: Readonly<Record<Translated, () => Promise<{ default: LocaleMessages }>>> = {
  ar: () => import('./locales/ar.json'),
  cs: () => import('./locales/cs.json'),
  da: () => import('./locales/da.json'),
  de: () => import('./locales/de.json'),
  el: () => import('./locales/el.json'),
  es: () => import('./locales/es.json'),
  eu: () => import('./locales/eu.json'),
  fi: () => import('./locales/fi.json'),
  fr: () => import('./locales/fr.json'),
  he: () => import('./locales/he.json'),
  ht: () => import('./locales/ht.json'),
  hu: () => import('./locales/hu.json'),
  id: () => import('./locales/id.json'),
  it: () => import('./locales/it.json'),
  ja: () => import('./locales/ja.json'),
  ko: () => import('./locales/ko.json'),
  ms: () => import('./locales/ms.json'),
  nb: () => import('./locales/nb.json'),
  'nl-NL': () => import('./locales/nl-NL.json'),
  pl: () => import('./locales/pl.json'),
  'pt-BR': () => import('./locales/pt-BR.json'),
  ro: () => import('./locales/ro.json'),
  ru: () => import('./locales/ru.json'),
  sv: () => import('./locales/sv.json'),
  th: () => import('./locales/th.json'),
  tr: () => import('./locales/tr.json'),
  uk: () => import('./locales/uk.json'),
  vi: () => import('./locales/vi.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
}

/**
 * The translated texts of `locale`, from its own lazy chunk; an empty record for English (every
 * reader falls back to English per key, so a text a translation lacks is still shown).
 */
export async function loadMessages(locale: Locale): Promise<LocaleMessages> {
  if (locale === 'en') return {}
  return (await LOADERS[locale]()).default
}
