/**
 * The page in the person's language: chosen from the query, the saved choice or the browser;
 * switched from the menu without losing the step or what was typed; the choice saved in the
 * `locale` cookie; `<html lang dir>` and the title always matching.
 */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import de from '../../../../packages/auth-core/src/messages/locales/de.json'
import ar from '../../../../packages/auth-core/src/messages/locales/ar.json'
import ja from '../../../../packages/auth-core/src/messages/locales/ja.json'
import { startTestApp } from '../testing/harness'
import { oktaError } from '../testing/oktaBodies'
import { en } from './en'

const html = document.documentElement
const menu = () => screen.getByRole('combobox') as HTMLSelectElement

afterEach(() => {
  document.cookie = 'locale=; max-age=0; path=/'
})

describe('choosing the language', () => {
  it('shows English when nothing asks for another', async () => {
    await startTestApp()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en['email.heading'])
    expect(menu().value).toBe('en')
    expect(html.lang).not.toMatch(/^(?!en)./)
  })

  it('follows ?lang= and ?ui_locales=, without saving them', async () => {
    await startTestApp({ url: '/?lang=de' })
    await screen.findByRole('heading', { level: 1, name: de['email.heading'] })
    expect(html.lang).toBe('de')
    expect(html.dir).toBe('ltr')
    expect(document.title).toBe(de.documentTitle)
    expect(menu().value).toBe('de')
    expect(document.cookie).not.toMatch(/locale=/)
  })

  it('takes the first supported of ui_locales (the OIDC parameter)', async () => {
    await startTestApp({ url: '/?ui_locales=tlh%20ja-JP' })
    await screen.findByRole('heading', { level: 1, name: ja['email.heading'] })
    expect(html.lang).toBe('ja')
  })

  it('follows the saved choice, right to left for Arabic', async () => {
    document.cookie = 'locale=ar; path=/'
    await startTestApp()
    await screen.findByRole('heading', { level: 1, name: ar['email.heading'] })
    expect(html.lang).toBe('ar')
    expect(html.dir).toBe('rtl')
    expect(screen.getByRole('textbox').closest('[dir="ltr"]')).not.toBeNull()
  })

  it('follows the browser’s languages, with their fallbacks', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['tlh', 'ja-JP', 'en'])
    await startTestApp()
    await screen.findByRole('heading', { level: 1, name: ja['email.heading'] })
  })
})

describe('the language menu', () => {
  it('names each language in itself, marked with its lang', async () => {
    await startTestApp()
    const options = [...menu().options]
    expect(options).toHaveLength(31)
    expect(options.find((option) => option.value === 'ja')?.textContent).toBe('日本語')
    expect(options.find((option) => option.value === 'ar')?.lang).toBe('ar')
    expect(menu().getAttribute('aria-label')).toBe(en['languageMenu.label'])
  })

  it('switches in place: the step, the typed email and focus stay; the choice is saved', async () => {
    const user = userEvent.setup()
    await startTestApp({ respond: () => oktaError('E0000004', 401) })
    await user.type(screen.getByRole('textbox'), 'pat@example.com')
    await user.selectOptions(menu(), 'de')
    await screen.findByRole('heading', { level: 1, name: de['email.heading'] })
    expect(screen.getByRole('textbox')).toHaveProperty('value', 'pat@example.com')
    expect(document.activeElement).toBe(menu())
    expect(document.cookie).toMatch(/(^|; )locale=de(;|$)/)
    expect(html.lang).toBe('de')

    // On to the password step, and switch there too.
    await user.click(screen.getByRole('button', { name: de['email.next'] }))
    await screen.findByRole('heading', { level: 1, name: de['password.heading'] })
    await user.selectOptions(menu(), 'ar')
    await screen.findByRole('heading', { level: 1, name: ar['password.heading'] })
    expect(screen.getByText('pat@example.com')).toBeTruthy()
    expect(html.dir).toBe('rtl')
    expect(document.title).toBe(ar.documentTitle)
    expect(document.cookie).toMatch(/(^|; )locale=ar(;|$)/)
  })

  it('shows errors in the chosen language', async () => {
    const user = userEvent.setup()
    document.cookie = 'locale=de; path=/'
    await startTestApp({
      url: '/#sign-in',
      historyEmail: 'pat@example.com',
      respond: () => oktaError('E0000004', 401),
    })
    await screen.findByRole('heading', { level: 1, name: de['password.heading'] })
    await user.keyboard('wrong-password{Enter}')
    expect((await screen.findByRole('alert')).textContent).toBe(de['error.invalid_credentials'])
  })

  it('is never overridden by the page’s own negotiation arriving later', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ja'])
    const user = userEvent.setup()
    await startTestApp()
    // Chosen before the page had negotiated (its chunk is still on its way).
    await act(async () => user.selectOptions(menu(), 'de'))
    await screen.findByRole('heading', { level: 1, name: de['email.heading'] })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(de['email.heading'])
  })

  it('keeps the last of several quick choices', async () => {
    const user = userEvent.setup()
    await startTestApp()
    await user.selectOptions(menu(), 'ar')
    await user.selectOptions(menu(), 'ja')
    await user.selectOptions(menu(), 'de')
    await waitFor(() => expect(html.lang).toBe('de'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(de['email.heading'])
    expect(document.cookie).toMatch(/(^|; )locale=de(;|$)/)
  })
})
