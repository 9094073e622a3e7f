/**
 * The server entry as a sub-site backend uses it: a plain `node:http` API whose handler reads the
 * session from the `Cookie` header (or an `Authorization: Bearer` header) and verifies the access
 * token against a local authorization server's JWKS, all over real HTTP on loopback. The
 * `requireSession` function below is the example the README points to.
 */
import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRsaSigner, oktaAccessClaims, type RsaSigner } from '../testing/rsaSigner'
import { readSessionFromCookieHeader, verifyAccessToken, type VerifiedAccessToken } from './index'

/* --- The example: a middleware for node:http --- */

interface ApiSettings {
  readonly issuer: string
  readonly audience: string
  readonly clientId: string
}

/**
 * Resolves with the verified claims, or answers the request itself (401 without or with a bad
 * token, 403 without the scopes, 503 when the keys cannot be fetched) and resolves with null.
 */
async function requireSession(
  request: IncomingMessage,
  response: ServerResponse,
  settings: ApiSettings,
  requiredScopes: readonly string[],
): Promise<VerifiedAccessToken | null> {
  const bearer = /^Bearer ([^\s]+)$/.exec(request.headers.authorization ?? '')?.[1]
  const token = bearer ?? readSessionFromCookieHeader(request.headers.cookie)?.accessToken
  if (!token) {
    response.writeHead(401, { 'www-authenticate': 'Bearer' }).end()
    return null
  }
  const result = await verifyAccessToken(token, { ...settings, requiredScopes })
  if (result.ok) return result.claims
  const status =
    result.reason === 'jwks_unavailable' ? 503 : result.reason === 'insufficient_scope' ? 403 : 401
  const error = status === 403 ? 'insufficient_scope' : 'invalid_token'
  response
    .writeHead(status, status === 503 ? {} : { 'www-authenticate': `Bearer error="${error}"` })
    .end()
  return null
}

/** The sub-site's API: `GET /me` needs `coverage:get`. */
function subSiteApi(settings: ApiSettings): Server {
  return createServer((request, response) => {
    void (async () => {
      const claims = await requireSession(request, response, settings, ['coverage:get'])
      if (claims === null) return
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ subject: claims.subject, scopes: claims.scopes }))
    })()
  })
}

/* --- The test rig: an authorization server that only serves its keys --- */

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

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
  const apiServer = subSiteApi({ issuer, audience: 'api://default', clientId: '0oa1abc' })
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
})
