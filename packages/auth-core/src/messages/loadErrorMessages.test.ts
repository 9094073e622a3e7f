import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AUTH_ERROR_CODES, CATALOGUE_ERROR_CODES } from '../errors/authError'
import { errorMessages } from '../errors/errorMessages'
import { LOCALES } from '../i18n/locales'
import type { Locale } from '../i18n/locales'
import { errorCatalogueOf, errorMessageIn, loadErrorMessages } from './loadErrorMessages'

/** A locale's translation file as it sits on disk, read without the loader under test. */
function onDisk(locale: Locale): Record<string, string> {
  const file = new URL(`./locales/${locale}.json`, import.meta.url)
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
}

describe('loadErrorMessages', () => {
  it('gives English its own record', async () => {
    expect(await loadErrorMessages('en')).toBe(errorMessages)
  })

  it('loads a catalogue for every supported locale, each code a text', async () => {
    for (const locale of LOCALES) {
      const catalogue = await loadErrorMessages(locale)
      for (const code of AUTH_ERROR_CODES) expect(errorMessageIn(catalogue, code)).not.toBe('')
    }
  })

  it('shows a sub-site’s visitor the error in their language, not in English', async () => {
    const german = await loadErrorMessages('de')
    expect(errorMessageIn(german, 'timeout')).toBe(
      'Der Anmeldedienst braucht zu lange für eine Antwort. Bitte versuchen Sie es noch einmal.',
    )
    const japanese = await loadErrorMessages('ja')
    expect(errorMessageIn(japanese, 'timeout')).toBe(
      'ログインサービスの応答に時間がかかっています。もう一度お試しください。',
    )
  })

  it('gives every translated locale its own text for every code, the one its file holds', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const file = onDisk(locale)
      const catalogue = await loadErrorMessages(locale)
      expect(Object.keys(catalogue).sort(), locale).toEqual([...CATALOGUE_ERROR_CODES].sort())
      for (const code of CATALOGUE_ERROR_CODES) {
        expect(errorMessageIn(catalogue, code), `${locale} ${code}`).toBe(file[`error.${code}`])
        expect(errorMessageIn(catalogue, code), `${locale} ${code}`).not.toBe(errorMessages[code])
      }
    }
  })

  it('shows the developer codes as the locale’s generic text: a person never sees a config problem', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const catalogue = await loadErrorMessages(locale)
      const generic = onDisk(locale)['error.unknown_error']
      expect(errorMessageIn(catalogue, 'configuration_error'), locale).toBe(generic)
      expect(errorMessageIn(catalogue, 'usage_error'), locale).toBe(generic)
    }
    expect(errorMessageIn({}, 'usage_error')).toBe(errorMessages.unknown_error)
  })

  it('falls back to English per code when a catalogue lacks one or has it empty', () => {
    expect(errorMessageIn({ timeout: 'Zeitüberschreitung' }, 'timeout')).toBe('Zeitüberschreitung')
    expect(errorMessageIn({}, 'timeout')).toBe(errorMessages.timeout)
    expect(errorMessageIn({ timeout: '' }, 'timeout')).toBe(errorMessages.timeout)
  })
})

describe('errorCatalogueOf', () => {
  it('keeps only the error texts, keyed by code, leaving out empty ones so English shows', () => {
    const catalogue = errorCatalogueOf({
      'email.heading': 'Anmelden',
      'error.timeout': 'Zeitüberschreitung',
      'error.network_error': '',
      'error.not_a_code': 'Unbekannt',
      timeout: 'without its prefix',
    })
    expect(catalogue).toStrictEqual({ timeout: 'Zeitüberschreitung' })
    expect(errorMessageIn(catalogue, 'network_error')).toBe(errorMessages.network_error)
  })

  it('gives an empty catalogue for a record without error texts (every code in English)', () => {
    const catalogue = errorCatalogueOf({ 'email.heading': 'Anmelden' })
    expect(catalogue).toStrictEqual({})
    for (const code of CATALOGUE_ERROR_CODES)
      expect(errorMessageIn(catalogue, code)).toBe(errorMessages[code])
  })
})
