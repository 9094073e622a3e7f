import { describe, expect, it } from 'vitest'
import { LONG_AGO, createUnsignedJwt, idTokenClaims } from '../testSupport/jwt'
import {
  RECORDED_TOKEN_CONFIG,
  jsonResponse,
  readFixture,
  tokenBody,
} from '../testSupport/oauthFixtures'
import { testConfig } from '../testSupport/testConfig'
import { oauthEndpointsFor } from './authorizationServerFor'
import { processTokenResponse } from './processTokenResponse'
import { rejection } from '../testSupport/rejection'

const config = testConfig()
const NONCE = 'Zk3x9Qv_0pLmN4bT7yR2sW8cH1dF6gJ5aE-uK0oIqXw'
const ISSUER = oauthEndpointsFor(config).issuer
const claimsFor = (overrides: Record<string, unknown> = {}) =>
  idTokenClaims({ issuer: ISSUER, clientId: config.clientId, nonce: NONCE }, overrides)

describe('processTokenResponse', () => {
  it('on a valid response: returns the checked token set', async () => {
    const body = tokenBody(config, NONCE)
    const result = await processTokenResponse(config, jsonResponse(body), { nonce: NONCE })
    expect(result).toEqual({
      kind: 'tokens',
      tokens: {
        accessToken: 'at-0123456789',
        tokenType: 'Bearer',
        expiresIn: 3600,
        refreshToken: 'rt-0123456789',
        idToken: body['id_token'],
        scope: 'openid offline_access',
      },
    })
  })

  it('without refresh_token and scope: returns null for both', async () => {
    const body = tokenBody(config, NONCE, { refresh_token: undefined, scope: undefined })
    const result = await processTokenResponse(config, jsonResponse(body), { nonce: NONCE })
    expect(result).toMatchObject({ kind: 'tokens', tokens: { refreshToken: null, scope: null } })
  })

  it.each(['Bearer', 'bearer', 'BEARER'])('accepts token_type %s as Bearer', async (tokenType) => {
    const body = tokenBody(config, NONCE, { token_type: tokenType })
    const result = await processTokenResponse(config, jsonResponse(body), { nonce: NONCE })
    expect(result).toMatchObject({ kind: 'tokens', tokens: { tokenType: 'Bearer' } })
  })

  it.each([1, 60, 86_400])('accepts expires_in %s', async (expiresIn) => {
    const body = tokenBody(config, NONCE, { expires_in: expiresIn })
    const result = await processTokenResponse(config, jsonResponse(body), { nonce: NONCE })
    expect(result).toMatchObject({ kind: 'tokens', tokens: { expiresIn } })
  })

  it.each([
    ['application/json; charset=utf-8'],
    ['application/json ; charset=utf-8'],
    ['Application/JSON'],
  ])('accepts the JSON media type written as %s', async (contentType) => {
    const body = tokenBody(config, NONCE)
    const response = jsonResponse(body, 200, { 'content-type': contentType })
    const result = await processTokenResponse(config, response, { nonce: NONCE })
    expect(result).toMatchObject({ kind: 'tokens', tokens: { accessToken: 'at-0123456789' } })
  })

  describe('what a failure report says about a refused 200 (the exact code and details)', () => {
    const details = async (response: Response) => {
      const error = await rejection(processTokenResponse(config, response, { nonce: NONCE }))
      return { code: error.code, message: error.message, details: error.details }
    }
    const OURS = {
      code: 'unknown_error',
      message: 'The token response is not one the app can use.',
      details: { status: 200 },
    }
    const OAUTH4WEBAPI = {
      code: 'unknown_error',
      message: 'The provider response failed validation (OAUTH_INVALID_RESPONSE).',
      details: { providerCode: 'OAUTH_INVALID_RESPONSE' },
    }

    it.each([
      ['a token body without a content type', {}],
      ['a token body served as text/plain', { 'content-type': 'text/plain' }],
      ['a token body as application/jsonp', { 'content-type': 'application/jsonp' }],
    ])('%s: refused by our own media-type check', async (_name, headers) => {
      // Bytes, not a string: a string body would get a text/plain content type of its own.
      const bytes = new TextEncoder().encode(JSON.stringify(tokenBody(config, NONCE)))
      const response = new Response(bytes, { status: 200, headers })
      if (!('content-type' in headers)) expect(response.headers.has('content-type')).toBe(false)
      expect(await details(response)).toEqual(OURS)
    })

    it('expires_in as a numeric string: oauth4webapi lets it through, our schema refuses it', async () => {
      const body = tokenBody(config, NONCE, { expires_in: '3600' })
      expect(await details(jsonResponse(body))).toEqual(OURS)
    })

    it.each([['null'], ['"text"'], ['42'], ['true'], ['[]']])(
      'a JSON %s body: not an object (never read as a response without an access token)',
      async (json) => {
        expect(await details(jsonResponse(json))).toEqual(OAUTH4WEBAPI)
      },
    )

    // oauth4webapi does not verify (so does not decode) the signature, and its decoder skips
    // leading spaces: only our three-part base64url shape check stands between these and a cookie.
    it.each([
      ['after its signature', (jwt: string) => `${jwt}!`],
      ['after its signature (padding)', (jwt: string) => `${jwt}=`],
      ['before its header (a space)', (jwt: string) => ` ${jwt}`],
    ])('an id_token with a character outside base64url %s', async (_name, alter) => {
      const body = tokenBody(config, NONCE)
      const idToken = alter(body['id_token'] as string)
      expect(await details(jsonResponse({ ...body, id_token: idToken }))).toEqual(OURS)
    })

    it('a token body without id_token: an ID token is required', async () => {
      const body = tokenBody(config, NONCE, { id_token: undefined })
      expect(await details(jsonResponse(body))).toEqual(OAUTH4WEBAPI)
    })
  })

  describe('the recorded Okta success body (issuer http://localhost:3000/oauth2/default, aud fake, no nonce)', () => {
    const recorded = readFixture('oauth2-token-success.200.json')

    it('is refused when a nonce was sent: its ID token carries none (OIDC Core 3.1.3.7 step 11)', async () => {
      const error = await rejection(
        processTokenResponse(RECORDED_TOKEN_CONFIG, jsonResponse(recorded), { nonce: NONCE }),
      )
      expect(error.code).toBe('unknown_error')
      expect(error.details.providerCode).toBe('OAUTH_INVALID_RESPONSE')
      expect(String((error.cause as Error).message)).toMatch(/nonce/)
    })

    it('is refused for another issuer (aud and iss are checked)', async () => {
      const error = await rejection(
        processTokenResponse(config, jsonResponse(recorded), { nonce: NONCE }),
      )
      expect(error.code).toBe('unknown_error')
    })
  })

  describe('refuses with unknown_error', () => {
    const refused = async (response: Response) => {
      const error = await rejection(processTokenResponse(config, response, { nonce: NONCE }))
      expect(error.code).toBe('unknown_error')
      return error
    }

    it('the recorded invalid_grant (PKCE) error, keeping invalid_grant and the status', async () => {
      const error = await refused(
        jsonResponse(readFixture('oauth2-token-error-invalid_grant-pkce.400.json'), 400),
      )
      expect(error.details).toEqual({ providerCode: 'invalid_grant', status: 400 })
    })

    it('a 401 with a WWW-Authenticate challenge', async () => {
      await refused(
        jsonResponse({ error: 'invalid_client' }, 401, {
          'www-authenticate': 'Bearer error="invalid_client"',
        }),
      )
    })

    it.each([
      [
        'a 500 HTML page',
        new Response('<html>oops</html>', {
          status: 500,
          headers: { 'content-type': 'text/html' },
        }),
      ],
      [
        'a 200 HTML page',
        new Response('<html>ok</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
      ],
      [
        'a 200 without a content type',
        new Response(JSON.stringify(tokenBody(config, NONCE)), { status: 200 }),
      ],
      ['truncated JSON', jsonResponse('{"access_token":"at","token_')],
      ['a JSON array', jsonResponse([])],
      [
        'a 302 redirect',
        new Response(null, { status: 302, headers: { location: 'https://evil.example/' } }),
      ],
    ])('%s', async (_name, response) => {
      await refused(response)
    })

    it('a body that was already read', async () => {
      const response = jsonResponse(tokenBody(config, NONCE))
      await response.text()
      await refused(response)
    })

    it.each([
      ['token_type mac', { token_type: 'mac' }],
      ['token_type DPoP (not what we asked for)', { token_type: 'DPoP' }],
      ['a missing token_type', { token_type: undefined }],
      ['expires_in as a numeric string', { expires_in: '3600' }],
      ['expires_in "3600abc"', { expires_in: '3600abc' }],
      ['expires_in -1', { expires_in: -1 }],
      ['expires_in 0', { expires_in: 0 }],
      ['expires_in 1e12', { expires_in: 1e12 }],
      ['expires_in 86401', { expires_in: 86_401 }],
      ['a fractional expires_in', { expires_in: 3600.5 }],
      ['a missing expires_in', { expires_in: undefined }],
      ['a two-part id_token', { id_token: 'a.b' }],
      ['a missing id_token', { id_token: undefined }],
      ['an id_token that is not a string', { id_token: 42 }],
      ['a JWE (five-part) id_token', { id_token: 'a.b.c.d.e' }],
      ['an empty refresh_token', { refresh_token: '' }],
      ['a numeric refresh_token', { refresh_token: 123 }],
      ['a numeric scope', { scope: 5 }],
    ])('%s', async (_name, overrides) => {
      await refused(jsonResponse(tokenBody(config, NONCE, overrides)))
    })

    it.each([
      ['a wrong nonce', claimsFor({ nonce: 'other' })],
      ['no nonce', claimsFor({ nonce: undefined })],
      ['a wrong audience', claimsFor({ aud: 'someone-else' })],
      [
        'an audience list with an untrusted party and no azp',
        claimsFor({ aud: [config.clientId, 'other'] }),
      ],
      ['a wrong azp', claimsFor({ aud: [config.clientId, 'other'], azp: 'other' })],
      ['a wrong issuer', claimsFor({ iss: 'https://login.example.com/oauth2/other' })],
      ['the org issuer instead of the custom one', claimsFor({ iss: 'https://login.example.com' })],
      ['an expired token', claimsFor({ exp: LONG_AGO + 3600 })],
      ['a missing exp', claimsFor({ exp: undefined })],
      ['a missing sub', claimsFor({ sub: undefined })],
    ])('an ID token with %s', async (_name, claims) => {
      await refused(jsonResponse(tokenBody(config, NONCE, { id_token: createUnsignedJwt(claims) })))
    })

    it.each([
      ['alg none', { alg: 'none' }],
      ['alg HS256', { alg: 'HS256' }],
      ['a crit header', { alg: 'RS256', crit: ['exp'] }],
    ])('an ID token with %s', async (_name, header) => {
      const idToken = createUnsignedJwt(claimsFor(), header)
      await refused(jsonResponse(tokenBody(config, NONCE, { id_token: idToken })))
    })
  })

  describe('a 200 without an access token (spec: log out with unknown_error)', () => {
    const validIdToken = createUnsignedJwt(claimsFor())

    it.each([
      ['no access_token', { access_token: undefined }],
      ['an empty access_token', { access_token: '' }],
      ['a numeric access_token', { access_token: 1 }],
    ])('%s: noAccessToken with the validated ID token', async (_name, overrides) => {
      const body = tokenBody(config, NONCE, { id_token: validIdToken, ...overrides })
      expect(await processTokenResponse(config, jsonResponse(body), { nonce: NONCE })).toEqual({
        kind: 'noAccessToken',
        idToken: validIdToken,
      })
    })

    it.each([
      ['an empty body', {}],
      ['no id_token', { token_type: 'Bearer' }],
      [
        'an ID token with a wrong nonce',
        { id_token: createUnsignedJwt(claimsFor({ nonce: 'x' })) },
      ],
      ['an expired ID token', { id_token: createUnsignedJwt(claimsFor({ exp: LONG_AGO })) }],
      ['a malformed ID token', { id_token: 'not-a-jwt' }],
      ['an empty id_token', { id_token: '' }],
      ['a numeric id_token', { id_token: 42 }],
      ['an id_token that is an object', { id_token: { alg: 'none' } }],
    ])(
      '%s: noAccessToken without an ID token (never an unvalidated id_token_hint)',
      async (_name, body) => {
        expect(await processTokenResponse(config, jsonResponse(body), { nonce: NONCE })).toEqual({
          kind: 'noAccessToken',
          idToken: null,
        })
      },
    )

    it('does not read an access_token smuggled under __proto__', async () => {
      const body = `{"__proto__":{"access_token":"evil"},"token_type":"Bearer","expires_in":3600,"id_token":"${validIdToken}"}`
      expect(await processTokenResponse(config, jsonResponse(body), { nonce: NONCE })).toEqual({
        kind: 'noAccessToken',
        idToken: validIdToken,
      })
    })
  })
})
