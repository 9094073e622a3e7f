import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Locale } from '@mapping-platform/auth-core'
import { STORAGE_KEYS } from './browser/transactionStorage'
import { createLocationAdapter } from './browser/locationAdapter'
import type { BootedFlow } from './bootFlow'
import { silentReporter } from './telemetry/reporter'
import { startPage } from './startPage'
import { createTranslator, messagesFor, prerenderViewsFailed } from './prerender'
import { VIEWS_FAILED_TEMPLATE } from './showViewsFailed'
import { TEST_ENV, TEST_ORIGIN, testAuthConfig } from './testing/harness'
import { SECRETS, tokenSuccess } from './testing/oktaBodies'
import { RETURN, storedReturn } from './testing/providerReturn'

const { state: STATE, nonce: NONCE } = RETURN

/** Loads the page at `url` with `stored` items, starts it; `order` says what happened first. */
async function start(
  url: string,
  stored: Record<string, string> = {},
  env = TEST_ENV,
  views: { readonly fail?: Error; readonly reload?: () => void } = {},
) {
  window.history.replaceState(null, '', url)
  for (const [item, value] of Object.entries(stored))
    sessionStorage.setItem(STORAGE_KEYS[item as keyof typeof STORAGE_KEYS], value)
  const order: string[] = []
  const config = testAuthConfig()
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    order.push(`${init.method ?? 'GET'} ${new URL(String(input)).pathname}`)
    // An answer takes longer than the views take to render (a real token request: tens of ms).
    await new Promise((resolve) => setTimeout(resolve, 20))
    return tokenSuccess(config, NONCE)
  })
  let rendered: BootedFlow | null = null
  const renderApp = vi.fn((_container: HTMLElement, booted: BootedFlow) => {
    order.push('views rendered')
    rendered = booted
    return { store: booted.ok ? booted.store : null, unmount: () => undefined }
  })
  const container = document.getElementById('root') ?? document.createElement('div')
  await startPage(
    container,
    {
      env,
      origin: TEST_ORIGIN,
      adapters: {
        fetch: fetch as unknown as typeof globalThis.fetch,
        location: {
          ...createLocationAdapter(window),
          navigate: () => undefined,
          reload: views.reload ?? (() => undefined),
        },
        reporter: silentReporter,
      },
    },
    async () => {
      order.push('views asked for')
      if (views.fail) throw views.fail
      // Whatever the browser queued as the chunk arrived runs before the views render.
      setTimeout(() => order.push('a task queued as the views arrived'), 0)
      return { renderApp }
    },
  )
  return { order, renderApp, rendered: rendered as BootedFlow | null, container }
}

afterEach(() => {
  sessionStorage.clear()
  document.body.replaceChildren()
})

/** The page as the build writes it in `locale`: the root, and the views' failure in a template. */
function servePage(locale: Locale): HTMLElement {
  const translator = createTranslator(locale, messagesFor(locale))
  const template = document.createElement('template')
  template.id = VIEWS_FAILED_TEMPLATE
  // eslint-disable-next-line no-restricted-syntax -- plays the build: the template is markup in index.html.
  template.innerHTML = prerenderViewsFailed(translator)
  const root = document.createElement('div')
  root.id = 'root'
  document.body.append(root, template)
  return root
}

/** The views asked for, then rendered a task after their chunk arrived. */
const VIEWS_RENDERED = ['views asked for', 'a task queued as the views arrived', 'views rendered']

describe('startPage', () => {
  it('back from the identity provider: the token request leaves before the views are asked for, which then render the callback step', async () => {
    const { order, rendered } = await start(
      `/#code=${SECRETS.code}&state=${STATE}`,
      storedReturn('okta'),
    )
    expect(order).toEqual(['POST /oauth2/default/v1/token', ...VIEWS_RENDERED])
    expect(rendered?.ok && rendered.store.getSnapshot().state.step).toBe('callback')
  })

  it('back from Google: the product API call leaves before the views are asked for', async () => {
    const { order } = await start(`/?code=${SECRETS.code}&state=${STATE}`, storedReturn('google'))
    expect(order).toEqual(['GET /auth/google-auth', ...VIEWS_RENDERED])
  })

  it('a first visit asks for the views at once, with no request, and they hydrate the email step in a later task than the one they arrived in', async () => {
    const { order, rendered } = await start('/')
    expect(order).toEqual(VIEWS_RENDERED)
    expect(rendered?.ok && rendered.pristine).toBe(true)
  })

  it('a wrong state: no request, and the views show the email step with the error', async () => {
    const { order, rendered } = await start(
      `/#code=${SECRETS.code}&state=forged`,
      storedReturn('okta'),
    )
    expect(order).toEqual(VIEWS_RENDERED)
    const state = rendered?.ok ? rendered.store.getSnapshot().state : null
    expect(state?.step === 'email' && state.error).toBe('invalid_callback')
  })

  it('the views cannot be fetched (offline): the page says so in its language, and its button reloads it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    servePage('de')
    const reload = vi.fn()
    const fail = new TypeError('Failed to fetch dynamically imported module')
    const { container } = await start('/', {}, TEST_ENV, { fail, reload })
    const button = screen.getByRole('button', { name: 'Erneut versuchen' })
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      messagesFor('de')['email.heading'],
    )
    expect(button.ownerDocument.activeElement).toBe(button)
    expect(
      document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe(messagesFor('de')['error.network_error'])
    expect(container.isConnected).toBe(false)
    await userEvent.click(button)
    expect(reload).toHaveBeenCalledOnce()
  })

  it('the views cannot be fetched on a return: the token request has left, and the page says it cannot go on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    servePage('en')
    const fail = new TypeError('Failed to fetch dynamically imported module')
    const { order } = await start(
      `/#code=${SECRETS.code}&state=${STATE}`,
      storedReturn('okta'),
      TEST_ENV,
      {
        fail,
      },
    )
    expect(order).toEqual(['POST /oauth2/default/v1/token', 'views asked for'])
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy()
  })

  it('an invalid configuration: nothing starts, and the views show what is wrong', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { order, rendered } = await start('/', {}, { ...TEST_ENV, VITE_OKTA_CLIENT_ID: '' })
    expect(order).toEqual(VIEWS_RENDERED)
    expect(rendered?.ok).toBe(false)
  })
})
