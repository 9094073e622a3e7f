/**
 * The Connect-style middleware as an Express app mounts it, over real HTTP on loopback: a plain
 * `node:http` server calling `middleware(req, res, next)` as Express does (Express is not a
 * dependency), against a local authorization server's JWKS.
 */
import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createRsaSigner, oktaAccessClaims, type RsaSigner } from '../testSupport/rsaSigner'
import {
  createAccessTokenMiddleware,
  type MiddlewareRequest,
  type MiddlewareResponse,
} from './createAccessTokenMiddleware'

const SITE = 'https://maps.example.com'

async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

let signer: RsaSigner
const servers: Server[] = []
let issuer: string
let api: string
let handled = 0

beforeAll(async () => {
  signer = await createRsaSigner('local-1')
  const keys = createServer((_request, response) =>
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ keys: [signer.jwk] })),
  )
  servers.push(keys)
  issuer = `${await listen(keys)}/oauth2/default`
  const requireSession = createAccessTokenMiddleware({
    issuer,
    audience: 'api://default',
    clientId: '0oa1abc',
    requiredScopes: ['coverage:get'],
    siteOrigins: [SITE],
  })
  const app = createServer((request, response) =>
    requireSession(request, response, (error?: unknown) => {
      handled += 1
      const auth = (request as MiddlewareRequest).auth
      response
        .writeHead(error === undefined ? 200 : 500, { 'content-type': 'application/json' })
        .end(JSON.stringify({ subject: auth?.subject, scopes: auth?.scopes }))
    }),
  )
  servers.push(app)
  api = await listen(app)
})

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))))
})

function token(overrides: Record<string, unknown> = {}): Promise<string> {
  return signer.sign(oktaAccessClaims({ iss: issuer, ...overrides }, Math.floor(Date.now() / 1000)))
}

describe('createAccessTokenMiddleware', () => {
  it('sets req.auth to the verified claims and calls next()', async () => {
    const before = handled
    const response = await fetch(`${api}/api/me`, {
      headers: { cookie: `access_token=${await token()}` },
    })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      subject: 'ada@example.com',
      scopes: ['openid', 'coverage:get', 'offline_access'],
    })
    expect(handled).toBe(before + 1)
  })

  it('answers a refusal itself, with the challenge and a JSON body, and never calls next', async () => {
    const before = handled
    const cases: [RequestInit, number, string | null, string][] = [
      [{}, 401, 'Bearer', 'no_token'],
      [
        { headers: { authorization: `Bearer ${await token({ scp: ['openid'] })}` } },
        403,
        'Bearer error="insufficient_scope", scope="coverage:get"',
        'insufficient_scope',
      ],
      [
        { headers: { authorization: `Bearer ${await token({ exp: 1_000 })}` } },
        401,
        'Bearer error="invalid_token", error_description="The access token expired."',
        'expired',
      ],
      [
        {
          method: 'POST',
          headers: { cookie: `access_token=${await token()}`, origin: 'https://evil.example.com' },
        },
        403,
        null,
        'cross_site_request',
      ],
    ]
    for (const [init, status, challenge, error] of cases) {
      const response = await fetch(`${api}/api/me`, init)
      expect(response.status).toBe(status)
      expect(response.headers.get('www-authenticate')).toBe(challenge)
      expect(response.headers.get('content-type')).toBe('application/json')
      expect(await response.json()).toEqual({ error })
    }
    expect(handled).toBe(before)
  })

  it('lets the sub-site write with its cookie, and anyone with a Bearer header', async () => {
    const own = await fetch(`${api}/api/me`, {
      method: 'POST',
      headers: { cookie: `access_token=${await token()}`, origin: SITE },
    })
    expect(own.status).toBe(200)
    const bearer = await fetch(`${api}/api/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await token()}`, origin: 'https://attacker.test' },
    })
    expect(bearer.status).toBe(200)
  })

  describe('on a request object as a framework hands it', () => {
    /** Runs the middleware on `request`; what it answered or passed on. */
    async function run(request: MiddlewareRequest) {
      const middleware = createAccessTokenMiddleware({
        issuer,
        audience: 'api://default',
        clientId: '0oa1abc',
        siteOrigins: [SITE],
      })
      const response: MiddlewareResponse & { headers: Record<string, string>; body?: string } = {
        statusCode: 200,
        headers: {},
        setHeader(name, value) {
          this.headers[name] = value
        },
        end(body) {
          this.body = body
        },
      }
      const next = vi.fn()
      middleware(request, response, next)
      await vi.waitFor(() => expect(next.mock.calls.length + (response.body ? 1 : 0)).toBe(1))
      return { response, next }
    }

    it('joins repeated Cookie headers with "; " (HTTP/2 splits them)', async () => {
      const request: MiddlewareRequest = {
        method: 'GET',
        headers: { cookie: ['locale=de', `access_token=${await token()}`] },
      }
      const { next } = await run(request)
      expect(next).toHaveBeenCalledWith()
      expect(request.auth?.subject).toBe('ada@example.com')
    })

    it('joins a repeated Origin with ", ", which is no origin of the sub-site', async () => {
      const { response, next } = await run({
        method: 'POST',
        headers: { cookie: `access_token=${await token()}`, origin: [SITE, SITE] },
      })
      expect(next).not.toHaveBeenCalled()
      expect(response.statusCode).toBe(403)
    })

    it('takes a request without a method as a GET', async () => {
      const { next } = await run({ headers: { cookie: `access_token=${await token()}` } })
      expect(next).toHaveBeenCalledWith()
    })
  })
})
