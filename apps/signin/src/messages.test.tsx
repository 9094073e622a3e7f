/**
 * Every string a person sees or hears comes from the message catalogue: with a pseudo-locale
 * catalogue (every entry wrapped in ⟦ ⟧), no text node, accessible name or alt text on any screen
 * is left in plain English. A translation is therefore one file.
 */
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { AUTH_ERROR_CODES, messageFor } from '@mapping-platform/auth-core'
import * as catalogue from './messages'
import type * as Catalogue from './messages'
import { startTestApp } from './testing/harness'
import { SECRETS, enrollActivate, mfaEnroll, mfaRequired, oktaError } from './testing/oktaBodies'

vi.mock('./messages', async (importOriginal) => {
  const real = await importOriginal<typeof Catalogue>()
  const pseudo = (value: unknown): unknown => {
    if (typeof value === 'string') return `⟦${value}⟧`
    if (typeof value === 'function')
      return (...args: unknown[]) => `⟦${(value as (...a: unknown[]) => string)(...args)}⟧`
    if (typeof value === 'object' && value !== null)
      return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, pseudo(entry)]))
    return value
  }
  return {
    ...real,
    messages: pseudo(real.messages),
    errorText: (code: Parameters<typeof real.errorText>[0]) => `⟦${real.errorText(code)}⟧`,
  }
})

/** Texts on the page that are not from the catalogue (user data is allowed). */
function leaks(allowed: readonly string[] = []): string[] {
  const found: string[] = []
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? ''
    if (text && !/^⟦[\s\S]*⟧$/.test(text) && !allowed.includes(text)) found.push(text)
  }
  for (const element of document.body.querySelectorAll('[aria-label], [alt], [title]'))
    for (const name of ['aria-label', 'alt', 'title']) {
      const value = element.getAttribute(name)
      if (value && !/^⟦[\s\S]*⟧$/.test(value)) found.push(`${name}=${value}`)
    }
  return found
}

describe('the message catalogue', () => {
  it('gives every error code a text, the specification’s own where it has one', () => {
    for (const code of AUTH_ERROR_CODES)
      expect(catalogue.errorText(code)).toBe(`⟦${messageFor(code)}⟧`)
    expect(messageFor('invalid_credentials')).toBe(
      'Email or password are incorrect, please try again.',
    )
    expect(messageFor('unknown_error')).toBe('Oops, something went wrong, please try again later.')
  })

  it('leaves no plain English on the email and password steps', async () => {
    const user = userEvent.setup()
    await startTestApp({ respond: () => oktaError('E0000004', 401) })
    expect(leaks()).toEqual([])
    await user.type(screen.getByRole('textbox'), 'x{Enter}')
    expect(leaks()).toEqual([])
    await user.clear(screen.getByRole('textbox'))
    await user.type(screen.getByRole('textbox'), 'pat.password@example.com{Enter}')
    await screen.findByRole('button', { name: '⟦Forgot password⟧' })
    expect(leaks(['pat.password@example.com'])).toEqual([])
    await user.keyboard(`${SECRETS.password}{Enter}`)
    await screen.findByRole('alert')
    expect(leaks()).toEqual([])
  })

  it('leaves no plain English on the code step', async () => {
    const user = userEvent.setup()
    await startTestApp({
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
    await startTestApp({
      url: '/#sign-in',
      historyEmail: 'nia.enroll@example.com',
      respond: (request) =>
        request.path === '/api/v1/authn/factors' ? enrollActivate('GOOGLE') : mfaEnroll(),
    })
    await user.keyboard(`${SECRETS.password}{Enter}`)
    const options = await screen.findAllByRole('button', { name: /Authenticator|Verify/ })
    expect(leaks()).toEqual([])
    await user.click(options[0] as HTMLElement)
    await screen.findByRole('img')
    expect(leaks(['KBMT M32U JZSX Q2DW K4YT KOBT GQ'])).toEqual([])
  })
})
