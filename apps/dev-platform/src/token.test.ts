import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose'
import { describe, expect, it } from 'vitest'
import { TESS_TOTP_FACTOR_ID, TESS_TOTP_SECRET } from './accounts'
import { accessTokenHash } from './tokens'
import {
  APP_SCOPE,
  authorizeUrl,
  codeFor,
  codeNow,
  exchangeCode,
  getManual,
  pkcePair,
  postForm,
  postJson,
  primaryAuth,
  redirectParams,
  useTestPlatform,
} from './testing/testPlatform'

const tp = useTestPlatform()

const PAT = 'pat.password@example.com'
const tokenUrl = () => `${tp.okta}/oauth2/default/v1/token`
const CODE_INVALID = 'The authorization code is invalid or has expired.'

async function verify(jwt: string, audience: string) {
  const jwks = (await (await fetch(`${tp.okta}/oauth2/default/v1/keys`)).json()) as JSONWebKeySet
  return jwtVerify(jwt, createLocalJWKSet(jwks), {
    issuer: `${tp.okta}/oauth2/default`,
    audience,
    currentDate: new Date(tp.clock.now()),
  })
}

describe('POST /oauth2/default/v1/token (authorization_code)', () => {
  it('on a valid code and verifier: answers signed access and ID tokens and a refresh token', async () => {
    const { code, verifier } = await codeFor(tp, PAT)
    const { status, body, headers } = await exchangeCode(tp, code, verifier)
    expect(status).toBe(200)
    expect(headers.get('Cache-Control')).toBe('no-store')
    expect(body).toEqual({
      token_type: 'Bearer',
      expires_in: 3600,
      access_token: expect.any(String),
      scope: APP_SCOPE,
      id_token: expect.any(String),
      refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    })
    const access = await verify(body.access_token as string, 'api://default')
    expect(decodeProtectedHeader(body.access_token as string)).toMatchObject({
      alg: 'RS256',
      kid: expect.any(String),
    })
    const now = Math.floor(tp.clock.now() / 1000)
    expect(access.payload).toEqual({
      ver: 1,
      jti: expect.stringMatching(/^AT\./),
      iss: `${tp.okta}/oauth2/default`,
      aud: 'api://default',
      iat: now,
      exp: now + 3600,
      cid: '0oadevsignin',
      uid: '00udevpatpassword001',
      scp: APP_SCOPE.split(' '),
      auth_time: now,
      sub: PAT,
      email: PAT,
    })
    const id = await verify(body.id_token as string, '0oadevsignin')
    expect(id.payload).toMatchObject({
      sub: '00udevpatpassword001',
      nonce: 'nonce-123',
      iat: now,
      exp: now + 3600,
      auth_time: now,
      amr: ['pwd'],
      at_hash: accessTokenHash(body.access_token as string),
    })
  })

  it("on scopes without profile or email (the spec's): the ID token names no one", async () => {
    const { code, verifier } = await codeFor(tp, PAT)
    const { body } = await exchangeCode(tp, code, verifier)
    const { payload } = await verify(body.id_token as string, '0oadevsignin')
    expect(payload.sub).toBe('00udevpatpassword001')
    expect(payload).not.toHaveProperty('name')
    expect(payload).not.toHaveProperty('preferred_username')
    expect(payload).not.toHaveProperty('email')
  })

  it.each([
    ['openid profile', { name: 'Pat Password', preferred_username: PAT }, ['email']],
    ['openid email', { email: PAT }, ['name', 'preferred_username']],
    ['openid profile email', { name: 'Pat Password', preferred_username: PAT, email: PAT }, []],
  ])("on %s: the ID token carries that scope's claims only", async (scope, claims, absent) => {
    const { code, verifier } = await codeFor(tp, PAT, { scope })
    const { body } = await exchangeCode(tp, code, verifier)
    const { payload } = await verify(body.id_token as string, '0oadevsignin')
    expect(payload).toMatchObject(claims)
    for (const claim of absent) expect(payload).not.toHaveProperty(claim)
  })

  it('on a sign-in with MFA: the ID token says amr pwd + otp', async () => {
    const primary = await primaryAuth(tp, 'tess.totp@example.com', 'Totp-enrolled-1')
    const verified = await postJson(
      `${tp.okta}/api/v1/authn/factors/${TESS_TOTP_FACTOR_ID}/verify`,
      {
        stateToken: primary.body.stateToken,
        passCode: codeNow(tp, TESS_TOTP_SECRET),
      },
    )
    const { verifier, challenge } = pkcePair()
    const response = await getManual(
      authorizeUrl(tp, {
        sessionToken: verified.body.sessionToken as string,
        code_challenge: challenge,
      }),
    )
    const { body } = await exchangeCode(tp, redirectParams(response).params.code ?? '', verifier)
    expect((await verify(body.id_token as string, '0oadevsignin')).payload.amr).toEqual([
      'pwd',
      'otp',
    ])
  })

  it('on scopes without offline_access: issues no refresh token', async () => {
    const { code, verifier } = await codeFor(tp, PAT, { scope: 'openid email' })
    const { body } = await exchangeCode(tp, code, verifier)
    expect(body.refresh_token).toBeUndefined()
    expect(body.scope).toBe('openid email')
  })

  it('on a wrong code_verifier: answers invalid_grant "PKCE verification failed."', async () => {
    const { code } = await codeFor(tp, PAT)
    const { status, body } = await exchangeCode(tp, code, pkcePair().verifier)
    expect(status).toBe(400)
    expect(body).toEqual({ error: 'invalid_grant', error_description: 'PKCE verification failed.' })
  })

  it('on no code_verifier: answers invalid_request', async () => {
    const { code } = await codeFor(tp, PAT)
    const { status, body } = await exchangeCode(tp, code, '')
    expect(status).toBe(400)
    expect(body).toEqual({
      error: 'invalid_request',
      error_description: 'PKCE code verifier is required by the application.',
    })
  })

  it('on a code used twice: answers invalid_grant and revokes the refresh token issued from it', async () => {
    const { code, verifier } = await codeFor(tp, PAT)
    const first = await exchangeCode(tp, code, verifier)
    expect(first.status).toBe(200)
    const second = await exchangeCode(tp, code, verifier)
    expect(second.status).toBe(400)
    expect(second.body).toEqual({ error: 'invalid_grant', error_description: CODE_INVALID })
    const refresh = await postForm(tokenUrl(), {
      grant_type: 'refresh_token',
      client_id: '0oadevsignin',
      refresh_token: first.body.refresh_token as string,
    })
    expect(refresh.body.error).toBe('invalid_grant')
  })

  it('on a code older than 300 s: answers invalid_grant; at 299 s it still works', async () => {
    const late = await codeFor(tp, PAT)
    const inTime = await codeFor(tp, PAT)
    tp.clock.advance(299_000)
    expect((await exchangeCode(tp, inTime.code, inTime.verifier)).status).toBe(200)
    tp.clock.advance(1_000)
    const { body } = await exchangeCode(tp, late.code, late.verifier)
    expect(body).toEqual({ error: 'invalid_grant', error_description: CODE_INVALID })
  })

  it('on an unknown code: answers invalid_grant', async () => {
    const { body } = await exchangeCode(tp, 'not-a-code', pkcePair().verifier)
    expect(body).toEqual({ error: 'invalid_grant', error_description: CODE_INVALID })
  })

  it('on another redirect_uri than at authorize: answers invalid_grant', async () => {
    const { code, verifier } = await codeFor(tp, PAT)
    const { body } = await exchangeCode(tp, code, verifier, {
      redirect_uri: 'http://localhost:4173/',
    })
    expect(body).toEqual({
      error: 'invalid_grant',
      error_description:
        "The 'redirect_uri' does not match the redirection URI used in the authorization request.",
    })
  })

  it('on a missing or unknown client_id: answers 401 invalid_client', async () => {
    const { code, verifier } = await codeFor(tp, PAT)
    for (const client_id of ['', 'someone-else']) {
      const { status, body } = await exchangeCode(tp, code, verifier, { client_id })
      expect(status).toBe(401)
      expect(body.error).toBe('invalid_client')
    }
  })

  it('on an unsupported grant type or a JSON body: answers 400', async () => {
    const grant = await postForm(tokenUrl(), { grant_type: 'password', client_id: '0oadevsignin' })
    expect(grant.body.error).toBe('unsupported_grant_type')
    const json = await postJson(tokenUrl(), { grant_type: 'authorization_code' })
    expect(json.status).toBe(400)
    expect(json.body.error).toBe('invalid_request')
  })
})

describe('POST /oauth2/default/v1/token (refresh_token)', () => {
  const refresh = (refresh_token: string, extra: Record<string, string> = {}) =>
    postForm(tokenUrl(), {
      grant_type: 'refresh_token',
      client_id: '0oadevsignin',
      refresh_token,
      ...extra,
    })

  it('on a refresh: rotates (new refresh token), and replaying the old one after the 30 s grace period revokes the family', async () => {
    const { code, verifier } = await codeFor(tp, PAT)
    const first = (await exchangeCode(tp, code, verifier)).body.refresh_token as string
    const rotated = await refresh(first)
    expect(rotated.status).toBe(200)
    expect(rotated.body.access_token).toEqual(expect.any(String))
    expect(rotated.body.id_token).toEqual(expect.any(String))
    const second = rotated.body.refresh_token as string
    expect(second).not.toBe(first)
    tp.clock.advance(30_000)
    const replay = await refresh(first)
    expect(replay.body).toEqual({
      error: 'invalid_grant',
      error_description: 'The refresh token is invalid or expired.',
    })
    expect((await refresh(second)).body.error).toBe('invalid_grant')
  })

  it('within the grace period (Okta SPA default 30 s): the rotated token, presented again, still refreshes (two sub-sites at once)', async () => {
    const { code, verifier } = await codeFor(tp, PAT)
    const first = (await exchangeCode(tp, code, verifier)).body.refresh_token as string
    const winner = await refresh(first)
    tp.clock.advance(29_000)
    const loser = await refresh(first)
    expect(loser.status).toBe(200)
    expect(loser.body.refresh_token).toEqual(expect.any(String))
    expect((await refresh(winner.body.refresh_token as string)).status).toBe(200)
    expect((await refresh(loser.body.refresh_token as string)).status).toBe(200)
  })

  it('on a narrower scope: grants it; on a wider one: invalid_scope', async () => {
    const { code, verifier } = await codeFor(tp, PAT)
    const token = (await exchangeCode(tp, code, verifier)).body.refresh_token as string
    const wider = await refresh(token, { scope: 'openid offline_access admin:all' })
    expect(wider.body.error).toBe('invalid_scope')
    const narrower = await refresh(token, { scope: 'openid offline_access' })
    expect(narrower.body.scope).toBe('openid offline_access')
  })

  it('on a refresh: the new ID token has the claims of the granted scopes (profile: the name; none without)', async () => {
    const spec = await codeFor(tp, PAT)
    const specToken = (await exchangeCode(tp, spec.code, spec.verifier)).body.refresh_token
    const bare = await refresh(specToken as string)
    const bareClaims = (await verify(bare.body.id_token as string, '0oadevsignin')).payload
    expect(bareClaims).not.toHaveProperty('name')
    expect(bareClaims).not.toHaveProperty('email')
    const scope = `${APP_SCOPE} profile`
    const withProfile = await codeFor(tp, PAT, { scope })
    const token = (await exchangeCode(tp, withProfile.code, withProfile.verifier)).body
      .refresh_token
    const named = await refresh(token as string)
    const namedClaims = (await verify(named.body.id_token as string, '0oadevsignin')).payload
    expect(namedClaims).toMatchObject({ name: 'Pat Password', preferred_username: PAT })
    expect(namedClaims).not.toHaveProperty('email')
  })

  it('on an expired or unknown refresh token: answers invalid_grant', async () => {
    const { code, verifier } = await codeFor(tp, PAT)
    const token = (await exchangeCode(tp, code, verifier)).body.refresh_token as string
    tp.clock.advance(7 * 86_400_000)
    expect((await refresh(token)).body.error).toBe('invalid_grant')
    expect((await refresh('unknown')).body.error).toBe('invalid_grant')
  })
})

describe('keys, discovery and CORS', () => {
  it('on /v1/keys: serves the public RS256 key (no private parts) that verifies the tokens', async () => {
    const jwks = (await (await fetch(`${tp.okta}/oauth2/default/v1/keys`)).json()) as JSONWebKeySet
    expect(jwks.keys).toHaveLength(1)
    expect(jwks.keys[0]).toEqual({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: expect.any(String),
      n: expect.any(String),
      e: 'AQAB',
    })
  })

  it('on discovery (both well-known names): lists the endpoints on the public URL and S256', async () => {
    for (const name of ['openid-configuration', 'oauth-authorization-server']) {
      const doc = (await (
        await fetch(`${tp.okta}/oauth2/default/.well-known/${name}`)
      ).json()) as Record<string, unknown>
      const issuer = `${tp.okta}/oauth2/default`
      expect(doc).toMatchObject({
        issuer,
        authorization_endpoint: `${issuer}/v1/authorize`,
        token_endpoint: `${issuer}/v1/token`,
        jwks_uri: `${issuer}/v1/keys`,
        end_session_endpoint: `${issuer}/v1/logout`,
        revocation_endpoint: `${issuer}/v1/revoke`,
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'fragment'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      })
    }
  })

  it('on an unknown authorization server: answers 404 E0000007', async () => {
    const response = await fetch(`${tp.okta}/oauth2/other/v1/keys`)
    expect(response.status).toBe(404)
    expect(((await response.json()) as Record<string, unknown>).errorCode).toBe('E0000007')
  })

  it('on token CORS: allows the app and sub-site origins, refuses others (preflight and POST)', async () => {
    const preflight = (origin: string) =>
      fetch(tokenUrl(), {
        method: 'OPTIONS',
        headers: { Origin: origin, 'Access-Control-Request-Method': 'POST' },
      })
    for (const origin of [tp.app, 'http://localhost:4173', tp.subsite]) {
      const response = await preflight(origin)
      expect(response.status).toBe(204)
      expect(response.headers.get('Access-Control-Allow-Origin')).toBe(origin)
      expect(response.headers.get('Vary')).toBe('Origin')
    }
    expect((await preflight('https://evil.example')).status).toBe(403)
    const { code, verifier } = await codeFor(tp, PAT)
    const withoutOrigin = await exchangeCode(tp, code, verifier)
    expect(withoutOrigin.status).toBe(200)
    expect(withoutOrigin.headers.get('Access-Control-Allow-Origin')).toBeNull()
    const refused = await postForm(
      tokenUrl(),
      { grant_type: 'authorization_code', client_id: '0oadevsignin' },
      { Origin: 'https://evil.example' },
    )
    expect(refused.status).toBe(400)
    expect(refused.headers.get('Access-Control-Allow-Origin')).toBeNull()
    expect(refused.body.error_description).toBe(
      'Browser requests to the token endpoint must be part of at least one whitelisted redirect_uri.',
    )
    const fromApp = await postForm(
      tokenUrl(),
      { grant_type: 'authorization_code', client_id: '0oadevsignin' },
      { Origin: tp.app },
    )
    expect(fromApp.headers.get('Access-Control-Allow-Origin')).toBe(tp.app)
  })

  it('on keys CORS: an app origin may read the JWKS', async () => {
    const response = await fetch(`${tp.okta}/oauth2/default/v1/keys`, {
      headers: { Origin: tp.app },
    })
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(tp.app)
  })
})

describe('refresh-token rotation without a grace period (DEV_REFRESH_GRACE_SECONDS=0)', () => {
  const strict = useTestPlatform({ refreshGraceSeconds: 0 })

  it('a rotated token presented again at once revokes the family', async () => {
    const refresh = (refresh_token: string) =>
      postForm(`${strict.okta}/oauth2/default/v1/token`, {
        grant_type: 'refresh_token',
        client_id: '0oadevsignin',
        refresh_token,
      })
    const { code, verifier } = await codeFor(strict, PAT)
    const first = (await exchangeCode(strict, code, verifier)).body.refresh_token as string
    const second = (await refresh(first)).body.refresh_token as string
    expect((await refresh(first)).body.error).toBe('invalid_grant')
    expect((await refresh(second)).body.error).toBe('invalid_grant')
  })
})
