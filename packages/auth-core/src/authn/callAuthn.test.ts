import { describe, expect, it, vi } from 'vitest'
import { testConfig } from '../testSupport/testConfig'
import { callAuthn } from './callAuthn'
import { rejection } from '../testSupport/rejection'

const config = testConfig()

describe('callAuthn', () => {
  it('on a 200 SUCCESS: resolves to the checked transaction', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ status: 'SUCCESS', sessionToken: 's1' }),
    )
    await expect(
      callAuthn(config, { kind: 'primary', username: 'a@b.co', password: 'pw12' }, { fetch }),
    ).resolves.toEqual({
      status: 'SUCCESS',
      sessionToken: 's1',
    })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('on a 401 E0000004: throws invalid_credentials', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({ errorCode: 'E0000004' }, { status: 401 }),
    )
    const error = await rejection(
      callAuthn(config, { kind: 'primary', username: 'a@b.co', password: 'pw12' }, { fetch }),
    )
    expect(error.code).toBe('invalid_credentials')
  })

  it.each([
    ['a TypeError (offline, DNS, CORS)', new TypeError('Failed to fetch'), 'network_error'],
    [
      'a TimeoutError DOMException',
      new DOMException('signal timed out', 'TimeoutError'),
      'timeout',
    ],
    ['an AbortError DOMException', new DOMException('aborted', 'AbortError'), 'network_error'],
  ])('when fetch rejects with %s: throws %s', async (_label, reason, code) => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => Promise.reject(reason))
    const error = await rejection(
      callAuthn(config, { kind: 'resume', stateToken: 'st' }, { fetch }),
    )
    expect(error.code).toBe(code)
    expect(error.cause).toBe(reason)
  })

  it('when the signal has timed out: the real abort reason maps to timeout', async () => {
    const signal = AbortSignal.abort(new DOMException('signal timed out', 'TimeoutError'))
    const fetch = vi.fn<typeof globalThis.fetch>(async (_url, init) =>
      Promise.reject(init?.signal?.reason),
    )
    expect(
      (await rejection(callAuthn(config, { kind: 'resume', stateToken: 'st' }, { fetch, signal })))
        .code,
    ).toBe('timeout')
  })

  // WebKit (WebKitGTK 2.50, Safari's engine) rejects an aborted fetch, and a body read after the
  // abort, with a plain DOMException AbortError ("Fetch is aborted") whatever the signal's
  // reason, where the Fetch standard (and Chromium, Firefox) reject with the reason itself.
  it('when the signal has timed out and fetch rejects with a plain AbortError (WebKit): timeout', async () => {
    const signal = AbortSignal.abort(new DOMException('signal timed out', 'TimeoutError'))
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Promise.reject(new DOMException('Fetch is aborted', 'AbortError')),
    )
    expect(
      (await rejection(callAuthn(config, { kind: 'resume', stateToken: 'st' }, { fetch, signal })))
        .code,
    ).toBe('timeout')
  })

  it('when the signal times out while the body is read (WebKit: a plain AbortError): timeout', async () => {
    const signal = AbortSignal.abort(new DOMException('signal timed out', 'TimeoutError'))
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.error(new DOMException('Fetch is aborted', 'AbortError'))
      },
    })
    const fetch = vi.fn<typeof globalThis.fetch>(async () => new Response(body))
    expect(
      (await rejection(callAuthn(config, { kind: 'resume', stateToken: 'st' }, { fetch, signal })))
        .code,
    ).toBe('timeout')
  })

  it('when the signal was aborted for another reason: a plain AbortError stays network_error', async () => {
    const signal = AbortSignal.abort(new DOMException('left', 'AbortError'))
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Promise.reject(new DOMException('Fetch is aborted', 'AbortError')),
    )
    expect(
      (await rejection(callAuthn(config, { kind: 'resume', stateToken: 'st' }, { fetch, signal })))
        .code,
    ).toBe('network_error')
  })

  it('when fetch throws synchronously: still rejects with an AuthError', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => {
      throw new TypeError('Illegal invocation')
    })
    expect(
      (await rejection(callAuthn(config, { kind: 'resume', stateToken: 'st' }, { fetch }))).code,
    ).toBe('network_error')
  })

  it('on a bad factor id: rejects with missing_mfa_data and never calls fetch', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>()
    const error = await rejection(
      callAuthn(
        config,
        { kind: 'verify', stateToken: 'st', factorId: 'a/b', passCode: '123456' },
        { fetch },
      ),
    )
    expect(error.code).toBe('missing_mfa_data')
    expect(fetch).not.toHaveBeenCalled()
  })
})
