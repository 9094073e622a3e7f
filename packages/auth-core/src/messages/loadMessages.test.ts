import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../i18n/locales'
import type { Locale } from '../i18n/locales'
import { loadMessages } from './loadMessages'

/** A locale's translation file as it sits on disk, read without the loader under test. */
function onDisk(locale: Locale): Record<string, string> {
  const file = new URL(`./locales/${locale}.json`, import.meta.url)
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
}

describe('loadMessages', () => {
  it('gives English an empty record: the page’s own English texts are the source', async () => {
    expect(await loadMessages('en')).toEqual({})
  })

  it.each([
    ['de', 'Anmelden'],
    ['pt-BR', 'Fazer login'],
    ['nl-NL', 'Inloggen'],
    ['zh-TW', '登入'],
    ['ar', 'تسجيل الدخول'],
    ['ja', 'ログイン'],
  ] as const)('gives %s its own words for the sign-in heading', async (locale, heading) => {
    expect((await loadMessages(locale))['email.heading']).toBe(heading)
  })

  it('loads every translated locale’s own file, whole, and no other locale’s', async () => {
    const translated = LOCALES.filter((locale) => locale !== 'en')
    expect(translated).toHaveLength(30)
    for (const locale of translated) {
      const messages = await loadMessages(locale)
      expect(messages, locale).toEqual(onDisk(locale))
      expect(Object.keys(messages).length, locale).toBeGreaterThan(100)
    }
  })
})
