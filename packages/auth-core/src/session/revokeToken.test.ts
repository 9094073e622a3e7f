import { describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import {
  processTokenRevocationResponse,
  revokeRefreshToken,
  revokeToken,
  tokenRevocationRequest,
} from './revokeToken'
import { json, localSessionConfig, sessionConfig, stubFetch } from '../testSupport/sessionTestKit'

const config = sessionConfig()

describe('tokenRevocationRequest', () => {
  it('posts token, token_type_hint=refresh_token and client_id to {issuer}/v1/revoke', async () => {
    const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
    await tokenRevocationRequest(config, 'rt-1', { fetch })
    expect(requests).toHaveLength(1)
    expect(requests[0]?.url).toBe('https://login.example.com/oauth2/default/v1/revoke')
    expect(requests[0]?.method).toBe('POST')
    expect(Object.fromEntries(requests[0]?.form ?? [])).toEqual({
      token: 'rt-1',
      token_type_hint: 'refresh_token',
      client_id: '0oa1abc',
    })
    expect(requests[0]?.credentials).toBe('omit')
  })

  it('with the access_token hint: posts it in token_type_hint', async () => {
    const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
    await tokenRevocationRequest(config, 'at-1', { fetch }, 'access_token')
    expect(requests[0]?.form.get('token_type_hint')).toBe('access_token')
    expect(requests[0]?.form.get('token')).toBe('at-1')
  })

  it('outside local mode: refuses a plain-HTTP provider without a request', async () => {
    const { fetch } = stubFetch(() => new Response(null, { status: 200 }))
    const insecure = sessionConfig({ oktaOrgUrl: 'http://login.example.com' })
    const error = await tokenRevocationRequest(insecure, 'rt-1', { fetch }).catch((e: unknown) => e)
    expect((error as AuthError).code).toBe('unknown_error')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('in local mode: allows the plain-HTTP provider', async () => {
    const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
    await tokenRevocationRequest(localSessionConfig(), 'rt-1', { fetch })
    expect(requests[0]?.url).toBe('http://localhost:8080/oauth2/default/v1/revoke')
  })

  it('on a network failure: rejects with network_error', async () => {
    const { fetch } = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const error = await tokenRevocationRequest(config, 'rt-1', { fetch }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthError)
    expect((error as AuthError).code).toBe('network_error')
  })
})

describe('processTokenRevocationResponse', () => {
  it('on 200: resolves', async () => {
    await expect(
      processTokenRevocationResponse(new Response(null, { status: 200 })),
    ).resolves.toBeUndefined()
  })

  it.each([
    ['a 400 OAuth error', json({ error: 'invalid_client' }, 400), 'invalid_client'],
    ['a 404', new Response('not found', { status: 404 }), undefined],
    [
      'a 401 challenge',
      new Response(null, { status: 401, headers: { 'www-authenticate': 'Bearer' } }),
      undefined,
    ],
  ])('on %s: rejects with unknown_error', async (_label, response, providerCode) => {
    const error = await processTokenRevocationResponse(response).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AuthError)
    expect((error as AuthError).code).toBe('unknown_error')
    if (providerCode !== undefined)
      expect((error as AuthError).details.providerCode).toBe(providerCode)
  })
})

describe('revokeRefreshToken', () => {
  it('sends the revocation and resolves on 200', async () => {
    const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
    await expect(revokeRefreshToken(config, 'rt-1', { fetch })).resolves.toBeUndefined()
    expect(requests).toHaveLength(1)
  })

  it('rejects on a non-200 answer', async () => {
    const { fetch } = stubFetch(() => new Response('', { status: 503 }))
    await expect(revokeRefreshToken(config, 'rt-1', { fetch })).rejects.toBeInstanceOf(AuthError)
  })
})

describe('revokeToken', () => {
  it.each(['refresh_token', 'access_token'] as const)(
    'revokes the token it is given with the %s hint, and resolves on 200',
    async (hint) => {
      const { fetch, requests } = stubFetch(() => new Response(null, { status: 200 }))
      await expect(revokeToken(config, 'token-1', hint, { fetch })).resolves.toBeUndefined()
      expect(requests).toHaveLength(1)
      expect(requests[0]?.form.get('token')).toBe('token-1')
      expect(requests[0]?.form.get('token_type_hint')).toBe(hint)
    },
  )

  it('rejects on a non-200 answer', async () => {
    const { fetch } = stubFetch(() => new Response('', { status: 400 }))
    await expect(revokeToken(config, 'at-1', 'access_token', { fetch })).rejects.toBeInstanceOf(
      AuthError,
    )
  })
})
