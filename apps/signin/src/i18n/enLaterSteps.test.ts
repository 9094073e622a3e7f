/**
 * The lazily loaded steps' English texts are not in the first load: until their module loads, a
 * translator has no English for them; once it loads (with any of those steps' views), every
 * translator has, those made before included. Translations are untouched.
 */
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { createTranslator } from './translator'

describe('enLaterSteps', () => {
  it('gives every translator the later steps’ English once loaded, and only then', async () => {
    const english = createTranslator('en')
    const german = createTranslator('de', { 'locked.heading': 'Ihr Konto ist gesperrt' })
    expect(english.text('locked.heading')).toBeUndefined()
    expect(english.text('email.heading')).toBe(en['email.heading'])

    const { enLaterSteps } = await import('./enLaterSteps')

    expect(english.t('locked.heading')).toBe('Your account is locked')
    expect(createTranslator('en').t('code.digitLabel', { position: 2, total: 6 })).toBe(
      'Digit 2 of 6',
    )
    expect(german.t('locked.heading')).toBe('Ihr Konto ist gesperrt')
    expect(german.t('locked.unlock')).toBe(enLaterSteps['locked.unlock'])
  })

  it('shares no key with the first load’s catalogue', async () => {
    const { enLaterSteps } = await import('./enLaterSteps')
    expect(Object.keys(enLaterSteps).filter((key) => Object.hasOwn(en, key))).toEqual([])
  })
})
