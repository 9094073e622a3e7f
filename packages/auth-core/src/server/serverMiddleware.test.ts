/**
 * The server entry as a sub-site backend uses it: the example `examples/serverMiddleware.ts`
 * (shipped in the package, linked from the README) is a plain `node:http` API whose handler reads
 * the session from the `Cookie` header (or an `Authorization: Bearer` header) and verifies the
 * access token against a local authorization server's JWKS; here it runs over real HTTP on
 * loopback.
 */
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { subSiteApi } from '../../examples/serverMiddleware'
import { createRsaSigner, oktaAccessClaims, type RsaSigner } from '../testSupport/rsaSigner'

/* --- The test rig: an authorization server that only serves its keys --- */

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

/** The sub-site whose page calls the API; its siblings share the parent domain (and the cookies). */
const SITE = 'https://maps.example.com'

let signer: RsaSigner
let keyRequests = 0
const servers: Server[] = []
let api: string
let issuer: string

beforeAll(async () => {
  signer = await createRsaSigner('local-1')
  const keys = createServer((request, response) => {
    keyRequests += 1
    if (request.url !== '/oauth2/default/v1/keys') {
      response.writeHead(404).end()
      return
    }
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ keys: [signer.jwk] }))
  })
  servers.push(keys)
  issuer = `${await listen(keys)}/oauth2/default`
  const apiServer = subSiteApi({
    issuer,
    audience: 'api://default',
    clientId: '0oa1abc',
    siteOrigin: SITE,
  })
  servers.push(apiServer)
  api = await listen(apiServer)
})

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
})

/** A token from the local server, issued now (the example uses the system clock). */
function token(overrides: Record<string, unknown> = {}): Promise<string> {
  const nowS = Math.floor(Date.now() / 1000)
  return signer.sign(oktaAccessClaims({ iss: issuer, ...overrides }, nowS))
}

describe('a node:http API protected by the server entry', () => {
  it('answers a request carrying the session cookies (the page sent credentials)', async () => {
    const response = await fetch(`${api}/me`, {
      headers: { cookie: `locale=de; access_token=${await token()}; refresh_token=rt-1` },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      subject: 'ada@example.com',
      scopes: ['openid', 'coverage:get', 'offline_access'],
    })
  })

  it('answers a request with an Authorization: Bearer header', async () => {
    const response = await fetch(`${api}/me`, {
      headers: { authorization: `Bearer ${await token({ sub: 'grace@example.com' })}` },
    })
    expect(await response.json()).toMatchObject({ subject: 'grace@example.com' })
  })

  it('fetched the keys once for all those requests', async () => {
    for (let index = 0; index < 5; index += 1)
      await fetch(`${api}/me`, { headers: { authorization: `Bearer ${await token()}` } })
    expect(keyRequests).toBe(1)
  })

  it.each([
    ['no credentials', {}],
    [
      'a damaged session (access_token twice)',
      { cookie: 'access_token=a.b.c; access_token=d.e.f' },
    ],
    ['a malformed Cookie header', { cookie: ';;==;=;' }],
    ['a token that is not a JWT', { authorization: 'Bearer not-a-jwt' }],
  ])('401 for %s', async (_label, headers: Record<string, string>) => {
    const response = await fetch(`${api}/me`, { headers })
    expect(response.status).toBe(401)
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/)
  })

  it('401 for an expired token and for one issued to another client', async () => {
    for (const overrides of [{ exp: Math.floor(Date.now() / 1000) - 120 }, { cid: '0oaOTHER' }]) {
      const response = await fetch(`${api}/me`, {
        headers: { authorization: `Bearer ${await token(overrides)}` },
      })
      expect(response.status).toBe(401)
      expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"')
    }
  })

  it('403 for a token without the scope the route needs', async () => {
    const response = await fetch(`${api}/me`, {
      headers: { authorization: `Bearer ${await token({ scp: ['openid'] })}` },
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="insufficient_scope"')
  })

  it('401 for a kid the keys lack, without asking the authorization server again within the cooldown', async () => {
    const before = keyRequests
    const rotated = await signer.sign(
      oktaAccessClaims({ iss: issuer }, Math.floor(Date.now() / 1000)),
      { kid: 'local-2' },
    )
    const response = await fetch(`${api}/me`, { headers: { authorization: `Bearer ${rotated}` } })
    expect(response.status).toBe(401)
    expect(keyRequests).toBe(before)
  })

  it('503 when the authorization server cannot give its keys', async () => {
    const down = createServer((_request, response) => response.writeHead(503).end())
    servers.push(down)
    const downIssuer = `${await listen(down)}/oauth2/default`
    const downApi = subSiteApi({
      issuer: downIssuer,
      audience: 'api://default',
      clientId: '0oa1abc',
      siteOrigin: SITE,
    })
    servers.push(downApi)
    const nowS = Math.floor(Date.now() / 1000)
    const response = await fetch(`${await listen(downApi)}/me`, {
      headers: {
        authorization: `Bearer ${await signer.sign(oktaAccessClaims({ iss: downIssuer }, nowS))}`,
      },
    })
    expect(response.status).toBe(503)
  })

  describe('CSRF: a cookie-authenticated unsafe method must come from the sub-site itself', () => {
    /** `POST /me/preferences` (or `method`) with the session cookie and `headers`. */
    async function withCookie(headers: Record<string, string>, method = 'POST') {
      return fetch(`${api}/me/preferences`, {
        method,
        headers: { cookie: `access_token=${await token()}; refresh_token=rt-1`, ...headers },
      })
    }

    it.each([
      ['a sibling sub-site (same site, another origin)', { origin: 'https://evil.example.com' }],
      [
        'a sibling sub-site that also says same-site',
        { origin: 'https://evil.example.com', 'sec-fetch-site': 'same-site' },
      ],
      ['another site', { origin: 'https://attacker.test', 'sec-fetch-site': 'cross-site' }],
      ['the sub-site over http', { origin: 'http://maps.example.com' }],
      ['an opaque origin (a sandboxed frame, a data: page)', { origin: 'null' }],
      ['Sec-Fetch-Site cross-site without Origin', { 'sec-fetch-site': 'cross-site' }],
      ['Sec-Fetch-Site same-site without Origin', { 'sec-fetch-site': 'same-site' }],
      [
        'the right Origin but Sec-Fetch-Site cross-site',
        { origin: SITE, 'sec-fetch-site': 'cross-site' },
      ],
      ['neither header (no browser says nothing on an unsafe method)', {}],
    ])('403 for %s', async (_label, headers) => {
      const response = await withCookie(headers)
      expect(response.status).toBe(403)
      expect(await response.text()).toBe('Cross-site request refused.')
      expect(response.headers.get('www-authenticate')).toBeNull()
    })

    it('refuses before the token is looked at (a bad token from a sibling is 403, not 401)', async () => {
      const response = await fetch(`${api}/me/preferences`, {
        method: 'POST',
        headers: { cookie: 'access_token=not-a-jwt', origin: 'https://evil.example.com' },
      })
      expect(response.status).toBe(403)
    })

    it.each(['PUT', 'PATCH', 'DELETE'])('403 for %s from a sibling too', async (method) => {
      const response = await withCookie({ origin: 'https://evil.example.com' }, method)
      expect(response.status).toBe(403)
    })

    it.each([
      ['its Origin', { origin: SITE }],
      ['its Origin and same-origin', { origin: SITE, 'sec-fetch-site': 'same-origin' }],
      [
        'its Origin and same-site (the API on a sibling host)',
        { origin: SITE, 'sec-fetch-site': 'same-site' },
      ],
      ['same-origin without Origin', { 'sec-fetch-site': 'same-origin' }],
    ])('answers the sub-site itself: %s', async (_label, headers) => {
      const response = await withCookie(headers)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ saved: true, subject: 'ada@example.com' })
    })

    it('answers safe methods from anywhere (they change nothing)', async () => {
      for (const method of ['GET', 'HEAD'])
        expect((await withCookie({ origin: 'https://evil.example.com' }, method)).status).toBe(200)
      const options = await withCookie({ origin: 'https://evil.example.com' }, 'OPTIONS')
      expect(options.status).not.toBe(403)
    })

    it('answers a Bearer request from any origin (a page cannot make the browser add it)', async () => {
      const response = await fetch(`${api}/me/preferences`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await token()}`,
          origin: 'https://evil.example.com',
          'sec-fetch-site': 'cross-site',
        },
      })
      expect(response.status).toBe(200)
    })
  })
})
