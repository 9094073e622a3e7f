/**
 * One locale's texts as functions: `t(key, params)` with per-key fallback to English, error texts,
 * and numbers and plurals through `Intl` (never by gluing sentence parts together).
 */
import { errorMessages, localeDirection, messageCodeOf } from '@mapping-platform/auth-core'
import type { AuthErrorCode, Locale, LocaleMessages } from '@mapping-platform/auth-core'
import { en } from './en'
import type { EnglishTexts, MessageKey } from './en'
import { numberLocale } from './numberLocale'

/** The `{name}` placeholders of an English text, as a union of names. */
type Placeholders<Text extends string> = Text extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never

/** `t`'s arguments after the key: the placeholders' values when the text has any. */
export type ParamsOf<Key extends MessageKey> = [Placeholders<EnglishTexts[Key]>] extends [never]
  ? []
  : [params: Readonly<Record<Placeholders<EnglishTexts[Key]>, string | number>>]

/** Keys of plural texts: `base.other` exists (and `base.one`, `base.few`, … as the locale needs). */
export type PluralKey = MessageKey extends infer Key
  ? Key extends `${infer Base}.other`
    ? Base
    : never
  : never

export interface Translator {
  readonly locale: Locale
  readonly dir: 'ltr' | 'rtl'
  /** The locale's translated texts as loaded (empty for English). */
  readonly messages: LocaleMessages
  /** The text of `key` in this locale (English when it lacks the key), placeholders filled in. */
  t<Key extends MessageKey>(key: Key, ...params: ParamsOf<Key>): string
  /** The text of an error code; never a provider's own message. */
  error(code: AuthErrorCode): string
  /** The raw text of any key (plural forms included), English when the locale lacks it. */
  text(key: string): string | undefined
  /** This translator with `english` as English too: texts that arrived after the first load. */
  withEnglish(english: Readonly<Record<string, string>>): Translator
}

/**
 * `{name}` replaced by `params.name`, a number written as `locale` writes numbers, in Latin
 * digits (`Intl.NumberFormat`, through `toLocaleString`, with {@link numberLocale}); unknown names
 * kept.
 */
export function fill(
  text: string,
  params: Readonly<Record<string, string | number>> | undefined,
  locale: Locale,
): string {
  if (params === undefined) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = params[name]
    return value === undefined ? whole : value.toLocaleString(numberLocale(locale))
  })
}

/**
 * The translator for `locale` from its translated texts (auth-core's `loadMessages`: this page's
 * keys and `error.<code>`), which may be partial or empty: English fills every gap, key by key,
 * from the first load's catalogue and `laterEnglish`, the English that arrived later (the lazily
 * loaded steps' `enLaterSteps`, which the locale store is handed with their views).
 */
export function createTranslator(
  locale: Locale,
  messages: LocaleMessages = {},
  laterEnglish: Readonly<Record<string, string>> = {},
): Translator {
  const text = (key: string): string | undefined =>
    messages[key] || (en as Record<string, string | undefined>)[key] || laterEnglish[key]
  return {
    locale,
    dir: localeDirection(locale),
    messages,
    t: (key, ...params) => fill(text(key) ?? key, params[0], locale),
    text,
    withEnglish: (english) => createTranslator(locale, messages, { ...laterEnglish, ...english }),
    error: (code) => {
      // configuration_error and usage_error have no text of their own: unknown_error's.
      const shown = messageCodeOf(code)
      return messages[`error.${shown}`] || errorMessages[shown]
    },
  }
}
