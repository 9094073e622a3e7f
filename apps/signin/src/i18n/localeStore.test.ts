/**
 * The page's locale store: the later steps' English arrives with their views' chunk and is handed
 * to the store, which gives it to every language it shows from then on, and to no other store.
 */
import { describe, expect, it, vi } from 'vitest'
import { enLaterSteps } from './enLaterSteps'
import { createLocaleStore } from './localeStore'
import { createTranslator } from './translator'

describe('createLocaleStore', () => {
  it('gives English handed to it to every language it shows, and to no other store', () => {
    const page = createLocaleStore(createTranslator('en'))
    const other = createLocaleStore(createTranslator('en'))
    const changed = vi.fn()
    page.subscribe(changed)
    expect(page.getSnapshot().text('locked.heading')).toBeUndefined()

    page.addEnglish(enLaterSteps)

    expect(changed).toHaveBeenCalledTimes(1)
    expect(page.getSnapshot().t('locked.heading')).toBe('Your account is locked')
    expect(other.getSnapshot().text('locked.heading')).toBeUndefined()
    page.show(createTranslator('de', { 'locked.heading': 'Ihr Konto ist gesperrt' }))
    expect(page.getSnapshot()).toMatchObject({ locale: 'de', dir: 'ltr' })
    expect(page.getSnapshot().t('locked.heading')).toBe('Ihr Konto ist gesperrt')
    expect(page.getSnapshot().t('locked.unlock')).toBe(enLaterSteps['locked.unlock'])
    expect(page.getSnapshot().t('email.next')).toBe('Next')
  })

  it('keeps what it was given for a language shown after the first render subscribes', () => {
    const page = createLocaleStore(createTranslator('en'))
    page.addEnglish(enLaterSteps)
    page.show(createTranslator('fr', {}))
    expect(page.getSnapshot().locale).toBe('en')
    page.subscribe(() => undefined)
    expect(page.getSnapshot()).toMatchObject({ locale: 'fr' })
    expect(page.getSnapshot().t('signedIn.continue')).toBe('Continue')
  })
})
