import { screen, waitFor, within } from '@testing-library/react'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { HYDRATED_ATTRIBUTE } from '../hydratedAttribute'
import { startApp } from '../startApp'
import { TEST_ENV } from '../testing/harness'

describe('ConfigErrorView', () => {
  it('on a missing variable: names it on the page and in the console, and renders no sign-in', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const container = document.body.appendChild(document.createElement('div'))
    let started: ReturnType<typeof startApp> | undefined
    await act(async () => {
      started = startApp(container, {
        env: { ...TEST_ENV, VITE_OKTA_ORG_URL: undefined },
        origin: 'https://signin.example.com',
      })
    })
    expect(started?.store).toBeNull()
    expect(screen.getByRole('heading', { name: 'Sign-in is not available' })).toBeTruthy()
    expect(within(screen.getByRole('main')).getByRole('alert').textContent).toContain(
      'VITE_OKTA_ORG_URL is missing.',
    )
    expect(screen.queryByLabelText('Email')).toBeNull()
    expect(error).toHaveBeenCalledWith('Sign-in is not configured: VITE_OKTA_ORG_URL is missing.')
    // Marked committed as the sign-in is: the inline loader lets clicks through from then on.
    expect(container.hasAttribute(HYDRATED_ATTRIBUTE)).toBe(true)
    act(() => started?.unmount())
    container.remove()
  })

  it('is shown in the browser’s language on a host serving the English page as it is', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE', 'en'])
    const container = document.body.appendChild(document.createElement('div'))
    let started: ReturnType<typeof startApp> | undefined
    await act(async () => {
      started = startApp(container, {
        env: { ...TEST_ENV, VITE_OKTA_ORG_URL: undefined },
        origin: 'https://signin.example.com',
      })
    })
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Anmeldung nicht verfügbar' })).toBeTruthy(),
    )
    expect(document.documentElement.lang).toBe('de')
    // The list in German too (it was English on the German page).
    expect(within(screen.getByRole('main')).getByRole('alert').textContent).toContain(
      'VITE_OKTA_ORG_URL fehlt.',
    )
    act(() => started?.unmount())
    container.remove()
    vi.restoreAllMocks()
    document.documentElement.lang = 'en'
    document.documentElement.dir = 'ltr'
  })

  it('marks an English-only problem as English, kept left to right, in an Arabic page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['ar'])
    const container = document.body.appendChild(document.createElement('div'))
    let started: ReturnType<typeof startApp> | undefined
    await act(async () => {
      started = startApp(container, {
        env: { ...TEST_ENV, VITE_OKTA_ORG_URL: 'not a url' },
        origin: 'https://signin.example.com',
      })
    })
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'))
    const message = within(screen.getByRole('main')).getByText(/^VITE_OKTA_ORG_URL is not valid/)
    expect([message.getAttribute('lang'), message.getAttribute('dir')]).toEqual(['en', 'ltr'])
    act(() => started?.unmount())
    container.remove()
    vi.restoreAllMocks()
    document.documentElement.lang = 'en'
    document.documentElement.dir = 'ltr'
  })
})
