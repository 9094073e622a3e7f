import { describe, expect, it } from 'vitest'
import { errorMessages } from '@mapping-platform/auth-core'
import { en } from './en'
import { plural } from './plural'
import { createTranslator } from './translator'
import type { PluralKey } from './translator'

describe('createTranslator', () => {
  it('gives each key in the locale, and English for a key it lacks or has empty', () => {
    const { t } = createTranslator('de', { 'email.heading': 'Anmelden', 'email.next': '' })
    expect(t('email.heading')).toBe('Anmelden')
    expect(t('email.next')).toBe(en['email.next'])
    expect(t('password.forgot')).toBe(en['password.forgot'])
  })

  it('fills placeholders wherever the translation puts them, numbers as the locale writes them (Latin digits)', () => {
    const de = createTranslator('de', { 'code.digitLabel': 'Ziffer {position} von {total}' })
    expect(de.t('code.digitLabel', { position: 2, total: 6 })).toBe('Ziffer 2 von 6')
    const ja = createTranslator('ja', { 'code.digitLabel': '{total} 桁中 {position} 桁目' })
    expect(ja.t('code.digitLabel', { position: 2, total: 6 })).toBe('6 桁中 2 桁目')
    const ar = createTranslator('ar', { 'code.digitLabel': 'الرقم {position} من {total}' })
    expect(ar.t('code.digitLabel', { position: 2, total: 6 })).toBe('الرقم 2 من 6')
  })

  it('gives error texts from the locale, English per code when it lacks one', () => {
    const { error } = createTranslator('fr', { 'error.timeout': 'Délai dépassé.' })
    expect(error('timeout')).toBe('Délai dépassé.')
    expect(error('rate_limited')).toBe(errorMessages.rate_limited)
  })

  it('shows a developer code (configuration_error, usage_error) as the locale’s generic text', () => {
    const { error } = createTranslator('fr', {
      'error.unknown_error': 'Oups, réessayez plus tard.',
    })
    expect(error('configuration_error')).toBe('Oups, réessayez plus tard.')
    expect(error('usage_error')).toBe('Oups, réessayez plus tard.')
    expect(createTranslator('fr').error('usage_error')).toBe(errorMessages.unknown_error)
  })

  it('knows the writing direction', () => {
    expect(createTranslator('ar').dir).toBe('rtl')
    expect(createTranslator('he').dir).toBe('rtl')
    expect(createTranslator('ja').dir).toBe('ltr')
  })
})

describe('plural', () => {
  // No text of the page counts anything yet: a catalogue with plural forms stands in.
  const forms = {
    'attempts.one': '{count} attempt left',
    'attempts.other': '{count} attempts left',
    'attempts.few': '{count} próby',
    'attempts.many': '{count} prób',
  }
  const base = 'attempts' as PluralKey

  it('picks the form Intl.PluralRules names for the count and locale', () => {
    expect(plural(createTranslator('en', forms), base, 1)).toBe('1 attempt left')
    expect(plural(createTranslator('en', forms), base, 3)).toBe('3 attempts left')
    expect(plural(createTranslator('pl', forms), base, 3)).toBe('3 próby')
    expect(plural(createTranslator('pl', forms), base, 5)).toBe('5 prób')
  })

  it('falls back to the other form and writes the number in the locale', () => {
    const ja = createTranslator('ja', { 'attempts.other': '残り {count} 回' })
    expect(plural(ja, base, 1)).toBe('残り 1 回')
    expect(plural(createTranslator('de', forms), base, 1234)).toBe('1.234 attempts left')
  })
})
