import { describe, expect, it, vi } from 'vitest'
import {
  RECORDED_TOKEN_CONFIG,
  jsonResponse,
  readFixture,
  tokenBody,
} from '../testSupport/oauthFixtures'
import { testConfig } from '../testSupport/testConfig'
import { createAuthorizationRequest } from './createAuthorizationRequest'
import { exchangeAuthorizationCode } from './exchangeAuthorizationCode'
import { readCallbackParams } from './readCallbackParams'
import type { CallbackParams } from './oauth.types'
import { rejection } from '../testSupport/rejection'

const config = testConfig()
const randomBytes = (length: number) => crypto.getRandomValues(new Uint8Array(length))

function fragment(hash: string): CallbackParams {
  const callback = readCallbackParams(hash, '')
  if (callback === null) throw new Error(`not a callback: ${hash}`)
  return callback
}

describe('exchangeAuthorizationCode', () => {
  it('from authorization request to tokens: the callback with our state is exchanged with our verifier and nonce', async () => {
    const request = await createAuthorizationRequest(config, 'session-token', randomBytes)
    const body = tokenBody(config, request.nonce)
    const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse(body))

    const result = await exchangeAuthorizationCode(
      config,
      {
        callback: fragment(`#code=QnowT-aeawtOJKp-MtkH&state=${request.state}`),
        expectedState: request.state,
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
      },
      { fetch },
    )

    expect(result).toMatchObject({
      kind: 'tokens',
      tokens: { accessToken: body['access_token'], idToken: body['id_token'] },
    })
    const sent = fetch.mock.calls[0]?.[1]?.body as URLSearchParams
    expect(sent.get('code_verifier')).toBe(request.codeVerifier)
    expect(sent.get('code')).toBe('QnowT-aeawtOJKp-MtkH')
  })

  it('on a forged state: invalid_callback and the token endpoint is never called', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse(tokenBody(config, 'n')))
    const error = await rejection(
      exchangeAuthorizationCode(
        config,
        {
          callback: fragment('#code=x&state=evil'),
          expectedState: 'ours',
          codeVerifier: 'v',
          nonce: 'n',
        },
        { fetch },
      ),
    )
    expect(error.code).toBe('invalid_callback')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('on the recorded invalid_grant (PKCE verification failed): unknown_error with providerCode invalid_grant', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      jsonResponse(readFixture('oauth2-token-error-invalid_grant-pkce.400.json'), 400),
    )
    const error = await rejection(
      exchangeAuthorizationCode(
        config,
        {
          callback: fragment('#code=x&state=s'),
          expectedState: 's',
          codeVerifier: 'v',
          nonce: 'n',
        },
        { fetch },
      ),
    )
    expect(error.code).toBe('unknown_error')
    expect(error.details.providerCode).toBe('invalid_grant')
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('on the recorded success body from a local mock: refused, since its ID token has no nonce', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      jsonResponse(readFixture('oauth2-token-success.200.json')),
    )
    const error = await rejection(
      exchangeAuthorizationCode(
        RECORDED_TOKEN_CONFIG,
        {
          callback: fragment('#code=x&state=s'),
          expectedState: 's',
          codeVerifier: 'v',
          nonce: 'n',
        },
        { fetch },
      ),
    )
    expect(error.code).toBe('unknown_error')
    expect(fetch.mock.calls[0]?.[0]).toBe('http://localhost:3000/oauth2/default/v1/token')
  })

  it('on a 200 without an access token: noAccessToken, not an error', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => jsonResponse({ token_type: 'Bearer' }))
    const result = await exchangeAuthorizationCode(
      config,
      { callback: fragment('#code=x&state=s'), expectedState: 's', codeVerifier: 'v', nonce: 'n' },
      { fetch },
    )
    expect(result).toEqual({ kind: 'noAccessToken', idToken: null })
  })
})
