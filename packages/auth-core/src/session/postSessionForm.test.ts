import { describe, expect, it, vi } from 'vitest'
import { postSessionForm } from './postSessionForm'
import { localSessionConfig, sessionConfig } from '../testSupport/sessionTestKit'
import { rejection } from '../testSupport/rejection'

const config = sessionConfig()

function recordingFetch() {
  return vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }))
}

describe('postSessionForm', () => {
  it('posts the form and client_id form-encoded, with the extra headers, without following redirects or sending cookies', async () => {
    const fetch = recordingFetch()
    const signal = new AbortController().signal
    await postSessionForm(
      config,
      'https://login.example.com/oauth2/default/v1/token',
      { refresh_token: 'rt-1', grant_type: 'refresh_token' },
      { fetch, signal },
      { accept: 'application/json' },
    )
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('https://login.example.com/oauth2/default/v1/token')
    expect(init).toMatchObject({
      method: 'POST',
      redirect: 'manual',
      credentials: 'omit',
      signal,
      headers: {
        accept: 'application/json',
        'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
      },
    })
    expect(String(init?.body)).toBe('refresh_token=rt-1&grant_type=refresh_token&client_id=0oa1abc')
  })

  it('without extra headers: sends only the content type', async () => {
    const fetch = recordingFetch()
    await postSessionForm(config, 'https://login.example.com/x', {}, { fetch })
    expect(fetch.mock.calls[0]?.[1]?.headers).toEqual({
      'content-type': 'application/x-www-form-urlencoded;charset=UTF-8',
    })
  })

  it.each([
    ['plain HTTP outside local mode', config, 'http://login.example.com/x'],
    ['a non-HTTP scheme in local mode', localSessionConfig(), 'ftp://localhost/x'],
    ['an endpoint that is not a URL', config, 'login.example.com/x'],
  ])('refuses %s without a request (unknown_error)', async (_label, given, endpoint) => {
    const fetch = recordingFetch()
    const error = await rejection(postSessionForm(given, endpoint, {}, { fetch }))
    expect(error.code).toBe('unknown_error')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('maps a failed request (offline) to network_error', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('Failed')))
    const error = await rejection(
      postSessionForm(config, 'https://login.example.com/x', {}, { fetch }),
    )
    expect(error.code).toBe('network_error')
  })
})
