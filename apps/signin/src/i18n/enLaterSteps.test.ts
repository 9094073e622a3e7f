/**
 * The lazily loaded steps' English texts are not in the first load, and loading their module
 * changes nothing by itself: the code that loads it (`views/lazyViews.ts`) hands them to the
 * page's locale store, whose translators fall back to them. Translations are untouched.
 */
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { createTranslator } from './translator'

describe('enLaterSteps', () => {
  it('gives its texts to no translator by being imported: only to one it is handed to', async () => {
    const english = createTranslator('en')
    expect(english.text('email.heading')).toBe(en['email.heading'])

    const { enLaterSteps } = await import('./enLaterSteps')

    expect(english.text('locked.heading')).toBeUndefined()
    expect(createTranslator('en').text('locked.heading')).toBeUndefined()
    const given = createTranslator('en', {}, enLaterSteps)
    expect(given.t('locked.heading')).toBe('Your account is locked')
    expect(given.t('code.digitLabel', { position: 2, total: 6 })).toBe('Digit 2 of 6')
    const german = createTranslator(
      'de',
      { 'locked.heading': 'Ihr Konto ist gesperrt' },
      enLaterSteps,
    )
    expect(german.t('locked.heading')).toBe('Ihr Konto ist gesperrt')
    expect(german.t('locked.unlock')).toBe(enLaterSteps['locked.unlock'])
  })

  it('shares no key with the first load’s catalogue', async () => {
    const { enLaterSteps } = await import('./enLaterSteps')
    expect(Object.keys(enLaterSteps).filter((key) => Object.hasOwn(en, key))).toEqual([])
  })
})
