/**
 * Both backends against a local authorization server on loopback (its JWKS at
 * `{issuer}/v1/keys`, an RS256 key made with node:crypto): the answers a page or another program
 * would get. `node dist-server/check.js` prints one JSON line.
 */
import { generateKeyPairSync, sign } from 'node:crypto'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createExpressApp } from './express.ts'
import { createHonoApp } from './hono.ts'
import { tokenOptions } from './tokenOptions.ts'

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'key-1', alg: 'RS256', use: 'sig' }
const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
function signed(claims: Record<string, unknown>): string {
  const input = `${part({ alg: 'RS256', kid: 'key-1' })}.${part(claims)}`
  return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`
}
async function listen(server: Server): Promise<string> {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

const keys = createServer((request, response) => {
  if (request.url !== '/oauth2/default/v1/keys') response.writeHead(404).end()
  else
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ keys: [jwk] }))
})
const issuer = `${await listen(keys)}/oauth2/default`
const site = 'http://localhost:3000'
const options = tokenOptions({ OKTA_ISSUER: issuer, SITE_ORIGINS: site })
const nowS = Math.floor(Date.now() / 1000)
const claims = {
  iss: issuer,
  aud: 'api://default',
  cid: '0oadevsignin',
  uid: '00u1pat',
  sub: 'pat@example.com',
  scp: ['openid', 'coverage:get'],
  iat: nowS - 60,
  exp: nowS + 3600,
}
const good = signed(claims)

const express = createServer(createExpressApp(options))
const base = await listen(express)
/** Status, the body's `subject` or `error`, and the `WWW-Authenticate` header. */
async function answer(response: Response) {
  const body = (await response.json()) as Record<string, unknown>
  return [
    response.status,
    body.subject ?? body.owner ?? body.by ?? body.error,
    response.headers.get('www-authenticate'),
  ]
}
const call = async (path: string, init: RequestInit = {}) =>
  answer(await fetch(`${base}${path}`, init))
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

const hono = createHonoApp(options)
const honoCall = async (headers: Record<string, string>) =>
  answer(await hono.request('http://localhost:3000/api/me', { headers }))

console.log(
  JSON.stringify({
    express: {
      bearer: await call('/api/me', { headers: bearer(good) }),
      cookie: await call('/api/projects/42', { headers: { cookie: `access_token=${good}` } }),
      noToken: await call('/api/me'),
      otherScope: await call('/api/me', {
        headers: bearer(signed({ ...claims, scp: ['openid'] })),
      }),
      expired: await call('/api/me', { headers: bearer(signed({ ...claims, exp: nowS - 600 })) }),
      cookieWriteFromSite: await call('/api/projects/42/star', {
        method: 'POST',
        headers: { cookie: `access_token=${good}`, origin: site },
      }),
      cookieWriteCrossSite: await call('/api/projects/42/star', {
        method: 'POST',
        headers: { cookie: `access_token=${good}`, origin: 'https://evil.example' },
      }),
    },
    hono: {
      bearer: await honoCall(bearer(good)),
      noToken: await honoCall({}),
      forged: await honoCall(bearer(`${good.slice(0, -4)}AAAA`)),
    },
  }),
)
express.close()
keys.close()
