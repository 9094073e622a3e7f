import { afterEach, describe, expect, it, vi } from 'vitest'
import { oauthEndpointsFor } from '../oauth/authorizationServerFor'
import { FAR_FUTURE, TEST_JWT_HEADER, createUnsignedJwt, idTokenClaims } from '../testSupport/jwt'
import { readFixture } from '../testSupport/oauthFixtures'
import {
  processSessionRefreshResponse,
  refreshSessionTokens,
  sessionRefreshRequest,
} from './refreshSessionTokens'
import {
  accessToken,
  idToken,
  json,
  NOW_S as KIT_NOW_S,
  localSessionConfig,
  refreshBody,
  sessionConfig,
  stubFetch,
} from '../testSupport/sessionTestKit'
import { rejection } from '../testSupport/rejection'

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
    expect(error.message).toBe('The provider must be reached over HTTPS.')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('refuses a provider URL that is not a URL at all, without a request', async () => {
    const { fetch } = stubFetch(() => json({}))
    const broken = sessionConfig({ oktaOrgUrl: 'login example com' })
    const error = await rejection(sessionRefreshRequest(broken, 'rt-1', { fetch }))
    expect(error.code).toBe('unknown_error')
    expect(error.message).toBe('The provider must be reached over HTTPS.')
    expect(fetch).not.toHaveBeenCalled()
  })

  it('asks for a JSON answer (Accept: application/json)', async () => {
    const { fetch } = stubFetch(() => json(refreshBody(config)))
    await sessionRefreshRequest(config, 'rt-1', { fetch })
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('accept')).toBe('application/json')
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
  it('on a rotated token set: returns every token, and the provider clock measured on the answer', async () => {
    const body = refreshBody(config)
    // Received 5 s after the provider's now (exp - expires_in): the provider is 5 s behind.
    const receivedAtMs = KIT_NOW_S * 1000 + 5000
    await expect(
      processSessionRefreshResponse(config, json(body), receivedAtMs),
    ).resolves.toStrictEqual({
      accessToken: body.access_token,
      tokenType: 'Bearer',
      expiresIn: 3600,
      refreshToken: 'rt-rotated',
      idToken: body.id_token,
      scope: 'openid offline_access',
      idTokenExpiresAt: FAR_FUTURE,
      idTokenProfile: { name: null, email: null },
      clockOffsetMs: -5000,
      idTokenError: null,
    })
  })

  it('measures the provider clock by exp - expires_in, whatever the token lifetime', async () => {
    const token = accessToken({ iat: KIT_NOW_S - 50, exp: KIT_NOW_S + 300 })
    const body = refreshBody(config, { access_token: token, expires_in: 300 })
    const tokens = await processSessionRefreshResponse(
      config,
      json(body),
      KIT_NOW_S * 1000 - 7200_000,
    )
    expect(tokens.clockOffsetMs).toBe(7200_000)
  })

  it('an access token that is not a JWT: no clock measured, the tokens kept', async () => {
    const body = refreshBody(config, { access_token: 'opaque-token' })
    const tokens = await processSessionRefreshResponse(config, json(body), KIT_NOW_S * 1000)
    expect(tokens).toMatchObject({ accessToken: 'opaque-token', clockOffsetMs: null })
  })

  it('a device clock two hours ahead: the ID token is checked by the provider clock (accepted)', async () => {
    const token = accessToken({ iat: KIT_NOW_S, exp: KIT_NOW_S + 3600 })
    const id = idToken(config, { iat: KIT_NOW_S, exp: KIT_NOW_S + 3600 })
    const body = refreshBody(config, { access_token: token, id_token: id })
    const tokens = await processSessionRefreshResponse(
      config,
      json(body),
      (KIT_NOW_S + 7200) * 1000,
    )
    expect(tokens).toMatchObject({
      idToken: id,
      idTokenExpiresAt: KIT_NOW_S + 3600,
      idTokenError: null,
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
  ])(
    'on %s: keeps the tokens without the ID token, the failure as idTokenError',
    async (_label, overrides) => {
      const body = refreshBody(config, overrides)
      const tokens = await processSessionRefreshResponse(config, json(body))
      expect(tokens).toMatchObject({
        accessToken: body.access_token,
        refreshToken: 'rt-rotated',
        idToken: null,
        idTokenExpiresAt: null,
        idTokenProfile: null,
      })
      expect(tokens.idTokenError?.code).toBe('unknown_error')
    },
  )

  it.each([
    ['no access_token', { access_token: undefined }],
    ['an empty access_token', { access_token: '' }],
    ['token_type DPoP', { token_type: 'DPoP' }],
    ['token_type mac', { token_type: 'mac' }],
    ['no expires_in', { expires_in: undefined }],
    ['expires_in 0', { expires_in: 0 }],
    ['expires_in 1.5', { expires_in: 1.5 }],
    ['expires_in of two days', { expires_in: 172_800 }],
    ['expires_in as a numeric string', { expires_in: '3600' }],
    ['expires_in "3600abc"', { expires_in: '3600abc' }],
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

  it('on a 200 body with an id_token that is not a JWS (the schema): rejects with unknown_error', async () => {
    const error = await rejection(
      processSessionRefreshResponse(config, json(refreshBody(config, { id_token: 'x' }))),
    )
    expect(error.code).toBe('unknown_error')
  })
})

describe('processSessionRefreshResponse: the ID token', () => {
  const NOW_S = 1_800_000_000
  const expected = {
    issuer: oauthEndpointsFor(config).issuer,
    clientId: config.clientId,
    nonce: '',
  }
  const withIdToken = (claims: Record<string, unknown>, header: object = TEST_JWT_HEADER) =>
    json(
      refreshBody(config, {
        access_token: accessToken({ iat: NOW_S, exp: NOW_S + 3600 }),
        id_token: createUnsignedJwt(
          idTokenClaims(expected, { nonce: undefined, ...claims }),
          header as Record<string, unknown>,
        ),
      }),
    )
  /** The check's failure, with the tokens kept: the ID token dropped, the rest as answered. */
  async function idTokenError(response: Response) {
    const tokens = await processSessionRefreshResponse(config, response, NOW_S * 1000)
    expect(tokens).toMatchObject({
      refreshToken: 'rt-rotated',
      idToken: null,
      idTokenProfile: null,
    })
    expect(tokens.accessToken).toMatch(/^eyJ/)
    if (tokens.idTokenError === null) throw new Error('expected an idTokenError')
    return tokens.idTokenError
  }

  afterEach(() => {
    vi.useRealTimers()
  })

  it('without receivedAtMs: the system clock', async () => {
    vi.useFakeTimers({ now: (NOW_S - 3600) * 1000 })
    // Received an hour before the provider's now: the provider is an hour ahead.
    const tokens = await processSessionRefreshResponse(config, withIdToken({}))
    expect(tokens.clockOffsetMs).toBe(3600_000)
  })

  it.each([
    ['aud an array holding the client id alone', { aud: [config.clientId] }],
    [
      'two audiences with azp the client id',
      { aud: [config.clientId, 'api://default'], azp: config.clientId },
    ],
    ['exp 29 s past (within the 30 s tolerance)', { exp: NOW_S - 29 }],
    ['nbf 30 s ahead (within the tolerance)', { nbf: NOW_S + 30 }],
    ['auth_time 0', { auth_time: 0 }],
    ['an empty sub', { sub: '' }],
  ])('accepts %s', async (_label, claims) => {
    const tokens = await processSessionRefreshResponse(config, withIdToken(claims), NOW_S * 1000)
    expect(tokens.idToken).not.toBeNull()
    expect(tokens.idTokenError).toBeNull()
  })

  it.each([
    ['exp 30 s past', { exp: NOW_S - 30 }, 'exp'],
    ['exp a string', { exp: String(FAR_FUTURE) }, 'claims'],
    ['no exp', { exp: undefined }, 'claims'],
    ['no iat', { iat: undefined }, 'claims'],
    ['iat a string', { iat: 'yesterday' }, 'claims'],
    ['no sub', { sub: undefined }, 'claims'],
    ['sub a number', { sub: 42 }, 'claims'],
    ['no iss', { iss: undefined }, 'claims'],
    ['iss with a trailing slash', { iss: `${expected.issuer}/` }, 'iss'],
    ['no aud', { aud: undefined }, 'aud'],
    ['aud a number', { aud: 7 }, 'aud'],
    ['aud an array without the client id', { aud: ['api://default'] }, 'aud'],
    ['two audiences without azp', { aud: [config.clientId, 'api://default'] }, 'azp'],
    [
      'two audiences with azp another client',
      { aud: [config.clientId, 'api://default'], azp: 'someone-else' },
      'azp',
    ],
    ['nbf 31 s ahead', { nbf: NOW_S + 31 }, 'nbf'],
    ['nbf a string', { nbf: 'soon' }, 'claims'],
    ['a negative auth_time', { auth_time: -1 }, 'claims'],
    ['auth_time a string', { auth_time: 'today' }, 'claims'],
  ])('refuses %s: unknown_error naming the %s check', async (_label, claims, check) => {
    const error = await idTokenError(withIdToken(claims))
    expect(error.code).toBe('unknown_error')
    expect(error.message).toBe(`The ID token of the refresh response fails its ${check} check.`)
    expect(error.details).toStrictEqual({ status: 200 })
  })

  it.each([
    ['alg HS256', { alg: 'HS256' }],
    ['alg none', { alg: 'none' }],
    ['no alg', { typ: 'JWT' }],
    ['a crit header parameter', { ...TEST_JWT_HEADER, crit: ['exp'] }],
  ])('refuses a header with %s (unknown_error)', async (_label, header) => {
    const error = await idTokenError(withIdToken({}, header))
    expect(error.message).toBe('The ID token of the refresh response fails its header check.')
  })

  it.each([
    ['a header that is not JSON', `${btoa('nope')}.e30.c2ln`, 'header'],
    ['claims that are not JSON', `${idToken(config).split('.')[0]}.bm9wZQ.c2ln`, 'claims'],
    ['claims that are a JSON array', `${idToken(config).split('.')[0]}.W10.c2ln`, 'claims'],
  ])('refuses %s (the %s check)', async (_label, token, check) => {
    const body = refreshBody(config, { id_token: token.replaceAll('=', '') })
    const error = await idTokenError(json(body))
    expect(error.message).toBe(`The ID token of the refresh response fails its ${check} check.`)
  })
})

describe('processSessionRefreshResponse: refusals', () => {
  it.each([
    ['login_required', 'session_expired'],
    ['consent_required', 'session_expired'],
    ['access_denied', 'access_denied'],
    ['invalid_grant', 'unknown_error'],
  ])('an OAuth error %s (400): rejects with %s', async (providerError, code) => {
    const error = await rejection(
      processSessionRefreshResponse(config, json({ error: providerError }, 400)),
    )
    expect(error.code).toBe(code)
    expect(error.details).toEqual({ providerCode: providerError, status: 400 })
  })

  it.each(['Application/JSON', 'application/json ; charset=UTF-8', ' application/json'])(
    'an invalid_grant body as %j (media types are case-insensitive): still the OAuth error',
    async (contentType) => {
      // Misread as an error page, a dead refresh token would never end the session.
      const response = new Response(JSON.stringify({ error: 'invalid_grant' }), {
        status: 400,
        headers: { 'content-type': contentType },
      })
      const error = await rejection(processSessionRefreshResponse(config, response))
      expect(error.details).toEqual({ providerCode: 'invalid_grant', status: 400 })
    },
  )

  it.each([200, 400])(
    'a body that times out while it is read (%i): timeout, not an unusable answer',
    async (status) => {
      const body = new ReadableStream({
        start(controller) {
          controller.error(new DOMException('The operation timed out.', 'TimeoutError'))
        },
      })
      const response = new Response(body, {
        status,
        headers: { 'content-type': 'application/json' },
      })
      const error = await rejection(processSessionRefreshResponse(config, response))
      expect(error.code).toBe('timeout')
    },
  )

  it('a 401 with a WWW-Authenticate challenge: unknown_error with status 401', async () => {
    const response = new Response(null, {
      status: 401,
      headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
    })
    const error = await rejection(processSessionRefreshResponse(config, response))
    expect(error.code).toBe('unknown_error')
    expect(error.details.status).toBe(401)
  })

  it.each([
    ['an OAuth error body served as text/plain', 'text/plain', { error: 'invalid_grant' }, 400],
    ['an empty error value', 'application/json', { error: '' }, 400],
    ['a numeric error value', 'application/json', { error: 7 }, 400],
    ['an OAuth error body with status 500', 'application/json', { error: 'server_error' }, 500],
    ['a JSON array', 'application/json', [], 400],
  ])('%s: unknown_error without a status', async (_label, type, body, status) => {
    const response = new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': type },
    })
    const error = await rejection(processSessionRefreshResponse(config, response))
    expect(error.code).toBe('unknown_error')
    expect(error.details.status).toBeUndefined()
  })

  it.each([
    ['an HTML page', '<html>ok</html>'],
    ['a JSON array', '[]'],
    ['JSON null', 'null'],
  ])('a 200 answer with %s: unknown_error', async (_label, text) => {
    const response = new Response(text, { status: 200, headers: { 'content-type': 'text/html' } })
    expect((await rejection(processSessionRefreshResponse(config, response))).code).toBe(
      'unknown_error',
    )
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
