/**
 * The languages the platform's sign-in speaks: English (the specification's texts, the source of
 * truth), the 28 locales of the Okta Sign-In Widget, and Arabic and Hebrew. Each is a BCP 47 tag,
 * named in itself for the language menu, with its writing direction.
 * @see ../../../../shared/docs/contracts.md (the `locale` cookie)
 */

/** Every supported locale with its own name (endonym); English first, then by tag. */
export const LOCALE_NAMES = {
  en: 'English',
  ar: 'العربية',
  cs: 'Čeština',
  da: 'Dansk',
  de: 'Deutsch',
  el: 'Ελληνικά',
  es: 'Español',
  eu: 'Euskara',
  fi: 'Suomi',
  fr: 'Français',
  he: 'עברית',
  ht: 'Kreyòl ayisyen',
  hu: 'Magyar',
  id: 'Bahasa Indonesia',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  ms: 'Bahasa Melayu',
  nb: 'Norsk bokmål',
  'nl-NL': 'Nederlands',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  ro: 'Română',
  ru: 'Русский',
  sv: 'Svenska',
  th: 'ไทย',
  tr: 'Türkçe',
  uk: 'Українська',
  vi: 'Tiếng Việt',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
} as const

/** A supported locale's BCP 47 tag, e.g. `de`, `pt-BR`, `ar`. */
export type Locale = keyof typeof LOCALE_NAMES

/** Every supported locale, English first. */
export const LOCALES = Object.keys(LOCALE_NAMES) as readonly Locale[]

/** The language of the specification's texts, and of every key a translation lacks. */
export const DEFAULT_LOCALE: Locale = 'en'

/**
 * The writing direction of `locale`, for `<html dir>`.
 * @see https://html.spec.whatwg.org/multipage/dom.html#the-dir-attribute
 */
export function localeDirection(locale: Locale): 'ltr' | 'rtl' {
  // Arabic and Hebrew, the two right-to-left languages of the list.
  return locale === 'ar' || locale === 'he' ? 'rtl' : 'ltr'
}

/** Whether `value` is exactly one of the supported tags (case-sensitive, as written). */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && Object.hasOwn(LOCALE_NAMES, value)
}
