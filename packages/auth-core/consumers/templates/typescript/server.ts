/**
 * A sub-site backend on the packed `/server` entry: a local authorization server on loopback
 * serves its JWKS at `{issuer}/v1/keys` (an RS256 key made with node:crypto); the backend reads
 * the token from a `Cookie` header and verifies it as the README shows (no `jwks` given: the
 * default cache fetches the keys). Prints one JSON line.
 */
import { generateKeyPairSync, sign } from 'node:crypto'
import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readSessionFromCookieHeader, verifyAccessToken } from '@mapping-platform/auth-core/server'
import type { AccessTokenVerification } from '@mapping-platform/auth-core/server'

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'key-1', alg: 'RS256', use: 'sig' }
const keyRequests: string[] = []
const identityProvider = createServer((request, response) => {
  keyRequests.push(request.url ?? '')
  if (request.url !== '/oauth2/default/v1/keys') response.writeHead(404).end()
  else
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ keys: [jwk] }))
})

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
function signed(claims: Record<string, unknown>, kid = 'key-1'): string {
  const input = `${part({ alg: 'RS256', kid })}.${part(claims)}`
  return `${input}.${sign('sha256', Buffer.from(input), privateKey).toString('base64url')}`
}
const reason = (result: AccessTokenVerification) => (result.ok ? 'ok' : result.reason)

async function main(): Promise<void> {
  identityProvider.listen(0, '127.0.0.1')
  await once(identityProvider, 'listening')
  const { port } = identityProvider.address() as AddressInfo
  const issuer = `http://127.0.0.1:${port}/oauth2/default`
  const nowS = Math.floor(Date.now() / 1000)
  const claims = {
    iss: issuer,
    aud: 'api://default',
    cid: '0oa1abc',
    uid: '00u1pat',
    sub: 'pat@example.com',
    scp: ['openid', 'coverage:get'],
    iat: nowS - 60,
    exp: nowS + 3600,
  }
  const verify = (token: string, requiredScopes: readonly string[] = ['coverage:get']) =>
    verifyAccessToken(token, {
      issuer,
      audience: 'api://default',
      clientId: '0oa1abc',
      requiredScopes,
    })

  const session = readSessionFromCookieHeader(
    `locale=de; access_token=${signed(claims)}; refresh_token=r1`,
  )
  const good = await verify(session?.accessToken ?? '')
  const [header, , signature] = signed(claims).split('.')
  const forged = `${header}.${part({ ...claims, sub: 'eve@example.com' })}.${signature}`
  console.log(
    JSON.stringify({
      refreshToken: session?.refreshToken,
      verified: good.ok
        ? { subject: good.claims.subject, userId: good.claims.userId, scopes: good.claims.scopes }
        : good,
      forged: reason(await verify(forged)),
      otherAudience: reason(await verify(signed({ ...claims, aud: 'api://other' }))),
      expired: reason(await verify(signed({ ...claims, exp: nowS - 3600 }))),
      missingScope: reason(await verify(signed(claims), ['maps:write'])),
      unsigned: reason(await verify(`${part({ alg: 'none' })}.${part(claims)}.`)),
      unknownKey: reason(await verify(signed(claims, 'key-2'))),
      duplicateCookie: readSessionFromCookieHeader('access_token=a; access_token=b'),
      keyRequests,
    }),
  )
  identityProvider.close()
}

void main()
