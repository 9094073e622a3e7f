import { describe, expect, it, vi } from 'vitest'
import { localTestConfig, testConfig } from '../testSupport/testConfig'
import { GOOGLE_NONCE_HEADER, googleAuthRequest } from './googleAuthRequest'

const NONCE = 'n'.repeat(43)

describe('googleAuthRequest', () => {
  it('GETs /auth/google-auth with the bearer code, the nonce header named nonce and Credentials: omit, nothing else', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}'))
    const signal = new AbortController().signal
    await googleAuthRequest(
      testConfig(),
      { code: '4/0AX4XfWj-code_1', nonce: NONCE },
      { fetch, signal },
    )
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(fetch.mock.calls[0]).toStrictEqual([
      'https://api.example.com/auth/google-auth',
      {
        method: 'GET',
        headers: {
          Accept: 'application/json',
          Authorization: 'Bearer 4/0AX4XfWj-code_1',
          nonce: NONCE,
          Credentials: 'omit',
        },
        credentials: 'omit',
        cache: 'no-store',
        redirect: 'error',
        referrerPolicy: 'no-referrer',
        signal,
      },
    ])
    expect(GOOGLE_NONCE_HEADER).toBe('nonce')
  })

  it('keeps the API base path and uses http in local mode', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response('{}'))
    await googleAuthRequest(
      localTestConfig({ authApiUrl: 'http://localhost:4000/v2' }),
      { code: 'c', nonce: NONCE },
      { fetch },
    )
    expect(fetch.mock.calls[0]?.[0]).toBe('http://localhost:4000/v2/auth/google-auth')
    expect(fetch.mock.calls[0]?.[1]?.signal).toBeNull()
  })

  it('without options.fetch: uses globalThis.fetch', async () => {
    const stub = vi.fn<typeof fetch>(async () => new Response('{}'))
    vi.stubGlobal('fetch', stub)
    try {
      await googleAuthRequest(testConfig(), { code: 'c', nonce: NONCE })
      expect(stub).toHaveBeenCalledTimes(1)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it.each([
    ['a code with CR/LF', { code: 'c\r\nX-Evil: 1', nonce: NONCE }],
    ['a code with a space', { code: 'a b', nonce: NONCE }],
    ['an empty code', { code: '', nonce: NONCE }],
    ['a non-ASCII code', { code: 'cödé', nonce: NONCE }],
    ['an empty nonce', { code: 'c', nonce: '' }],
    ['a short nonce', { code: 'c', nonce: 'abc' }],
    ['a nonce with a newline', { code: 'c', nonce: `${NONCE}\n` }],
    ['a nonce with a character outside base64url before it', { code: 'c', nonce: `!${NONCE}` }],
  ])('on %s: throws google_failed and never calls fetch', (_label, input) => {
    const fetch = vi.fn<typeof globalThis.fetch>()
    expect(() => googleAuthRequest(testConfig(), input, { fetch })).toThrow(
      expect.objectContaining({
        code: 'google_failed',
        message: 'The Google return carried an unusable code or nonce.',
      }),
    )
    expect(fetch).not.toHaveBeenCalled()
  })
})
