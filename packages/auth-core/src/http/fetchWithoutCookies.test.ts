import { describe, expect, it, vi } from 'vitest'
import { fetchWithoutCookies } from './fetchWithoutCookies'

describe('fetchWithoutCookies', () => {
  it('forces credentials omit and keeps every other option', async () => {
    const base = vi.fn<typeof fetch>(async () => new Response('ok'))
    const signal = new AbortController().signal
    await fetchWithoutCookies(base)('https://idp.example.com/token', {
      method: 'POST',
      credentials: 'include',
      signal,
    })
    expect(base).toHaveBeenCalledWith('https://idp.example.com/token', {
      method: 'POST',
      credentials: 'omit',
      signal,
    })
  })

  it('without a base: calls globalThis.fetch at call time', async () => {
    const stub = vi.fn<typeof fetch>(async () => new Response('ok'))
    vi.stubGlobal('fetch', stub)
    try {
      await fetchWithoutCookies()('https://idp.example.com/revoke')
      expect(stub).toHaveBeenCalledWith('https://idp.example.com/revoke', { credentials: 'omit' })
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
