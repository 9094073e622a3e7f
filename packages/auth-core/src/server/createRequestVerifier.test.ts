/**
 * The fetch-standard check of a request, as a Hono or Next.js handler calls it: over real HTTP on
 * loopback (a `node:http` server turning each request into a `Request`, as Hono's Node adapter
 * does), against a local authorization server's JWKS.
 */
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import { createRsaSigner, oktaAccessClaims, type RsaSigner } from '../testSupport/rsaSigner'
import {
  createRequestVerifier,
  type RequestVerification,
  type RequestVerifierOptions,
} from './createRequestVerifier'

const SITE = 'https://maps.example.com'
const SIBLING = 'https://evil.example.com'

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

let signer: RsaSigner
let keysUp = true
const servers: Server[] = []
let issuer: string
let api: string

/** An API on the verifier: answers the verification as JSON, with its status and headers. */
function fetchStandardApi(options: RequestVerifierOptions): Server {
  const verifyRequest = createRequestVerifier(options)
  return createServer((incoming, outgoing) => {
    const headers = new Headers()
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === 'string') headers.set(name, value)
    const request = new Request(`http://127.0.0.1${incoming.url}`, {
      method: incoming.method,
      headers,
    })
    void verifyRequest(request).then((result: RequestVerification) => {
      const body = result.ok
        ? { subject: result.claims.subject, credentials: result.credentials }
        : { error: result.reason }
      outgoing
        .writeHead(result.ok ? 200 : result.status, {
          'content-type': 'application/json',
          ...(result.ok ? {} : result.headers),
        })
        .end(JSON.stringify(body))
    })
  })
}

beforeAll(async () => {
  signer = await createRsaSigner('local-1')
  const keys = createServer((_request, response) => {
    if (!keysUp) response.writeHead(503).end()
    else
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ keys: [signer.jwk] }))
  })
  servers.push(keys)
  issuer = `${await listen(keys)}/oauth2/default`
  const server = fetchStandardApi({
    issuer,
    audience: 'api://default',
    clientId: '0oa1abc',
    requiredScopes: ['coverage:get'],
    siteOrigins: [SITE],
  })
  servers.push(server)
  api = await listen(server)
})

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
})

function token(overrides: Record<string, unknown> = {}): Promise<string> {
  return signer.sign(oktaAccessClaims({ iss: issuer, ...overrides }, Math.floor(Date.now() / 1000)))
}

async function call(init: RequestInit) {
  const response = await fetch(`${api}/api/me`, init)
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate'),
    body: (await response.json()) as unknown,
  }
}

describe('createRequestVerifier', () => {
  it('answers the claims of a Bearer token, and says it came in the header', async () => {
    expect(await call({ headers: { authorization: `Bearer ${await token()}` } })).toEqual({
      status: 200,
      challenge: null,
      body: { subject: 'ada@example.com', credentials: 'authorization' },
    })
  })

  it('takes the scheme in any case', async () => {
    const response = await call({ headers: { authorization: `bEaReR ${await token()}` } })
    expect(response.body).toMatchObject({ credentials: 'authorization' })
  })

  it('answers the claims of the session cookie, and says it came in the cookie', async () => {
    const cookie = `locale=de; access_token=${await token()}; refresh_token=rt-1`
    expect(await call({ headers: { cookie } })).toMatchObject({
      status: 200,
      body: { subject: 'ada@example.com', credentials: 'cookie' },
    })
  })

  it('reads the cookie when Authorization is another scheme', async () => {
    const cookie = `access_token=${await token()}`
    const response = await call({ headers: { authorization: 'Basic YWRhOnB3', cookie } })
    expect(response.body).toMatchObject({ credentials: 'cookie' })
  })

  it('401 with a bare Bearer challenge (no error code) when there is no token', async () => {
    const none: Record<string, string>[] = [
      {},
      { cookie: 'refresh_token=rt-1' },
      { authorization: 'Bearer' },
    ]
    for (const headers of none)
      expect(await call({ headers })).toEqual({
        status: 401,
        challenge: 'Bearer',
        body: { error: 'no_token' },
      })
  })

  it.each([
    ['expired', { exp: 1_000 }, 'The access token expired.'],
    ['wrong_client', { cid: '0oaOTHER' }, 'The access token is for another client.'],
    ['wrong_audience', { aud: 'api://other' }, 'The access token is for another audience.'],
    [
      'wrong_issuer',
      { iss: 'https://other.example.com' },
      'The access token is from another issuer.',
    ],
    ['not_yet_valid', { nbf: 4_000_000_000 }, 'The access token is not valid yet.'],
  ])('401 invalid_token for %s, with a fixed description', async (reason, claims, description) => {
    const response = await call({ headers: { authorization: `Bearer ${await token(claims)}` } })
    expect(response).toEqual({
      status: 401,
      challenge: `Bearer error="invalid_token", error_description="${description}"`,
      body: { error: reason },
    })
  })

  it('401 invalid_token for the refusals before the signature is checked', async () => {
    const cases: [string, string, string][] = [
      ['malformed', 'not-a-jwt', 'The access token is malformed.'],
      [
        'unsupported_algorithm',
        `${Buffer.from('{"alg":"none"}').toString('base64url')}.e30.`,
        'The access token is not signed with RS256.',
      ],
      [
        'unknown_key',
        await signer.sign(oktaAccessClaims({ iss: issuer }), { kid: 'x\r\ny' }),
        'The access token is signed with an unknown key.',
      ],
    ]
    for (const [reason, bearer, description] of cases)
      expect(await call({ headers: { authorization: `Bearer ${bearer}` } })).toEqual({
        status: 401,
        challenge: `Bearer error="invalid_token", error_description="${description}"`,
        body: { error: reason },
      })
    const [header, , signature] = (await token()).split('.')
    const forged = `${header}.${Buffer.from('{"sub":"eve"}').toString('base64url')}.${signature}`
    expect(await call({ headers: { authorization: `Bearer ${forged}` } })).toMatchObject({
      challenge:
        'Bearer error="invalid_token", error_description="The access token signature is invalid."',
    })
  })

  it('403 insufficient_scope naming the scope the route needs', async () => {
    const bearer = await token({ scp: ['openid'] })
    expect(await call({ headers: { authorization: `Bearer ${bearer}` } })).toEqual({
      status: 403,
      challenge: 'Bearer error="insufficient_scope", scope="coverage:get"',
      body: { error: 'insufficient_scope' },
    })
  })

  it('503 without a challenge when the keys cannot be fetched', async () => {
    keysUp = false
    const down = fetchStandardApi({
      issuer: `${issuer.replace('/default', '/down')}`,
      audience: 'api://default',
      clientId: '0oa1abc',
      siteOrigins: [SITE],
    })
    servers.push(down)
    const base = await listen(down)
    const response = await fetch(`${base}/api/me`, {
      headers: { authorization: `Bearer ${await token()}` },
    })
    keysUp = true
    expect(response.status).toBe(503)
    expect(response.headers.get('www-authenticate')).toBeNull()
    expect(await response.json()).toEqual({ error: 'jwks_unavailable' })
  })

  describe('CSRF: cookie-authenticated writes come from the sub-site', () => {
    async function post(headers: Record<string, string>, method = 'POST') {
      return call({ method, headers: { cookie: `access_token=${await token()}`, ...headers } })
    }

    it.each([
      ['a sibling sub-site', { origin: SIBLING, 'sec-fetch-site': 'same-site' }],
      ['another site', { origin: 'https://attacker.test', 'sec-fetch-site': 'cross-site' }],
      ['no Origin, same-site', { 'sec-fetch-site': 'same-site' }],
      ['neither header', {}],
    ])('403 cross_site_request for %s, without a challenge', async (_label, headers) => {
      expect(await post(headers)).toEqual({
        status: 403,
        challenge: null,
        body: { error: 'cross_site_request' },
      })
    })

    it('403 before the token is looked at (a bad token from a sibling)', async () => {
      const response = await call({
        method: 'DELETE',
        headers: { cookie: 'access_token=not-a-jwt', origin: SIBLING },
      })
      expect(response.body).toEqual({ error: 'cross_site_request' })
    })

    it.each([
      ['its Origin', { origin: SITE }],
      ['same-origin without Origin', { 'sec-fetch-site': 'same-origin' }],
    ])('lets the sub-site itself write: %s', async (_label, headers) => {
      expect(await post(headers, 'PUT')).toMatchObject({ status: 200 })
    })

    it('lets a Bearer write through from anywhere, and a cookie read', async () => {
      const bearer = await call({
        method: 'POST',
        headers: { authorization: `Bearer ${await token()}`, origin: SIBLING },
      })
      expect(bearer.status).toBe(200)
      expect((await post({ origin: SIBLING }, 'GET')).status).toBe(200)
    })

    it('a lower-case method is still a write', async () => {
      const verify = createRequestVerifier({
        issuer,
        audience: 'api://default',
        clientId: '0oa1abc',
        siteOrigins: [SITE],
      })
      const request = new Request('https://api.example.com/x', {
        method: 'patch',
        headers: { cookie: `access_token=${await token()}`, origin: SIBLING },
      })
      expect(await verify(request)).toMatchObject({ ok: false, reason: 'cross_site_request' })
    })
  })

  describe('options are checked at creation', () => {
    const good = {
      issuer: 'https://login.example.com/oauth2/default',
      audience: 'api://default',
      clientId: '0oa1abc',
    }

    it.each([
      ['no siteOrigins', undefined],
      ['a string', SITE],
      ['an empty list', []],
      ['an origin with a path', [`${SITE}/`]],
      ['an origin over http', ['http://maps.example.com']],
      ['not a string', [42]],
      ['not a URL', ['maps']],
    ])('siteOrigins: %s', (_label, siteOrigins) => {
      const create = () =>
        createRequestVerifier({ ...good, siteOrigins } as unknown as RequestVerifierOptions)
      expect(create).toThrow(AuthError)
      expect(create).toThrow(
        "siteOrigins must be a non-empty array of origins (https, or http on localhost; no path), e.g. ['https://maps.example.com'].",
      )
    })

    it('names the token options and siteOrigins in one message', () => {
      expect(() =>
        createRequestVerifier({
          ...good,
          requiredScopes: 'x',
          siteOrigins: [],
        } as unknown as RequestVerifierOptions),
      ).toThrow(/requiredScopes.*siteOrigins/s)
      expect(() =>
        createRequestVerifier({
          ...good,
          requiredScopes: 'x',
          siteOrigins: [SITE],
        } as unknown as RequestVerifierOptions),
      ).toThrow(
        expect.objectContaining({
          code: 'configuration_error',
          message: expect.not.stringContaining('siteOrigins'),
        }),
      )
    })

    it('accepts http on localhost, and keeps the origins it checked', async () => {
      const origins = ['http://localhost:3000']
      const verify = createRequestVerifier({ ...good, issuer, siteOrigins: origins })
      origins.push(SIBLING)
      const request = new Request('https://api.example.com/x', {
        method: 'POST',
        headers: { cookie: `access_token=${await token()}`, origin: SIBLING },
      })
      expect(await verify(request)).toMatchObject({ ok: false, reason: 'cross_site_request' })
    })
  })
})
