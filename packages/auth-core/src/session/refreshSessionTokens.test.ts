import { describe, expect, it, vi } from 'vitest'
import { FAR_FUTURE } from '../testing/jwt'
import { readFixture } from '../testing/oauthFixtures'
import {
  processSessionRefreshResponse,
  refreshSessionTokens,
  sessionRefreshRequest,
} from './refreshSessionTokens'
import {
  idToken,
  json,
  localSessionConfig,
  refreshBody,
  sessionConfig,
  stubFetch,
} from '../testing/sessionTestKit'
import { rejection } from '../testing/rejection'

const config = sessionConfig()

describe('sessionRefreshRequest', () => {
  it('posts grant_type=refresh_token, the refresh token and client_id to the token endpoint', async () => {
    const { fetch, requests } = stubFetch(() => json(refreshBody(config)))
    await sessionRefreshRequest(config, 'rt-1', { fetch })
    expect(requests).toHaveLength(1)
    expect(requests[0]?.url).toBe('https://login.example.com/oauth2/default/v1/token')
    expect(requests[0]?.method).toBe('POST')
    expect(Object.fromEntries(requests[0]?.form ?? [])).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'rt-1',
      client_id: '0oa1abc',
    })
    expect(requests[0]?.credentials).toBe('omit')
  })

  it('without an injected fetch: uses the global fetch', async () => {
    const { fetch, requests } = stubFetch(() => json(refreshBody(config)))
    vi.stubGlobal('fetch', fetch)
    try {
      await sessionRefreshRequest(config, 'rt-1')
    } finally {
      vi.unstubAllGlobals()
    }
    expect(requests).toHaveLength(1)
  })

  it('passes the signal to fetch', async () => {
    const { fetch } = stubFetch(() => json(refreshBody(config)))
    const signal = new AbortController().signal
    await sessionRefreshRequest(config, 'rt-1', { fetch, signal })
    expect(fetch.mock.calls[0]?.[1]?.signal).toBe(signal)
  })

  it('outside local mode: refuses a plain-HTTP provider without a request', async () => {
    const { fetch } = stubFetch(() => json({}))
    const insecure = sessionConfig({ oktaOrgUrl: 'http://login.example.com' })
    const error = await rejection(sessionRefreshRequest(insecure, 'rt-1', { fetch }))
    expect(error.code).toBe('unknown_error')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('in local mode: allows the plain-HTTP provider', async () => {
    const local = localSessionConfig()
    const { fetch, requests } = stubFetch(() => json(refreshBody(local)))
    await sessionRefreshRequest(local, 'rt-1', { fetch })
    expect(requests[0]?.url).toBe('http://localhost:8080/oauth2/default/v1/token')
  })

  it.each([
    ['a network failure', new TypeError('Failed to fetch'), 'network_error'],
    ['a timeout', new DOMException('signal timed out', 'TimeoutError'), 'timeout'],
  ])('on %s: rejects with %s', async (_label, failure, code) => {
    const { fetch } = stubFetch(() => Promise.reject(failure))
    expect((await rejection(sessionRefreshRequest(config, 'rt-1', { fetch }))).code).toBe(code)
  })
})

describe('processSessionRefreshResponse', () => {
  it('on a rotated token set: returns every token', async () => {
    const body = refreshBody(config)
    await expect(processSessionRefreshResponse(config, json(body))).resolves.toEqual({
      accessToken: body.access_token,
      tokenType: 'Bearer',
      expiresIn: 3600,
      refreshToken: 'rt-rotated',
      idToken: body.id_token,
      scope: 'openid offline_access',
      idTokenExpiresAt: FAR_FUTURE,
      idTokenProfile: { name: null, email: null },
    })
  })

  it('with name and email in the ID token: returns them as idTokenProfile, other types as null', async () => {
    const named = refreshBody(config, {
      id_token: idToken(config, { name: 'Ada Lovelace', email: 'ada@lovelace.test' }),
    })
    await expect(processSessionRefreshResponse(config, json(named))).resolves.toMatchObject({
      idTokenProfile: { name: 'Ada Lovelace', email: 'ada@lovelace.test' },
    })
    const odd = refreshBody(config, { id_token: idToken(config, { name: 42, email: '' }) })
    await expect(processSessionRefreshResponse(config, json(odd))).resolves.toMatchObject({
      idTokenProfile: { name: null, email: null },
    })
  })

  it('without refresh_token, id_token and scope (no rotation, no openid): returns them as null', async () => {
    const body = refreshBody(config, {
      refresh_token: undefined,
      id_token: undefined,
      scope: undefined,
    })
    await expect(processSessionRefreshResponse(config, json(body))).resolves.toMatchObject({
      refreshToken: null,
      idToken: null,
      scope: null,
      idTokenExpiresAt: null,
      idTokenProfile: null,
    })
  })

  it('on the recorded invalid_grant body (400): rejects with providerCode invalid_grant and status 400', async () => {
    const body = readFixture('oauth2-token-error-invalid_grant-pkce.400.json')
    const error = await rejection(processSessionRefreshResponse(config, json(body, 400)))
    expect(error.code).toBe('unknown_error')
    expect(error.details).toEqual({ providerCode: 'invalid_grant', status: 400 })
  })

  it('on a 401 invalid_client: rejects with status 401', async () => {
    const error = await rejection(
      processSessionRefreshResponse(config, json({ error: 'invalid_client' }, 401)),
    )
    expect(error.details).toEqual({ providerCode: 'invalid_client', status: 401 })
  })

  it('on a 503 HTML page: rejects with unknown_error and no OAuth status', async () => {
    const page = new Response('<html>down</html>', { status: 503 })
    const error = await rejection(processSessionRefreshResponse(config, page))
    expect(error.code).toBe('unknown_error')
    expect(error.details.status).toBeUndefined()
  })

  it.each([
    ['an ID token for another client', { id_token: idToken(config, { aud: 'someone-else' }) }],
    [
      'an ID token from another issuer',
      { id_token: idToken(config, { iss: 'https://evil.example' }) },
    ],
    ['an expired ID token', { id_token: idToken(config, { exp: 1_000_000_000 }) }],
  ])('on %s: rejects with unknown_error', async (_label, overrides) => {
    const error = await rejection(
      processSessionRefreshResponse(config, json(refreshBody(config, overrides))),
    )
    expect(error.code).toBe('unknown_error')
  })

  it.each([
    ['no access_token', { access_token: undefined }],
    ['an empty access_token', { access_token: '' }],
    ['token_type DPoP', { token_type: 'DPoP' }],
    ['token_type mac', { token_type: 'mac' }],
    ['no expires_in', { expires_in: undefined }],
    ['expires_in 0', { expires_in: 0 }],
    ['expires_in 1.5', { expires_in: 1.5 }],
    ['expires_in of two days', { expires_in: 172_800 }],
    ['an empty refresh_token', { refresh_token: '' }],
    ['a numeric refresh_token', { refresh_token: 7 }],
    ['a scope array', { scope: ['openid'] }],
  ])('on a 200 body with %s: rejects with unknown_error', async (_label, overrides) => {
    const error = await rejection(
      processSessionRefreshResponse(config, json(refreshBody(config, overrides))),
    )
    expect(error.code).toBe('unknown_error')
  })

  it('on a 200 body the session cannot use: says so, with status 200', async () => {
    const error = await rejection(
      processSessionRefreshResponse(config, json(refreshBody(config, { expires_in: 172_800 }))),
    )
    expect(error.message).toBe('The refresh response is not one the session can use.')
    expect(error.details).toStrictEqual({ status: 200 })
  })

  it('on a 200 body with an id_token that is not a JWS: rejects with unknown_error', async () => {
    const error = await rejection(
      processSessionRefreshResponse(config, json(refreshBody(config, { id_token: 'x' }))),
    )
    expect(error.code).toBe('unknown_error')
  })
})

describe('refreshSessionTokens', () => {
  it('sends the grant and returns the processed tokens', async () => {
    const { fetch, requests } = stubFetch(() => json(refreshBody(config)))
    const tokens = await refreshSessionTokens(config, 'rt-1', { fetch })
    expect(tokens.refreshToken).toBe('rt-rotated')
    expect(requests).toHaveLength(1)
  })

  // WebKit rejects a timed-out fetch with a plain AbortError.
  describe('when the signal has timed out and WebKit reports a plain AbortError', () => {
    const signal = AbortSignal.abort(new DOMException('signal timed out', 'TimeoutError'))
    const aborted = () => new DOMException('Fetch is aborted', 'AbortError')

    it('on the request: rejects with timeout', async () => {
      const { fetch } = stubFetch(() => Promise.reject(aborted()))
      expect((await rejection(refreshSessionTokens(config, 'rt-1', { fetch, signal }))).code).toBe(
        'timeout',
      )
    })
  })

  it('maps a failure to AuthError', async () => {
    const { fetch } = stubFetch(() => json({ error: 'invalid_grant' }, 400))
    const error = await rejection(refreshSessionTokens(config, 'rt-1', { fetch }))
    expect(error.details.providerCode).toBe('invalid_grant')
  })
})
