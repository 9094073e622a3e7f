/**
 * auth-core's OAuth client against an OAuth 2 / OIDC server nobody here wrote: `oauth2-mock-server`
 * (a programmable issuer with a real JWKS and RS256 keys) on a random loopback port. Its endpoint
 * paths are set to those of an Okta custom authorization server (`{org}/oauth2/default/v1/...`),
 * because auth-core derives them from the org URL and server id rather than discovering them, and
 * its issuer URL is set to `{org}/oauth2/default` to match. Everything else (tokens, claims,
 * PKCE checks, redirects) is the mock's own behaviour; its hooks bend one answer at a time to
 * show what auth-core refuses.
 * @see https://github.com/axa-group/oauth2-mock-server
 */
import { randomBytes } from 'node:crypto'
import { OAuth2Server, type MutableToken } from 'oauth2-mock-server'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { revokeRefreshToken } from '../session/revokeToken'
import { refreshSessionTokens } from '../session/refreshSessionTokens'
import { rejection } from '../testSupport/rejection'
import { localTestConfig } from '../testSupport/testConfig'
import type { AuthConfig } from '../config/authConfig'
import { buildLogoutUrl } from './buildLogoutUrl'
import { createAuthorizationRequest } from './createAuthorizationRequest'
import { exchangeAuthorizationCode } from './exchangeAuthorizationCode'
import { oauthEndpointsFor } from './authorizationServerFor'
import { readCallbackParams } from './readCallbackParams'

const CLIENT_ID = '0oamockclient'
const REDIRECT_URI = 'http://localhost:5173/'
const BASE = '/oauth2/default'

const server = new OAuth2Server(undefined, undefined, {
  endpoints: {
    wellKnownDocument: `${BASE}/.well-known/openid-configuration`,
    authorize: `${BASE}/v1/authorize`,
    token: `${BASE}/v1/token`,
    jwks: `${BASE}/v1/keys`,
    revoke: `${BASE}/v1/revoke`,
    endSession: `${BASE}/v1/logout`,
    userinfo: `${BASE}/v1/userinfo`,
    introspect: `${BASE}/v1/introspect`,
  },
})
let config: AuthConfig

beforeAll(async () => {
  await server.issuer.keys.generate('RS256')
  await server.start(0, '127.0.0.1')
  const org = `http://127.0.0.1:${server.address().port}`
  server.issuer.url = `${org}${BASE}`
  config = localTestConfig({ oktaOrgUrl: org, clientId: CLIENT_ID, redirectUri: REDIRECT_URI })
  // The mock answers in the query; Okta honours response_mode=fragment, which the app asks for.
  server.service.on('beforeAuthorizeRedirect', ({ url }, req) => {
    if (new URL(req.url ?? '', org).searchParams.get('response_mode') !== 'fragment') return
    url.hash = url.search.slice(1)
    url.search = ''
  })
})
afterEach(() => {
  server.service.removeAllListeners('beforeTokenSigning')
  server.service.removeAllListeners('beforeResponse')
  server.service.removeAllListeners('beforeRevoke')
})
afterAll(() => server.stop())

/** auth-core's request, the mock's `/authorize` redirect, auth-core's reading of the callback. */
async function authorize() {
  const request = await createAuthorizationRequest(config, 'session-token-1', (n) => randomBytes(n))
  const response = await fetch(request.url, { redirect: 'manual' })
  expect(response.status).toBe(302)
  const location = new URL(response.headers.get('Location') ?? '')
  const callback = readCallbackParams(location.hash, location.search)
  if (!callback) throw new Error(`no callback parameters in ${location.href}`)
  return { request, callback, location }
}

/** The whole path to a code exchange, answering auth-core's result. */
async function signIn() {
  const { request, callback } = await authorize()
  return exchangeAuthorizationCode(config, {
    callback,
    expectedState: request.state,
    codeVerifier: request.codeVerifier,
    nonce: request.nonce,
  })
}

/** Changes the next ID token (the one whose `aud` is the client) before the mock signs it. */
function beforeIdTokenSigning(change: (token: MutableToken) => void): void {
  server.service.on('beforeTokenSigning', (token: MutableToken) => {
    if (token.payload.aud === CLIENT_ID) change(token)
  })
}

const claimsOf = (jwt: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >

describe('auth-core against oauth2-mock-server', () => {
  it("authorization request: the mock takes auth-core's parameters and answers in the fragment", async () => {
    const { request, callback, location } = await authorize()
    expect(location.origin + location.pathname).toBe(REDIRECT_URI)
    expect(callback.source).toBe('fragment')
    expect(callback.state).toBe(request.state)
    expect(callback.code).toMatch(/^[\w-]{20,}$/)
    expect(new URL(request.url).pathname).toBe(`${BASE}/v1/authorize`)
  })

  it("code exchange: auth-core accepts the issuer's tokens (PKCE checked by the mock)", async () => {
    const result = await signIn()
    expect(result.kind).toBe('tokens')
    if (result.kind !== 'tokens') return
    const idClaims = claimsOf(result.tokens.idToken ?? '')
    expect(idClaims.iss).toBe(oauthEndpointsFor(config).issuer)
    expect(idClaims.aud).toBe(CLIENT_ID)
    expect(result.tokens.tokenType).toBe('Bearer')
    expect(result.tokens.refreshToken).toEqual(expect.any(String))
  })

  it('code exchange with a verifier that is not the one of the challenge: the mock refuses, auth-core reports it', async () => {
    const { request, callback } = await authorize()
    const other = await createAuthorizationRequest(config, 'x', (n) => randomBytes(n))
    const error = await rejection(
      exchangeAuthorizationCode(config, {
        callback,
        expectedState: request.state,
        codeVerifier: other.codeVerifier,
        nonce: request.nonce,
      }),
    )
    expect(error.code).toBe('unknown_error')
    expect(error.details).toEqual({ providerCode: 'invalid_request', status: 400 })
  })

  it('a callback whose state is not the one sent: auth-core refuses before any token request', async () => {
    const { request, callback } = await authorize()
    const error = await rejection(
      exchangeAuthorizationCode(config, {
        callback,
        expectedState: `${request.state}x`,
        codeVerifier: request.codeVerifier,
        nonce: request.nonce,
      }),
    )
    expect(error.code).toBe('invalid_callback')
  })

  it.each([
    [
      'another issuer',
      (token: MutableToken) => void (token.payload.iss = 'https://evil.example'),
      /"iss" \(issuer\) claim value/,
    ],
    [
      'another audience',
      (token: MutableToken) => void (token.payload.aud = '0oasomeoneelse'),
      /"aud" \(audience\) claim value/,
    ],
    [
      'another nonce',
      (token: MutableToken) => void (token.payload.nonce = 'not-the-nonce'),
      /"nonce" claim value/,
    ],
    ['no nonce', (token: MutableToken) => void delete token.payload.nonce, /"nonce".* missing/],
    [
      'an expiry an hour ago',
      (token: MutableToken) => {
        const now = Math.floor(Date.now() / 1000)
        Object.assign(token.payload, { iat: now - 7200, nbf: now - 7200, exp: now - 3600 })
      },
      /"exp" \(expiration time\)/,
    ],
  ])(
    'an ID token with %s, signed by the real issuer: auth-core refuses the sign-in',
    async (_, change, reason) => {
      beforeIdTokenSigning(change)
      const error = await rejection(signIn())
      expect(error.code).toBe('unknown_error')
      expect((error.cause as Error).message).toMatch(reason)
    },
  )

  it("an alg: none ID token (the issuer's claims, unsigned header): auth-core refuses it", async () => {
    server.service.once('beforeResponse', (response) => {
      const body = response.body as Record<string, string>
      const [, payload, signature] = (body.id_token ?? '').split('.')
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
      body.id_token = `${header}.${payload}.${signature}`
    })
    const error = await rejection(signIn())
    expect(error.code).toBe('unknown_error')
    expect((error.cause as Error).message).toMatch(/"alg" header parameter/)
  })

  it('refresh grant: auth-core accepts the rotated tokens, with the ID token expiry', async () => {
    const result = await signIn()
    if (result.kind !== 'tokens') throw new Error(result.kind)
    const refreshed = await refreshSessionTokens(config, result.tokens.refreshToken ?? '')
    expect(claimsOf(refreshed.accessToken).iss).toBe(oauthEndpointsFor(config).issuer)
    expect(refreshed.refreshToken).not.toBe(result.tokens.refreshToken)
    expect(refreshed.idTokenExpiresAt).toBe(claimsOf(refreshed.idToken ?? '').exp)
  })

  it('refresh grant answered with another issuer in the ID token: auth-core refuses the ID token, keeps the rotated tokens', async () => {
    const result = await signIn()
    if (result.kind !== 'tokens') throw new Error(result.kind)
    beforeIdTokenSigning((token) => void (token.payload.iss = 'https://evil.example'))
    const refreshed = await refreshSessionTokens(config, result.tokens.refreshToken ?? '')
    expect(refreshed.idToken).toBeNull()
    expect(refreshed.refreshToken).not.toBe(result.tokens.refreshToken)
    expect(refreshed.idTokenError?.code).toBe('unknown_error')
    expect(refreshed.idTokenError?.message).toBe(
      'The ID token of the refresh response fails its iss check.',
    )
  })

  it("refresh grant answered invalid_grant: auth-core reports the provider's code", async () => {
    server.service.once('beforeResponse', (response) => {
      response.statusCode = 400
      response.body = { error: 'invalid_grant', error_description: 'The refresh token is invalid.' }
    })
    const error = await rejection(refreshSessionTokens(config, 'some-refresh-token'))
    expect(error.code).toBe('unknown_error')
    expect(error.details.providerCode).toBe('invalid_grant')
    expect(error.details.status).toBe(400)
  })

  it('revocation: the mock answers 200 and auth-core resolves; another status rejects', async () => {
    const sent: Request[] = []
    const recording: typeof fetch = (input, init) => {
      sent.push(new Request(input, init))
      return fetch(input, init)
    }
    await expect(
      revokeRefreshToken(config, 'the-refresh-token', { fetch: recording }),
    ).resolves.toBeUndefined()
    const form = new URLSearchParams(await sent[0]?.text())
    expect(sent[0]?.url).toBe(`${config.oktaOrgUrl}${BASE}/v1/revoke`)
    expect(Object.fromEntries(form)).toEqual({
      token: 'the-refresh-token',
      token_type_hint: 'refresh_token',
      client_id: CLIENT_ID,
    })
    server.service.once('beforeRevoke', (response) => {
      response.statusCode = 503
    })
    await rejection(revokeRefreshToken(config, 'the-refresh-token'))
  })

  it("logout URL: the mock's end-session endpoint sends the browser back with the state", async () => {
    const result = await signIn()
    if (result.kind !== 'tokens') throw new Error(result.kind)
    const url = buildLogoutUrl(config, {
      idTokenHint: result.tokens.idToken ?? '',
      postLogoutRedirectUri: REDIRECT_URI,
      state: 'bye-123',
    })
    const response = await fetch(url, { redirect: 'manual' })
    expect(response.status).toBe(302)
    const back = new URL(response.headers.get('Location') ?? '')
    expect(back.origin + back.pathname).toBe(REDIRECT_URI)
    expect(back.searchParams.get('state')).toBe('bye-123')
  })
})
