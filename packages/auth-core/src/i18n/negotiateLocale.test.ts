import { describe, expect, it } from 'vitest'
import { LOCALE_NAMES, LOCALES, localeDirection } from './locales'
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
  ])('%s → %s', (tag, locale) => {
    expect(matchLocale(tag)).toBe(locale)
  })

  it.each(['', '*', 'xx', 'klingon', 'de;q=0.9', '../de', 'de-', 'd'])(
    'matches nothing for %j',
    (tag) => {
      expect(matchLocale(tag)).toBeNull()
    },
  )

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
})
