/**
 * Every string a person sees or hears comes from the catalogue: in the pseudo-locale (every text
 * accented, ~40% longer, wrapped in ⟦ ⟧), no text node, accessible name or alt text on any screen
 * is left in plain English, and the longer texts still fit (nothing is cut off by a fixed width).
 * The language menu's names are the one exception: each language is named in itself.
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { AUTH_ERROR_CODES, errorMessages, messageCodeOf } from '@mapping-platform/auth-core'
import { isPseudo, pseudoLocalize, pseudoTranslator } from '../testing/pseudoLocale'
import { startTestApp } from '../testing/harness'
import type { TestAppOptions } from '../testing/harness'
import { SECRETS, enrollActivate, mfaEnroll, mfaRequired, oktaError } from '../testing/oktaBodies'

const start = (options: TestAppOptions = {}) =>
  startTestApp({ ...options, translator: pseudoTranslator() })

/** Texts on the page that are not from the catalogue (user data is allowed). */
function leaks(allowed: readonly string[] = []): string[] {
  const found: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? ''
    // The language menu names each language in itself, by design (its options, and the hidden
    // copy of the shown name that sizes it).
    if (node.parentElement?.closest('option, .language__sizer')) continue
    if (text && !isPseudo(text) && !allowed.includes(text)) found.push(text)
  }
  for (const element of document.body.querySelectorAll('[aria-label], [alt], [title]'))
    for (const name of ['aria-label', 'alt', 'title']) {
      const value = element.getAttribute(name)
      if (value && !isPseudo(value)) found.push(`${name}=${value}`)
    }
  return found
}

describe('the pseudo-locale', () => {
  it('accents, lengthens by ~40% and brackets a text, keeping its placeholders', () => {
    expect(pseudoLocalize('Digit {position} of {total}')).toBe(
      '⟦Đíğíţ {position} öƒ {total}···········⟧',
    )
  })

  it('gives every error code a pseudo text', async () => {
    const { error } = pseudoTranslator()
    for (const code of AUTH_ERROR_CODES) {
      expect(isPseudo(error(code))).toBe(true)
      expect(error(code)).toBe(pseudoLocalize(errorMessages[messageCodeOf(code)]))
    }
  })

  it('leaves no plain English on the email and password steps', async () => {
    const user = userEvent.setup()
    await start({ respond: () => oktaError('E0000004', 401) })
    expect(leaks()).toEqual([])
    await user.type(screen.getByRole('textbox'), 'x{Enter}')
    expect(leaks()).toEqual([])
    await user.clear(screen.getByRole('textbox'))
    await user.type(screen.getByRole('textbox'), 'pat.password@example.com{Enter}')
    await screen.findByRole('button', { name: pseudoLocalize('Forgot password') })
    expect(leaks(['pat.password@example.com'])).toEqual([])
    await user.keyboard(`${SECRETS.password}{Enter}`)
    await screen.findByRole('alert')
    expect(leaks()).toEqual([])
  })

  it('leaves no plain English on the code step', async () => {
    const user = userEvent.setup()
    await start({
      url: '/#sign-in',
      historyEmail: 'tess.totp@example.com',
      respond: () => mfaRequired(),
    })
    await user.keyboard(`${SECRETS.password}{Enter}`)
    await screen.findByRole('group')
    expect(leaks(['tess.totp@example.com'])).toEqual([])
  })

  it('leaves no plain English on the factor choice and QR steps', async () => {
    const user = userEvent.setup()
    await start({
      url: '/#sign-in',
      historyEmail: 'nia.enroll@example.com',
      respond: (request) =>
        request.path === '/api/v1/authn/factors' ? enrollActivate('GOOGLE') : mfaEnroll(),
    })
    await user.keyboard(`${SECRETS.password}{Enter}`)
    const options = await screen.findAllByRole('button', { name: /Àüţĥéñţíçàţöŕ|Ýéŕíƒý/ })
    expect(leaks()).toEqual([])
    await user.click(options[0] as HTMLElement)
    await screen.findByRole('img')
    expect(leaks(['KBMT M32U JZSX Q2DW K4YT KOBT GQ'])).toEqual([])
  })
})
