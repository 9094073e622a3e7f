import { describe, expect, it, vi } from 'vitest'
import { testConfig } from '../testSupport/testConfig'
import { callGoogleAuth } from './callGoogleAuth'
import { rejection } from '../testSupport/rejection'

const input = { code: 'g-code', nonce: 'n'.repeat(43) }

describe('callGoogleAuth', () => {
  it('on a 200 cookie map: resolves to the map, after exactly one request', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Response.json({ access_token: 'a1' }))
    await expect(callGoogleAuth(testConfig(), input, { fetch })).resolves.toEqual({
      access_token: 'a1',
    })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('on a 404 not_found: throws google_not_found', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ error: 'not_found' }, { status: 404 }),
    )
    expect((await rejection(callGoogleAuth(testConfig(), input, { fetch }))).code).toBe(
      'google_not_found',
    )
  })

  it('on a 500: throws google_failed and does not retry', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ error: 'boom' }, { status: 500 }),
    )
    expect((await rejection(callGoogleAuth(testConfig(), input, { fetch }))).code).toBe(
      'google_failed',
    )
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it.each([
    ['offline (TypeError)', new TypeError('Failed to fetch'), 'network_error'],
    ['a timeout', new DOMException('signal timed out', 'TimeoutError'), 'timeout'],
  ])('when fetch fails %s: throws %s', async (_label, reason, code) => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Promise.reject(reason))
    expect((await rejection(callGoogleAuth(testConfig(), input, { fetch }))).code).toBe(code)
  })

  it('on an unusable code: rejects with google_failed without a request', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>()
    expect(
      (await rejection(callGoogleAuth(testConfig(), { ...input, code: 'a\nb' }, { fetch }))).code,
    ).toBe('google_failed')
    expect(fetch).not.toHaveBeenCalled()
  })
})
