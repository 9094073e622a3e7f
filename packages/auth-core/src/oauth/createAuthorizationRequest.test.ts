import { createHash, getRandomValues } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { testConfig } from '../testSupport/testConfig'
import { createAuthorizationRequest } from './createAuthorizationRequest'
import { OAUTH_SCOPES } from './oauthScopes'
import type { RandomBytes } from './oauth.types'
import { rejection } from '../testSupport/rejection'

/** RFC 7636 Appendix B. */
const RFC7636_OCTETS = [
  116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186, 22, 212, 37, 77, 105,
  214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121,
]
const RFC7636_VERIFIER = 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk'
const RFC7636_CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'

const config = testConfig()
const realRandom: RandomBytes = (length) => getRandomValues(new Uint8Array(length))

/** Returns each of `outputs` in turn, then real randomness. */
function sequence(...outputs: Uint8Array[]): RandomBytes {
  return vi.fn((length: number) => outputs.shift() ?? realRandom(length))
}
const filled = (value: number, length = 32): Uint8Array => new Uint8Array(length).fill(value)

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('createAuthorizationRequest', () => {
  it('reproduces the RFC 7636 Appendix B verifier and S256 challenge', async () => {
    const request = await createAuthorizationRequest(
      config,
      'st',
      sequence(Uint8Array.from(RFC7636_OCTETS), filled(1), filled(2)),
    )
    expect(request.codeVerifier).toBe(RFC7636_VERIFIER)
    expect(new URL(request.url).searchParams.get('code_challenge')).toBe(RFC7636_CHALLENGE)
  })

  it('sends exactly the authorize parameters, with state and nonce from the random source', async () => {
    const request = await createAuthorizationRequest(
      config,
      '20111h0ZlxjyI7b8AAvsRvpo',
      sequence(Uint8Array.from(RFC7636_OCTETS), filled(1), filled(2)),
    )
    const url = new URL(request.url)
    expect(url.origin + url.pathname).toBe('https://login.example.com/oauth2/default/v1/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: '0oa1abc',
      response_type: 'code',
      response_mode: 'fragment',
      scope:
        'api_usage:get coverage:get detection:find detection:get frame:get image:get subscription:add subscription:update subscription:find offline_access openid',
      redirect_uri: 'https://signin.example.com/',
      state: 'AQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQE',
      nonce: 'AgICAgICAgICAgICAgICAgICAgICAgICAgICAgICAgI',
      code_challenge: RFC7636_CHALLENGE,
      code_challenge_method: 'S256',
      prompt: 'none',
      sessionToken: '20111h0ZlxjyI7b8AAvsRvpo',
    })
    expect([...url.searchParams.keys()]).toHaveLength(11)
    expect(request.state).toBe(url.searchParams.get('state'))
    expect(request.nonce).toBe(url.searchParams.get('nonce'))
    expect(url.hash).toBe('')
  })

  it('never puts the verifier in the URL and never uses plain', async () => {
    const request = await createAuthorizationRequest(config, 'st', realRandom)
    expect(request.url).not.toContain('code_verifier')
    expect(request.url).not.toContain(request.codeVerifier)
    expect(request.url).not.toMatch(/plain/i)
  })

  it('requests the scopes of spec section 6, in order', () => {
    expect(OAUTH_SCOPES.join(' ')).toBe(
      'api_usage:get coverage:get detection:find detection:get frame:get image:get subscription:add subscription:update subscription:find offline_access openid',
    )
  })

  it('with real randomness: 43-character base64url values, distinct, and a SHA-256 challenge of the verifier', async () => {
    const randomBytes = vi.fn(realRandom)
    const request = await createAuthorizationRequest(config, 'st', randomBytes)
    expect(randomBytes.mock.calls).toEqual([[32], [32], [32]])
    for (const value of [request.codeVerifier, request.state, request.nonce])
      expect(value).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(new Set([request.codeVerifier, request.state, request.nonce]).size).toBe(3)
    const expected = createHash('sha256').update(request.codeVerifier).digest('base64url')
    expect(new URL(request.url).searchParams.get('code_challenge')).toBe(expected)
  })

  it('encodes a session token with URL-special characters as one parameter', async () => {
    const request = await createAuthorizationRequest(config, 'a&b=c#d e', realRandom)
    expect(new URL(request.url).searchParams.get('sessionToken')).toBe('a&b=c#d e')
  })

  it('uses only the first 32 bytes when the source returns more', async () => {
    const request = await createAuthorizationRequest(
      config,
      'st',
      sequence(Uint8Array.from([...RFC7636_OCTETS, 9, 9, 9]), filled(1), filled(2)),
    )
    expect(request.codeVerifier).toBe(RFC7636_VERIFIER)
  })

  describe('fails closed with crypto_unavailable', () => {
    it.each([
      ['crypto is missing', undefined],
      ['crypto.subtle is missing', {}],
      ['crypto.subtle.digest is missing', { subtle: {} }],
    ])('when %s, before drawing any randomness', async (_name, crypto) => {
      vi.stubGlobal('crypto', crypto)
      const randomBytes = vi.fn(realRandom)
      const error = await rejection(createAuthorizationRequest(config, 'st', randomBytes))
      expect(error.code).toBe('crypto_unavailable')
      expect(error.message).toBe('WebCrypto (crypto.subtle) is not available.')
      expect(randomBytes).not.toHaveBeenCalled()
    })

    it('when the SHA-256 digest rejects', async () => {
      vi.stubGlobal('crypto', {
        subtle: {
          digest: () => Promise.reject(new DOMException('not allowed', 'NotSupportedError')),
        },
      })
      const error = await rejection(createAuthorizationRequest(config, 'st', realRandom))
      expect(error.code).toBe('crypto_unavailable')
      expect(error.message).toBe('The SHA-256 digest for the PKCE challenge failed.')
      expect(error.cause).toBeInstanceOf(DOMException)
    })

    it.each([
      ['returns fewer than 32 bytes', sequence(new Uint8Array(16).fill(7)), 'too few bytes'],
      ['returns nothing', sequence(new Uint8Array(0)), 'too few bytes'],
      ['returns all zeros', sequence(filled(0)), 'zeros'],
      [
        'returns all zeros in the first 32 bytes',
        sequence(Uint8Array.from([...filled(0), 1])),
        'zeros',
      ],
      ['returns the same bytes twice', sequence(filled(7), filled(7), filled(8)), 'repeated'],
      [
        'returns the same bytes for state and nonce',
        sequence(filled(6), filled(7), filled(7)),
        'repeated',
      ],
      [
        'returns a plain array',
        (() => [...RFC7636_OCTETS]) as unknown as RandomBytes,
        'too few bytes',
      ],
      [
        'throws',
        () => {
          throw new Error('getRandomValues is not available')
        },
        'failed',
      ],
    ])('when the random source %s', async (_name, randomBytes, problem) => {
      const error = await rejection(createAuthorizationRequest(config, 'st', randomBytes))
      expect(error.code).toBe('crypto_unavailable')
      expect(error.message).toBe(
        {
          'too few bytes': 'The random source returned too few bytes.',
          zeros: 'The random source returned zeros.',
          repeated: 'The random source repeated itself.',
          failed: 'The random source failed.',
        }[problem],
      )
    })
  })
})
