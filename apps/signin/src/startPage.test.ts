import { afterEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from './browser/transactionStorage'
import { createLocationAdapter } from './browser/locationAdapter'
import type { BootedFlow } from './bootFlow'
import { silentReporter } from './telemetry/reporter'
import { startPage } from './startPage'
import { TEST_ENV, TEST_ORIGIN, testAuthConfig } from './testing/harness'
import { SECRETS, tokenSuccess } from './testing/oktaBodies'

const STATE = 'S'.repeat(20) + 'tate-0123456789_abcdefghij'
const NONCE = 'N'.repeat(20) + 'once-0123456789_abcdefghij'
const VERIFIER = 'v'.repeat(43)

/** Loads the page at `url` with `stored` items, starts it; `order` says what happened first. */
async function start(url: string, stored: Record<string, string> = {}, env = TEST_ENV) {
  window.history.replaceState(null, '', url)
  for (const [item, value] of Object.entries(stored))
    sessionStorage.setItem(STORAGE_KEYS[item as keyof typeof STORAGE_KEYS], value)
  const order: string[] = []
  const config = testAuthConfig()
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    order.push(`${init.method ?? 'GET'} ${new URL(String(input)).pathname}`)
    return tokenSuccess(config, NONCE)
  })
  let rendered: BootedFlow | null = null
  const renderApp = vi.fn((_container: HTMLElement, booted: BootedFlow) => {
    rendered = booted
    return { store: booted.ok ? booted.store : null, unmount: () => undefined }
  })
  const container = document.createElement('div')
  await startPage(
    container,
    {
      env,
      origin: TEST_ORIGIN,
      adapters: {
        fetch: fetch as unknown as typeof globalThis.fetch,
        location: { ...createLocationAdapter(window), navigate: () => undefined },
        reporter: silentReporter,
      },
    },
    async () => {
      order.push('views asked for')
      return { renderApp }
    },
  )
  return { order, renderApp, rendered: rendered as BootedFlow | null }
}

afterEach(() => sessionStorage.clear())

describe('startPage', () => {
  it('back from the identity provider: the token request leaves before the views are asked for, which then render the callback step', async () => {
    const { order, rendered } = await start(`/#code=${SECRETS.code}&state=${STATE}`, {
      pkceVerifier: VERIFIER,
      oauthState: JSON.stringify({
        provider: 'okta',
        state: STATE,
        nonce: NONCE,
        createdAt: Date.now(),
      }),
    })
    expect(order).toEqual(['POST /oauth2/default/v1/token', 'views asked for'])
    expect(rendered?.ok && rendered.store.getSnapshot().state.step).toBe('callback')
  })

  it('back from Google: the product API call leaves before the views are asked for', async () => {
    const { order } = await start(`/?code=${SECRETS.code}&state=${STATE}`, {
      oauthState: JSON.stringify({
        provider: 'google',
        state: STATE,
        nonce: NONCE,
        createdAt: Date.now(),
      }),
    })
    expect(order).toEqual(['GET /auth/google-auth', 'views asked for'])
  })

  it('a first visit asks for the views at once, with no request, and they hydrate the email step', async () => {
    const { order, rendered } = await start('/')
    expect(order).toEqual(['views asked for'])
    expect(rendered?.ok && rendered.pristine).toBe(true)
  })

  it('a wrong state: no request, and the views show the email step with the error', async () => {
    const { order, rendered } = await start(`/#code=${SECRETS.code}&state=forged`, {
      pkceVerifier: VERIFIER,
      oauthState: JSON.stringify({
        provider: 'okta',
        state: STATE,
        nonce: NONCE,
        createdAt: Date.now(),
      }),
    })
    expect(order).toEqual(['views asked for'])
    const state = rendered?.ok ? rendered.store.getSnapshot().state : null
    expect(state?.step === 'email' && state.error).toBe('invalid_callback')
  })

  it('an invalid configuration: nothing starts, and the views show what is wrong', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { order, rendered } = await start('/', {}, { ...TEST_ENV, VITE_OKTA_CLIENT_ID: '' })
    expect(order).toEqual(['views asked for'])
    expect(rendered?.ok).toBe(false)
  })
})
