import { describe, expect, it, vi } from 'vitest'
import { callWhoAmI } from './callWhoAmI'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })

describe('callWhoAmI', () => {
  it('sends the token as a bearer token to {api}/auth/whoami and reads email and exp', async () => {
    const fetchStub = vi.fn<typeof fetch>(async () =>
      json({ sub: 'pat', email: 'pat@example.com', exp: 1_900_000_000 }),
    )
    expect(await callWhoAmI('https://api.example.com', 'at-1', fetchStub)).toEqual({
      ok: true,
      email: 'pat@example.com',
      expiresAt: 1_900_000_000_000,
    })
    const [url, init] = fetchStub.mock.calls[0] ?? []
    expect(url).toBe('https://api.example.com/auth/whoami')
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer at-1')
  })

  it.each([
    [
      'a 401 with a message',
      () => json({ error: 'invalid_token', message: 'The access token has expired.' }, 401),
      'The product API refused the token: The access token has expired.',
    ],
    [
      'a 500 without JSON',
      () => new Response('oops', { status: 500 }),
      'The product API refused the token: HTTP 500',
    ],
    [
      'a network failure',
      () => Promise.reject(new TypeError('Failed to fetch')),
      'The product API could not be reached.',
    ],
  ])('on %s: resolves with a message, never rejects', async (_label, answer, message) => {
    const fetchStub = async () => answer()
    expect(await callWhoAmI('https://api.example.com', 'at-1', fetchStub)).toEqual({
      ok: false,
      message,
    })
  })
})
