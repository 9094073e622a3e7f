import { describe, expect, it, vi } from 'vitest'
import { testConfig } from '../testSupport/testConfig'
import { createGoogleAuthorizationRequest, GOOGLE_SCOPE } from './createGoogleAuthorizationRequest'

/** A deterministic "CSPRNG": each call returns the next block of bytes. */
function sequenceBytes() {
  let call = 0
  return vi.fn((length: number) => {
    call += 1
    return new Uint8Array(length).fill(call)
  })
}

describe('createGoogleAuthorizationRequest', () => {
  it('builds the consent URL with exactly the expected parameters, in order', () => {
    const request = createGoogleAuthorizationRequest(testConfig(), sequenceBytes())
    const url = new URL(request.url)
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect([...url.searchParams]).toEqual([
      ['client_id', '123.apps.googleusercontent.com'],
      ['redirect_uri', 'https://signin.example.com/'],
      ['response_type', 'code'],
      ['scope', 'openid profile email'],
      ['state', request.state],
      ['nonce', request.nonce],
    ])
    expect(url.hash).toBe('')
  })

  it('draws state and nonce from 32 CSPRNG bytes each, base64url-encoded (43 characters)', () => {
    const randomBytes = sequenceBytes()
    const request = createGoogleAuthorizationRequest(testConfig(), randomBytes)
    expect(randomBytes.mock.calls).toEqual([[32], [32]])
    expect(request.state).toBe(Buffer.from(new Uint8Array(32).fill(1)).toString('base64url'))
    expect(request.nonce).toBe(Buffer.from(new Uint8Array(32).fill(2)).toString('base64url'))
    expect(request.state).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(request.nonce).not.toBe(request.state)
  })

  it('with the real CSPRNG: gives different values on every attempt', () => {
    const csprng = (length: number) => crypto.getRandomValues(new Uint8Array(length))
    const a = createGoogleAuthorizationRequest(testConfig(), csprng)
    const b = createGoogleAuthorizationRequest(testConfig(), csprng)
    expect(new Set([a.state, a.nonce, b.state, b.nonce]).size).toBe(4)
  })

  it('keeps a configured consent URL and its existing path', () => {
    const request = createGoogleAuthorizationRequest(
      testConfig({ googleAuthUrl: 'https://idp.test/google/auth' }),
      sequenceBytes(),
    )
    expect(request.url.startsWith('https://idp.test/google/auth?client_id=')).toBe(true)
  })

  it('encodes the scope with spaces as form-encoding does', () => {
    expect(GOOGLE_SCOPE).toBe('openid profile email')
    expect(createGoogleAuthorizationRequest(testConfig(), sequenceBytes()).url).toContain(
      '&scope=openid+profile+email&',
    )
  })

  it.each([
    [
      'throws',
      () => {
        throw new Error('no crypto')
      },
    ],
    ['returns too few bytes', (length: number) => new Uint8Array(length - 1)],
    [
      'returns a plain array',
      (length: number) => Array.from({ length }, () => 1) as unknown as Uint8Array,
    ],
  ])('when the CSPRNG %s: throws crypto_unavailable', (_label, randomBytes) => {
    expect(() => createGoogleAuthorizationRequest(testConfig(), randomBytes)).toThrow(
      expect.objectContaining({ code: 'crypto_unavailable' }),
    )
  })

  it('when the CSPRNG throws: says so and keeps the original error as the cause', () => {
    const failure = new Error('no crypto')
    expect(() =>
      createGoogleAuthorizationRequest(testConfig(), () => {
        throw failure
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'crypto_unavailable',
        message: 'The CSPRNG failed.',
        cause: failure,
      }),
    )
  })

  it('when the CSPRNG returns too few bytes: says so', () => {
    expect(() =>
      createGoogleAuthorizationRequest(testConfig(), (length) => new Uint8Array(length - 1)),
    ).toThrow(
      expect.objectContaining({
        code: 'crypto_unavailable',
        message: 'The CSPRNG returned the wrong number of bytes.',
      }),
    )
  })
})
