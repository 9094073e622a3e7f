import { isLocale } from './locales'
import type { Locale } from './locales'

/** Language subtags whose every variant is one supported locale. */
const LANGUAGE_FALLBACKS: Readonly<Record<string, Locale>> = {
  pt: 'pt-BR',
  nl: 'nl-NL',
  // Norwegian: `no` is the macrolanguage, `nn` (Nynorsk) reads Bokmål easily.
  no: 'nb',
  nn: 'nb',
  // Deprecated codes still sent by some systems.
  iw: 'he',
  in: 'id',
}

/** Chinese in Traditional script: the script subtag, or the regions that write it. */
const TRADITIONAL_CHINESE = /^zh-(?:hant|tw|hk|mo)(?:-|$)/

/**
 * The supported locale for one BCP 47 language tag, or null when none fits. Case and `_` are
 * forgiven (`pt_br`, `ZH-tw`); `pt*` → `pt-BR`, `nl*` → `nl-NL`, `zh-Hant*`, `zh-TW`, `zh-HK`,
 * `zh-MO` → `zh-TW`, other `zh*` → `zh-CN`; any other region or script variant falls back to its
 * language (`de-AT` → `de`, `ar-EG` → `ar`); `*` and malformed tags match nothing. Every
 * supported tag reaches itself by these rules (tested), so a region-specific locale added to the
 * list needs its rule here.
 * @see https://www.rfc-editor.org/rfc/rfc4647#section-3.4 (lookup)
 */
export function matchLocale(tag: string): Locale | null {
  const normalized = tag.trim().replaceAll('_', '-').toLowerCase()
  if (!/^[a-z]{2,3}(?:-[a-z0-9]{1,8})*$/.test(normalized)) return null
  const language = normalized.split('-')[0] as string
  if (language === 'zh') return TRADITIONAL_CHINESE.test(normalized) ? 'zh-TW' : 'zh-CN'
  const fallback = LANGUAGE_FALLBACKS[language]
  if (fallback !== undefined) return fallback
  return isLocale(language) ? language : null
}

/** The first tag of `tags` that {@link matchLocale} matches, or null. */
export function matchFirstLocale(tags: Iterable<string>): Locale | null {
  for (const tag of tags) {
    const locale = matchLocale(tag)
    if (locale !== null) return locale
  }
  return null
}
