/**
 * The translation files: every locale has exactly English's keys, the same placeholders, no
 * empty text and nothing left in English beyond the brand and product names; and each locale's
 * texts load as the page's lazy chunk. (`pnpm --filter signin i18n:missing` lists what a file
 * lacks.)
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '@mapping-platform/auth-core'
import { loadMessages } from '@mapping-platform/auth-core/messages'
import {
  AWAITING_TRANSLATION,
  catalogueProblems,
  englishMessages,
  expectedKeys,
  isAwaitingTranslation,
  SAME_IN_EVERY_LANGUAGE,
} from './englishMessages'
import translatedFrom from './translatedFrom.json'

const translated = LOCALES.filter((locale) => locale !== 'en')
// Tests run in apps/signin.
const fileOf = (locale: string) =>
  join(process.cwd(), `../../packages/auth-core/src/messages/locales/${locale}.json`)

describe('the translation files', () => {
  it.each(translated)(
    '%s has every key of English, translated, with its placeholders',
    async (locale) => {
      const problems = catalogueProblems(locale, await loadMessages(locale))
      expect({
        ...problems,
        missing: problems.missing.filter((key) => !isAwaitingTranslation(key)),
      }).toEqual({
        missing: [],
        unknown: [],
        placeholders: [],
        untranslated: [],
      })
    },
  )

  // The English texts every translation was written from. An English text that changes makes
  // its translations stale (as `error.rate_limited` was: "wait a minute" in 30 languages after
  // the English said "wait until the timer runs out"): redo the key in every locale, then
  // update translatedFrom.json.
  it('were translated from today’s English texts', () => {
    expect(englishMessages()).toEqual(translatedFrom)
  })

  it('keeps brand and product names as they are in every locale', async () => {
    const english = englishMessages()
    for (const locale of translated) {
      const messages = await loadMessages(locale)
      for (const key of SAME_IN_EVERY_LANGUAGE) expect(messages[key]).toBe(english[key])
    }
  })

  it('awaits only translations that some locale still lacks', async () => {
    const lacking = new Set<string>()
    for (const locale of translated)
      for (const key of catalogueProblems(locale, await loadMessages(locale)).missing)
        lacking.add(key)
    for (const prefix of AWAITING_TRANSLATION)
      expect(
        [...lacking].some((key) => isAwaitingTranslation(key) && key.startsWith(prefix)),
        prefix,
      ).toBe(true)
  })

  it('are each small enough for a 4 KiB chunk (gzipped)', () => {
    for (const locale of translated)
      expect(gzipSync(readFileSync(fileOf(locale)), { level: 6 }).length).toBeLessThan(4096)
  })
})

describe('catalogueProblems', () => {
  const english = { a: 'Sign in', b: 'Digit {position} of {total}', brandLabel: 'Mapping Platform' }

  it('finds missing, empty, unknown, misplaced placeholders and untranslated texts', () => {
    expect(
      catalogueProblems('de', { a: 'Sign in', b: 'Ziffer {position} von {all}', x: 'y' }, english),
    ).toEqual({ missing: ['brandLabel'], unknown: ['x'], placeholders: ['b'], untranslated: ['a'] })
    expect(
      catalogueProblems('de', { a: ' ', b: 'Ziffer {total}/{position}' }, english).missing,
    ).toEqual(['a', 'brandLabel'])
  })

  it('accepts a complete translation, brand names kept and placeholders reordered', () => {
    expect(
      catalogueProblems(
        'ja',
        { a: 'Anmelden', b: '{total} の {position} 桁目', brandLabel: 'Mapping Platform' },
        english,
      ),
    ).toEqual({ missing: [], unknown: [], placeholders: [], untranslated: [] })
  })

  it('lets a plural form that stands for one number only say it in words', () => {
    const counted = { 'n.one': 'At least {count} letter', 'n.other': 'At least {count} letters' }
    const arabic = {
      'n.zero': 'لا حرف',
      'n.one': 'حرف واحد على الأقل',
      'n.two': 'حرفان على الأقل',
      'n.few': '{count} أحرف على الأقل',
      'n.many': '{count} حرفًا على الأقل',
      'n.other': '{count} حرف على الأقل',
    }
    expect(catalogueProblems('ar', arabic, counted).placeholders).toEqual([])
    // Arabic `few` (3–10, 103–110, …) and `other` stand for many numbers: they keep `{count}`.
    expect(
      catalogueProblems('ar', { ...arabic, 'n.few': 'أحرف', 'n.other': 'حرف' }, counted)
        .placeholders,
    ).toEqual(['n.few', 'n.other'])
    // Russian `one` is 1, 21, 31…; French `one` is 0 and 1: the number must be written.
    expect(
      catalogueProblems(
        'ru',
        {
          'n.one': 'Одна буква',
          'n.few': '{count} буквы',
          'n.many': '{count} букв',
          'n.other': '{count} буквы',
        },
        counted,
      ).placeholders,
    ).toEqual(['n.one'])
    expect(
      catalogueProblems(
        'fr',
        { 'n.one': 'Une lettre', 'n.many': '{count} lettres', 'n.other': '{count} lettres' },
        counted,
      ).placeholders,
    ).toEqual(['n.one'])
    // A text that drops another placeholder is still wrong.
    expect(
      catalogueProblems(
        'ar',
        { ...arabic, 'n.one': 'حرف واحد' },
        {
          'n.one': '{count} letter of {name}',
          'n.other': '{count} letters of {name}',
        },
      ).placeholders,
    ).toContain('n.one')
  })

  it('wants each plural category the locale has, and no other', () => {
    const counted = { 'n.one': '{count} try', 'n.other': '{count} tries' }
    expect(Object.keys(expectedKeys('ja', counted))).toEqual(['n.other'])
    expect(Object.keys(expectedKeys('pl', counted)).sort()).toEqual(
      ['n.few', 'n.many', 'n.one', 'n.other'].sort(),
    )
    expect(expectedKeys('pl', counted)['n.few']).toBe('{count} tries')
    expect(
      catalogueProblems('ja', { 'n.one': '{count} 回', 'n.other': '{count} 回' }, counted),
    ).toEqual({ missing: [], unknown: ['n.one'], placeholders: [], untranslated: [] })
  })
})
