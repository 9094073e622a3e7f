import { describe, expect, it } from 'vitest'
import { isLocale, LOCALE_NAMES, LOCALES, localeDirection } from './locales'
import { matchLocale } from './matchLocale'
import { localeFromQuery, negotiateLocale } from './negotiateLocale'

const none = { search: '', saved: null, languages: [] }

describe('matchLocale', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['DE-ch', 'de'],
    ['pt', 'pt-BR'],
    ['pt-PT', 'pt-BR'],
    ['pt_br', 'pt-BR'],
    ['nl', 'nl-NL'],
    ['nl-BE', 'nl-NL'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hant', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['ar-EG', 'ar'],
    ['he-IL', 'he'],
    ['iw', 'he'],
    ['no', 'nb'],
    ['nb-NO', 'nb'],
    ['en-GB', 'en'],
    ['ja-JP', 'ja'],
    ['nn', 'nb'],
    ['nn-NO', 'nb'],
    ['no-NO', 'nb'],
    ['in', 'id'],
    ['in-ID', 'id'],
    ['zh-MO', 'zh-TW'],
    ['zh-hant-mo', 'zh-TW'],
    ['zh-Hans-HK', 'zh-CN'],
    ['ZH_tw', 'zh-TW'],
    [' de-AT ', 'de'],
    ['\tpt-PT\n', 'pt-BR'],
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale)
  })

  it.each([
    '',
    ' ',
    '*',
    'xx',
    'klingon',
    'de;q=0.9',
    '../de',
    'de-',
    'd',
    'de--AT',
    'de AT',
    'de-abcdefghi',
    'x-de',
    '1de',
    // a whole Accept-Language header, or markup, where one tag belongs
    'de-AT;q=0.9,fr',
    'de-<b>-fr',
    'de-AT, fr',
  ])('matches nothing for %j', (tag) => {
    expect(matchLocale(tag)).toBeNull()
  })

  it('reads Traditional Chinese only from the subtag right after zh, not from a later one', () => {
    expect(matchLocale('zh-CN-x-zh-TW')).toBe('zh-CN')
    expect(matchLocale('zh-Hans-x-zh-Hant')).toBe('zh-CN')
  })

  it('matches every supported tag to itself', () => {
    for (const locale of LOCALES) expect(matchLocale(locale)).toBe(locale)
  })
})

describe('negotiateLocale', () => {
  it('prefers ui_locales, then lang, then the saved choice, then the browser, then English', () => {
    const all = { search: '?ui_locales=ja&lang=fr', saved: 'de', languages: ['ar'] }
    expect(negotiateLocale(all)).toBe('ja')
    expect(negotiateLocale({ ...all, search: '?lang=fr' })).toBe('fr')
    expect(negotiateLocale({ ...all, search: '' })).toBe('de')
    expect(negotiateLocale({ ...all, search: '', saved: null })).toBe('ar')
    expect(negotiateLocale(none)).toBe('en')
  })

  it('takes the first supported tag of the space-separated ui_locales', () => {
    expect(localeFromQuery('ui_locales=tlh%20pt-PT%20de')).toBe('pt-BR')
    expect(localeFromQuery('?ui_locales=tlh+de')).toBe('de')
    expect(localeFromQuery('?ui_locales=++zh-Hant++de+')).toBe('zh-TW')
  })

  it('reads lang when ui_locales is absent, empty or names nothing supported', () => {
    expect(localeFromQuery('?lang=nl-BE')).toBe('nl-NL')
    expect(localeFromQuery('?ui_locales=&lang=fr')).toBe('fr')
    expect(localeFromQuery('?ui_locales=+&lang=fr')).toBe('fr')
    expect(localeFromQuery('?ui_locales=xx+tlh&lang=fr')).toBe('fr')
  })

  it('gives null for a query that asks for no supported language', () => {
    expect(localeFromQuery('')).toBeNull()
    expect(localeFromQuery('?')).toBeNull()
    expect(localeFromQuery('?next=%2Fde&locale=de')).toBeNull()
    expect(localeFromQuery('?ui_locales=&lang=')).toBeNull()
    expect(localeFromQuery('?ui_locales=de;q=0.9&lang=../fr')).toBeNull()
  })

  it('passes over an empty or malformed query value and saved choice to the next step', () => {
    expect(negotiateLocale({ search: '?lang=', saved: 'it', languages: ['de'] })).toBe('it')
    expect(negotiateLocale({ search: '?lang=<de>', saved: '', languages: ['de'] })).toBe('de')
    expect(negotiateLocale({ search: '?ui_locales=', saved: 'de;fr', languages: [''] })).toBe('en')
  })

  it('skips what names nothing supported at every step', () => {
    expect(
      negotiateLocale({ search: '?lang=xx', saved: 'tlh', languages: ['x-pig', 'sv-FI', 'de'] }),
    ).toBe('sv')
  })

  it('follows the browser’s order with its fallbacks', () => {
    expect(negotiateLocale({ ...none, languages: ['zh-Hant-TW', 'en'] })).toBe('zh-TW')
    expect(negotiateLocale({ ...none, languages: ['pt-PT', 'es'] })).toBe('pt-BR')
    expect(negotiateLocale({ ...none, languages: ['en-US', 'de'] })).toBe('en')
  })
})

describe('the locale list', () => {
  it('has English, the widget’s 28 and Arabic and Hebrew, right-to-left only for those two', () => {
    expect(LOCALES).toHaveLength(31)
    expect(LOCALES[0]).toBe('en')
    expect(LOCALES.filter((locale) => localeDirection(locale) === 'rtl')).toEqual(['ar', 'he'])
    expect(LOCALE_NAMES.ja).toBe('日本語')
  })

  it('writes every other language left to right', () => {
    const ltr = LOCALES.filter((locale) => locale !== 'ar' && locale !== 'he')
    expect(ltr).toHaveLength(29)
    for (const locale of ltr) expect(localeDirection(locale), locale).toBe('ltr')
  })
})

describe('isLocale', () => {
  it('accepts exactly the supported tags, as written', () => {
    for (const locale of LOCALES) expect(isLocale(locale)).toBe(true)
    for (const value of ['pt', 'PT-BR', 'pt_BR', 'de-AT', 'zh', ' de', ''])
      expect(isLocale(value), value).toBe(false)
  })

  it('refuses what is not a string, even when it reads as a supported tag', () => {
    const stringLike = { toString: () => 'de' }
    for (const value of [['de'], stringLike, null, undefined, 42, Symbol('de')])
      expect(isLocale(value)).toBe(false)
  })

  it('refuses the names every object has', () => {
    for (const value of ['toString', 'constructor', '__proto__', 'hasOwnProperty'])
      expect(isLocale(value), value).toBe(false)
  })
})
