/**
 * The answers of the fetch-standard check that a route's author or an operator sees: the scope a
 * route with several scopes asks for, the messages for logs, and the local origins a developer's
 * pages run on. Against an in-memory key set (the HTTP path is `createRequestVerifier.test.ts`).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import {
  createRsaSigner,
  jwksResponse,
  oktaAccessClaims,
  SERVER_NOW_S,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
  TEST_ISSUER,
  type RsaSigner,
} from '../testSupport/rsaSigner'
import { createJwksCache } from './createJwksCache'
import { createRequestVerifier, type RequestVerifierOptions } from './createRequestVerifier'

const SITE = 'https://maps.example.com'
let signer: RsaSigner

beforeAll(async () => {
  signer = await createRsaSigner('local-1')
})

function verifier(options: Partial<RequestVerifierOptions> = {}) {
  const now = () => SERVER_NOW_S * 1000
  return createRequestVerifier({
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    clientId: TEST_CLIENT_ID,
    siteOrigins: [SITE],
    now,
    jwks: createJwksCache({
      jwksUri: `${TEST_ISSUER}/v1/keys`,
      fetch: async () => jwksResponse({ keys: [signer.jwk] }),
      now,
    }),
    ...options,
  })
}

function request(method: string, headers: Record<string, string>): Request {
  return new Request('https://api.example.com/api/me', { method, headers })
}

describe('createRequestVerifier: what a route and its logs see', () => {
  it('names every scope the route needs, space-separated (RFC 6750 scope)', async () => {
    const verify = verifier({ requiredScopes: ['coverage:get', 'coverage:put'] })
    const token = await signer.sign(oktaAccessClaims({ scp: ['openid', 'coverage:get'] }))
    expect(await verify(request('GET', { authorization: `Bearer ${token}` }))).toMatchObject({
      ok: false,
      reason: 'insufficient_scope',
      status: 403,
      headers: {
        'www-authenticate': 'Bearer error="insufficient_scope", scope="coverage:get coverage:put"',
      },
    })
  })

  it('says in its message for logs why a request was refused before any token check', async () => {
    const verify = verifier()
    expect(await verify(request('GET', {}))).toMatchObject({
      reason: 'no_token',
      message: 'The request carries no access token.',
    })
    const token = await signer.sign(oktaAccessClaims())
    expect(
      await verify(
        request('POST', { cookie: `access_token=${token}`, origin: 'https://evil.example.com' }),
      ),
    ).toMatchObject({
      reason: 'cross_site_request',
      headers: {},
      message:
        'A write authenticated by the session cookie came from another origin than the sub-site.',
    })
  })

  it.each(['http://localhost:5173', 'http://127.0.0.1:5173', 'http://[::1]:5173'])(
    'takes a developer page on %s as the sub-site',
    async (origin) => {
      const verify = verifier({ siteOrigins: [origin] })
      const token = await signer.sign(oktaAccessClaims())
      expect(
        await verify(request('POST', { cookie: `access_token=${token}`, origin })),
      ).toMatchObject({ ok: true, credentials: 'cookie' })
    },
  )

  it.each(['ws://localhost:5173', 'http://maps.localhost.example.com'])(
    'refuses %s as a site origin (only https, or http on localhost)',
    (origin) => {
      expect(() => verifier({ siteOrigins: [origin] })).toThrow(AuthError)
    },
  )
})
