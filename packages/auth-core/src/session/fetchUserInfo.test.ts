import { describe, expect, it, vi } from 'vitest'
import { rejection } from '../testSupport/rejection'
import { fetchUserInfo } from './fetchUserInfo'
import { json, sessionConfig } from '../testSupport/sessionTestKit'

const config = sessionConfig()

function answering(response: () => Response | Promise<Response>) {
  return vi.fn<typeof fetch>(async () => response())
}

describe('fetchUserInfo', () => {
  it('GETs {issuer}/v1/userinfo with the token as Bearer, no cookies, and the signal', async () => {
    const fetch = answering(() => json({ sub: '00u1', name: 'Ada Lovelace', email: 'ada@x.test' }))
    const signal = new AbortController().signal
    await expect(fetchUserInfo(config, 'at-1', { fetch, signal })).resolves.toEqual({
      name: 'Ada Lovelace',
      email: 'ada@x.test',
    })
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('https://login.example.com/oauth2/default/v1/userinfo')
    expect(init).toMatchObject({
      method: 'GET',
      headers: { Authorization: 'Bearer at-1', Accept: 'application/json' },
      credentials: 'omit',
      signal,
    })
  })

  it('with only sub (no profile or email scope): name and email null', async () => {
    const fetch = answering(() => json({ sub: '00u1' }))
    await expect(fetchUserInfo(config, 'at-1', { fetch })).resolves.toEqual({
      name: null,
      email: null,
    })
  })

  it('with a name or email of another type: reads them as absent', async () => {
    const fetch = answering(() => json({ sub: '00u1', name: ['Ada'], email: 7 }))
    await expect(fetchUserInfo(config, 'at-1', { fetch })).resolves.toEqual({
      name: null,
      email: null,
    })
  })

  it.each([
    ['401 invalid_token', () => new Response(null, { status: 401 }), 401],
    ['403 insufficient_scope', () => new Response(null, { status: 403 }), 403],
    ['a 200 HTML page', () => new Response('<html>', { status: 200 }), 200],
    ['a body without sub', () => json({ name: 'Ada' }), 200],
    ['an empty sub', () => json({ sub: '' }), 200],
    ['a JSON array', () => json([{ sub: '00u1' }]), 200],
  ])('on %s: rejects unknown_error with the status', async (_label, response, status) => {
    const error = await rejection(fetchUserInfo(config, 'at-1', { fetch: answering(response) }))
    expect(error.code).toBe('unknown_error')
    expect(error.details.status).toBe(status)
    expect(error.message).toBe(
      status === 200
        ? 'The userinfo answer is not one the session can use.'
        : 'The userinfo endpoint refused the access token.',
    )
  })

  it('when fetch fails or times out: network_error / timeout', async () => {
    const offline = vi.fn<typeof fetch>(() => Promise.reject(new TypeError('Failed to fetch')))
    expect((await rejection(fetchUserInfo(config, 'at-1', { fetch: offline }))).code).toBe(
      'network_error',
    )
    const slow = vi.fn<typeof fetch>(() =>
      Promise.reject(new DOMException('The operation timed out.', 'TimeoutError')),
    )
    expect((await rejection(fetchUserInfo(config, 'at-1', { fetch: slow }))).code).toBe('timeout')
  })
})
