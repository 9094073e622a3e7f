import { SignJWT, base64url, generateKeyPair } from 'jose'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createUnsignedJwt } from '../testSupport/jwt'
import {
  SERVER_NOW_S,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
  TEST_ISSUER,
  createRsaSigner,
  jwksResponse,
  oktaAccessClaims,
  type RsaSigner,
} from '../testSupport/rsaSigner'
import { AuthError } from '../errors/authError'
import { createJwksCache } from './createJwksCache'
import {
  createAccessTokenVerifier,
  verifyAccessToken,
  type VerifyAccessTokenOptions,
} from './verifyAccessToken'

let signer: RsaSigner
let impostor: RsaSigner
beforeAll(async () => {
  ;[signer, impostor] = await Promise.all([createRsaSigner('key-1'), createRsaSigner('key-1')])
})

/** Options over a JWKS stub serving `keys` (default: the signer's key), at {@link SERVER_NOW_S}. */
function setup(overrides: Partial<VerifyAccessTokenOptions> = {}, keys?: unknown) {
  const fetch = vi.fn<typeof globalThis.fetch>(async () =>
    jwksResponse(keys ?? { keys: [signer.jwk] }),
  )
  const now = () => SERVER_NOW_S * 1000
  const options: VerifyAccessTokenOptions = {
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    clientId: TEST_CLIENT_ID,
    jwks: createJwksCache({ jwksUri: `${TEST_ISSUER}/v1/keys`, fetch, now }),
    now,
    ...overrides,
  }
  return { options, fetch }
}

describe('verifyAccessToken', () => {
  it('accepts an Okta access token signed by a key of the JWKS and returns its claims', async () => {
    const { options, fetch } = setup({ requiredScopes: ['coverage:get'] })
    const result = await verifyAccessToken(await signer.sign(oktaAccessClaims()), options)
    expect(result).toEqual({
      ok: true,
      claims: {
        subject: 'ada@example.com',
        clientId: TEST_CLIENT_ID,
        userId: '00u1ada',
        scopes: ['openid', 'coverage:get', 'offline_access'],
        issuedAt: SERVER_NOW_S - 60,
        expiresAt: SERVER_NOW_S + 3600,
        payload: expect.objectContaining({ jti: 'AT.test', ver: 1 }),
      },
    })
    expect(fetch).toHaveBeenCalledOnce()
    expect(String(fetch.mock.calls[0]?.[0])).toBe(`${TEST_ISSUER}/v1/keys`)
  })

  it('gives userId null when uid is absent or not a string', async () => {
    const { options } = setup()
    for (const uid of [undefined, 42]) {
      const result = await verifyAccessToken(await signer.sign(oktaAccessClaims({ uid })), options)
      expect(result.ok && result.claims.userId).toBeNull()
    }
  })

  describe('refuses other algorithms before looking up any key', () => {
    it('alg none', async () => {
      const { options, fetch } = setup()
      const token = createUnsignedJwt(oktaAccessClaims(), { alg: 'none', kid: 'key-1' })
      const result = await verifyAccessToken(`${token.split('.').slice(0, 2).join('.')}.`, options)
      expect(result).toMatchObject({ ok: false, reason: 'unsupported_algorithm' })
      expect(fetch).not.toHaveBeenCalled()
    })

    it('HS256 with the public key as the secret (key confusion)', async () => {
      const { options, fetch } = setup()
      const secret = new TextEncoder().encode(JSON.stringify(signer.jwk))
      const token = await new SignJWT(oktaAccessClaims())
        .setProtectedHeader({ alg: 'HS256', kid: 'key-1' })
        .sign(secret)
      expect(await verifyAccessToken(token, options)).toEqual({
        ok: false,
        reason: 'unsupported_algorithm',
        message: 'The access token is signed with "HS256", not RS256.',
      })
      expect(fetch).not.toHaveBeenCalled()
    })

    it('ES256, even with a kid the JWKS has', async () => {
      const { options } = setup()
      const { privateKey } = await generateKeyPair('ES256')
      const token = await new SignJWT(oktaAccessClaims())
        .setProtectedHeader({ alg: 'ES256', kid: 'key-1' })
        .sign(privateKey)
      expect(await verifyAccessToken(token, options)).toMatchObject({
        reason: 'unsupported_algorithm',
      })
    })

    it('RS512 and PS256', async () => {
      const { options } = setup()
      for (const alg of ['RS512', 'PS256']) {
        const token = createUnsignedJwt(oktaAccessClaims(), { alg, kid: 'key-1' })
        expect(await verifyAccessToken(token, options)).toMatchObject({
          reason: 'unsupported_algorithm',
        })
      }
    })
  })

  it('refuses a token signed by another key that claims the same kid', async () => {
    const { options } = setup()
    const result = await verifyAccessToken(await impostor.sign(oktaAccessClaims()), options)
    expect(result).toMatchObject({ ok: false, reason: 'invalid_signature' })
  })

  it('refuses a token whose claims were changed after signing', async () => {
    const { options } = setup()
    const [header, , signature] = (await signer.sign(oktaAccessClaims())).split('.')
    const forged = base64url.encode(JSON.stringify(oktaAccessClaims({ sub: 'root@example.com' })))
    const result = await verifyAccessToken(`${header}.${forged}.${signature}`, options)
    expect(result).toMatchObject({ ok: false, reason: 'invalid_signature' })
  })

  it('refuses a kid the JWKS does not have, and a token without kid', async () => {
    const { options } = setup()
    expect(
      await verifyAccessToken(await signer.sign(oktaAccessClaims(), { kid: 'key-9' }), options),
    ).toEqual({
      ok: false,
      reason: 'unknown_key',
      message: 'The authorization server has no signing key "key-9".',
    })
    expect(
      await verifyAccessToken(await signer.sign(oktaAccessClaims(), { kid: undefined }), options),
    ).toEqual({ ok: false, reason: 'unknown_key', message: 'The access token names no key (kid).' })
  })

  it('says jwks_unavailable when the keys cannot be fetched', async () => {
    const { options } = setup({}, 'not a key set')
    expect(await verifyAccessToken(await signer.sign(oktaAccessClaims()), options)).toEqual({
      ok: false,
      reason: 'jwks_unavailable',
      message: 'The authorization server keys could not be fetched.',
    })
  })

  describe('time', () => {
    it('refuses a token expired beyond the default 30 s tolerance, accepts one within', async () => {
      const { options } = setup()
      const within = await signer.sign(oktaAccessClaims({ exp: SERVER_NOW_S - 29 }))
      const beyond = await signer.sign(oktaAccessClaims({ exp: SERVER_NOW_S - 30 }))
      expect(await verifyAccessToken(within, options)).toMatchObject({ ok: true })
      expect(await verifyAccessToken(beyond, options)).toMatchObject({ reason: 'expired' })
    })

    it('honours clockTolerance: 0 (expired at exp)', async () => {
      const { options } = setup({ clockTolerance: 0 })
      const atExp = await signer.sign(oktaAccessClaims({ exp: SERVER_NOW_S }))
      const after = await signer.sign(oktaAccessClaims({ exp: SERVER_NOW_S + 1 }))
      expect(await verifyAccessToken(atExp, options)).toMatchObject({ reason: 'expired' })
      expect(await verifyAccessToken(after, options)).toMatchObject({ ok: true })
    })

    it('refuses a token whose nbf is ahead beyond the tolerance', async () => {
      const { options } = setup({ clockTolerance: 10 })
      const ahead = await signer.sign(oktaAccessClaims({ nbf: SERVER_NOW_S + 11 }))
      const close = await signer.sign(oktaAccessClaims({ nbf: SERVER_NOW_S + 10 }))
      expect(await verifyAccessToken(ahead, options)).toMatchObject({ reason: 'not_yet_valid' })
      expect(await verifyAccessToken(close, options)).toMatchObject({ ok: true })
    })

    it('reads the injected clock at each call', async () => {
      let nowMs = SERVER_NOW_S * 1000
      const { options } = setup({ now: () => nowMs, clockTolerance: 0 })
      const token = await signer.sign(oktaAccessClaims())
      expect(await verifyAccessToken(token, options)).toMatchObject({ ok: true })
      nowMs += 3600_000
      expect(await verifyAccessToken(token, options)).toMatchObject({ reason: 'expired' })
    })
  })

  describe('issuer, audience, client, scopes', () => {
    it.each([
      ['iss', 'https://login.example.com/oauth2/other', 'wrong_issuer'],
      ['iss', `${TEST_ISSUER}/`, 'wrong_issuer'],
      ['aud', 'api://other', 'wrong_audience'],
      ['aud', ['api://other', 'api://more'], 'wrong_audience'],
      ['cid', '0oaOTHER', 'wrong_client'],
      ['cid', undefined, 'wrong_client'],
    ])('%s = %j → %s', async (claim, value, reason) => {
      const { options } = setup()
      const token = await signer.sign(oktaAccessClaims({ [claim]: value }))
      expect(await verifyAccessToken(token, options)).toMatchObject({ ok: false, reason })
    })

    it('accepts an aud array that holds the audience', async () => {
      const { options } = setup()
      const token = await signer.sign(oktaAccessClaims({ aud: ['api://other', TEST_AUDIENCE] }))
      expect(await verifyAccessToken(token, options)).toMatchObject({ ok: true })
    })

    it('refuses an ID token (aud is the client, no cid or scp)', async () => {
      const { options } = setup()
      const idToken = await signer.sign(
        oktaAccessClaims({ aud: TEST_CLIENT_ID, cid: undefined, scp: undefined }),
      )
      expect(await verifyAccessToken(idToken, options)).toMatchObject({ reason: 'wrong_audience' })
    })

    it('names the missing scopes', async () => {
      const { options } = setup({ requiredScopes: ['coverage:get', 'image:get', 'frame:get'] })
      expect(await verifyAccessToken(await signer.sign(oktaAccessClaims()), options)).toEqual({
        ok: false,
        reason: 'insufficient_scope',
        message: 'The access token lacks the scopes image:get frame:get.',
      })
    })

    it.each([['a space-separated string'], [[1, 2]], [undefined]])(
      'refuses scp %j (not a list of strings)',
      async (scp) => {
        const { options } = setup()
        const token = await signer.sign(oktaAccessClaims({ scp }))
        expect(await verifyAccessToken(token, options)).toMatchObject({
          reason: 'insufficient_scope',
        })
      },
    )
  })

  describe('malformed input is a typed refusal, never a throw', () => {
    it.each([
      ['an empty string', ''],
      ['one word', 'hello'],
      ['two parts', 'eyJhbGciOiJSUzI1NiJ9.e30'],
      ['a header that is not JSON', `${base64url.encode('{alg')}.e30.c2ln`],
      ['undefined', undefined],
      ['a number', 42],
      ['an object', { token: 'x' }],
      ['17 KiB', `${'a'.repeat(17_000)}.b.c`],
    ])('%s', async (_label, token) => {
      const { options, fetch } = setup()
      const result = await verifyAccessToken(token as string, options)
      expect(result).toMatchObject({ ok: false, reason: 'malformed' })
      expect(fetch).not.toHaveBeenCalled()
    })

    it('says why: not a string of at most 16 KiB, or not a JWS', async () => {
      const { options } = setup()
      const header = base64url.encode(JSON.stringify({ alg: 'RS256', kid: 'key-9' }))
      /** A token of `length` characters whose header names an unknown key. */
      const ofLength = (length: number) => `${header}.${'A'.repeat(length - header.length - 3)}.x`
      const tooLong = 'The access token is not a string of at most 16 KiB.'
      for (const token of [42, undefined, ofLength(16_385)])
        expect(await verifyAccessToken(token as string, options)).toEqual({
          ok: false,
          reason: 'malformed',
          message: tooLong,
        })
      expect(await verifyAccessToken(ofLength(16_384), options)).toMatchObject({
        reason: 'unknown_key',
      })
      expect(await verifyAccessToken('hello', options)).toEqual({
        ok: false,
        reason: 'malformed',
        message: 'The access token is not a JWS with a JSON header.',
      })
    })

    it.each([
      [{ sub: '' }, 'malformed', 'The access token has no subject (sub).'],
      [{ cid: '0oaOTHER' }, 'wrong_client', 'The access token was issued to another client (cid).'],
      [{ scp: 'coverage:get' }, 'insufficient_scope', 'The access token carries no scp list.'],
    ])('claims %j: %s, saying so', async (claims, reason, message) => {
      const { options } = setup()
      const token = await signer.sign(oktaAccessClaims(claims))
      expect(await verifyAccessToken(token, options)).toEqual({ ok: false, reason, message })
    })

    it.each([
      ['no exp', { exp: undefined }],
      ['no iat', { iat: undefined }],
      ['no sub', { sub: undefined }],
      ['sub not a string', { sub: 7 }],
      ['empty sub', { sub: '' }],
      ['exp not a number', { exp: 'tomorrow' }],
      ['no iss', { iss: undefined }],
      ['no aud', { aud: undefined }],
      ['nbf not a number', { nbf: 'soon' }],
    ])('%s', async (_label, overrides) => {
      const { options } = setup()
      const token = await signer.sign(oktaAccessClaims(overrides))
      expect(await verifyAccessToken(token, options)).toMatchObject({ reason: 'malformed' })
    })

    it.each([['{{'], ['[1,2]'], ['"a string"']])('a signed payload %s', async (payload) => {
      const { options } = setup()
      const token = await signer.signBytes(new TextEncoder().encode(payload))
      expect(await verifyAccessToken(token, options)).toMatchObject({ reason: 'malformed' })
    })
  })

  describe('messages for logs never carry token text unescaped', () => {
    /** A forged log line after CR/LF, and characters a terminal or log viewer acts on. */
    const FORGED = '\r\n2026-11-28T08:00:00Z INFO admin signed in'
    const NON_PRINTABLE = '\u0000\u0007\u001b[31m\u007f\u0085\u2028\u202e'

    it('a kid with CR/LF and non-printables is quoted with escapes', async () => {
      const { options } = setup()
      const token = await signer.sign(oktaAccessClaims(), {
        kid: `key-9${FORGED}${NON_PRINTABLE}"\\`,
      })
      expect(await verifyAccessToken(token, options)).toEqual({
        ok: false,
        reason: 'unknown_key',
        message:
          'The authorization server has no signing key "key-9\\u000d\\u000a2026-11-28T08:00:00Z INFO admin signed in\\u0000\\u0007\\u001b[31m\\u007f\\u0085\\u2028\\u202e\\"\\\\".',
      })
    })

    it('an alg with CR/LF is quoted with escapes; one that is not a string is not repeated', async () => {
      const { options } = setup()
      const claims = oktaAccessClaims()
      const crlf = createUnsignedJwt(claims, { alg: `HS256${FORGED}`, kid: 'key-1' })
      expect(await verifyAccessToken(crlf, options)).toEqual({
        ok: false,
        reason: 'unsupported_algorithm',
        message:
          'The access token is signed with "HS256\\u000d\\u000a2026-11-28T08:00:00Z INFO admin signed in", not RS256.',
      })
      for (const alg of [{ toString: 'x' }, ['RS256\n'], 256, null, undefined])
        expect(
          await verifyAccessToken(createUnsignedJwt(claims, { alg, kid: 'key-1' }), options),
        ).toEqual({
          ok: false,
          reason: 'unsupported_algorithm',
          message: 'The access token names no algorithm (alg) as a string, so not RS256.',
        })
    })

    it('a long kid is cut at 64 characters', async () => {
      const { options } = setup()
      const token = await signer.sign(oktaAccessClaims(), { kid: 'k'.repeat(65) })
      expect(await verifyAccessToken(token, options)).toMatchObject({
        message: `The authorization server has no signing key "${'k'.repeat(64)}"... (65 characters).`,
      })
    })

    it("jose's messages are escaped too (a crit header names the attacker's parameter)", async () => {
      const { options } = setup()
      const parameter = `x${FORGED}${NON_PRINTABLE}`
      const token = createUnsignedJwt(oktaAccessClaims(), {
        alg: 'RS256',
        kid: 'key-1',
        crit: [parameter],
        [parameter]: 1,
      })
      const result = await verifyAccessToken(token, options)
      expect(result).toMatchObject({ ok: false, reason: 'malformed' })
      expect(!result.ok && result.message).toBe(
        'Extension Header Parameter "x\\u000d\\u000a2026-11-28T08:00:00Z INFO admin signed in\\u0000\\u0007\\u001b[31m\\u007f\\u0085\\u2028\\u202e" is not recognized',
      )
    })
  })

  describe('options are checked once, at creation, with a clear error', () => {
    const good = {
      issuer: TEST_ISSUER,
      audience: TEST_AUDIENCE,
      clientId: TEST_CLIENT_ID,
    } satisfies VerifyAccessTokenOptions

    it.each([
      [
        'requiredScopes a string',
        { requiredScopes: 'coverage:get' },
        /requiredScopes must be an array of scope names, e\.g\. \['coverage:get'\], not a string/,
      ],
      [
        'requiredScopes with a space',
        { requiredScopes: ['coverage:get image:get'] },
        /requiredScopes/,
      ],
      [
        'requiredScopes with a number',
        { requiredScopes: [1] },
        'requiredScopes must be an array of scope names (no spaces, quotes or backslashes).',
      ],
      [
        'one bad scope among good ones',
        { requiredScopes: ['coverage:get', 'a b'] },
        /requiredScopes/,
      ],
      ['requiredScopes with a quote', { requiredScopes: ['a"b'] }, /requiredScopes/],
      ['requiredScopes with a backslash', { requiredScopes: ['a\\b'] }, /requiredScopes/],
      ['requiredScopes with an empty name', { requiredScopes: [''] }, /requiredScopes/],
      ['an issuer with a trailing /', { issuer: `${TEST_ISSUER}/` }, /issuer.*trailing \//],
      ['an issuer over http', { issuer: 'http://login.example.com/oauth2/default' }, /issuer/],
      ['an issuer that is not a URL', { issuer: 'login.example.com' }, /issuer/],
      ['no audience', { audience: undefined }, /audience/],
      ['an empty audience', { audience: '' }, /audience/],
      ['no clientId', { clientId: undefined }, /clientId/],
      ['clockTolerance negative', { clockTolerance: -1 }, /clockTolerance/],
      ['clockTolerance a string', { clockTolerance: '30s' }, /clockTolerance/],
      ['jwks that is not a cache', { jwks: { jwksUri: 'x' } }, /jwks must be a key cache/],
      ['jwks null', { jwks: null }, /jwks must be a key cache/],
      ['now not a function', { now: 5 }, /now must be a function/],
    ])('%s: configuration_error when created', (_label, overrides, message) => {
      const create = () =>
        createAccessTokenVerifier({ ...good, ...overrides } as unknown as VerifyAccessTokenOptions)
      expect(create).toThrow(AuthError)
      expect(create).toThrow(expect.objectContaining({ code: 'configuration_error' }))
      expect(create).toThrow(message)
    })

    it('names every problem in one message; options that are not an object are one problem', () => {
      expect(() =>
        createAccessTokenVerifier({
          issuer: '',
          audience: 'api://default',
          clientId: '0oa1abc',
          clockTolerance: NaN,
        } as unknown as VerifyAccessTokenOptions),
      ).toThrow(
        "issuer must be the tokens' iss exactly: an absolute https URL (http only on localhost) without a trailing /, e.g. https://login.example.com/oauth2/default. clockTolerance must be a non-negative number of seconds.",
      )
      expect(() =>
        createAccessTokenVerifier({
          issuer: '',
          clockTolerance: NaN,
        } as unknown as VerifyAccessTokenOptions),
      ).toThrow(/issuer.*audience.*clientId.*clockTolerance/s)
      for (const options of [undefined, null, 'https://login.example.com/oauth2/default'])
        expect(() =>
          createAccessTokenVerifier(options as unknown as VerifyAccessTokenOptions),
        ).toThrow('The options must be an object.')
    })

    it('verifyAccessToken with requiredScopes as a string rejects with the same error, whatever the token (no TypeError)', async () => {
      const { options } = setup({ requiredScopes: 'coverage:get' as unknown as string[] })
      for (const token of [await signer.sign(oktaAccessClaims()), 'not-a-jwt'])
        await expect(verifyAccessToken(token, options)).rejects.toMatchObject({
          name: 'AuthError',
          code: 'configuration_error',
          message: expect.stringContaining('requiredScopes'),
        })
    })

    it('a verifier made once verifies many tokens and reads the clock at each', async () => {
      let nowMs = SERVER_NOW_S * 1000
      const { options, fetch } = setup({ now: () => nowMs, clockTolerance: 0 })
      const verify = createAccessTokenVerifier({ ...options, requiredScopes: ['coverage:get'] })
      const token = await signer.sign(oktaAccessClaims())
      expect(await verify(token)).toMatchObject({
        ok: true,
        claims: { subject: 'ada@example.com' },
      })
      expect(await verify(await signer.sign(oktaAccessClaims({ scp: ['openid'] })))).toEqual({
        ok: false,
        reason: 'insufficient_scope',
        message: 'The access token lacks the scopes coverage:get.',
      })
      nowMs += 3600_000
      expect(await verify(token)).toMatchObject({ reason: 'expired' })
      expect(fetch).toHaveBeenCalledOnce()
    })

    it('uses the options as they were checked, whatever the caller changes later', async () => {
      const { options } = setup()
      const requiredScopes = ['coverage:get']
      const given = { ...options, requiredScopes }
      const verify = createAccessTokenVerifier(given)
      requiredScopes.push('admin:all')
      ;(given as { clientId: string }).clientId = '0oaOTHER'
      expect(await verify(await signer.sign(oktaAccessClaims()))).toMatchObject({ ok: true })
    })

    it('without jwks, shares one cache per issuer among calls (the global fetch, looked up at call time)', async () => {
      const issuer = 'https://shared-cache.example.com/oauth2/default'
      const fetch = vi.fn<typeof globalThis.fetch>(async () => jwksResponse({ keys: [signer.jwk] }))
      vi.stubGlobal('fetch', fetch)
      try {
        const options = { ...good, issuer, now: () => SERVER_NOW_S * 1000 }
        const token = await signer.sign(oktaAccessClaims({ iss: issuer }))
        expect(await verifyAccessToken(token, options)).toMatchObject({ ok: true })
        expect(await verifyAccessToken(token, { ...options })).toMatchObject({ ok: true })
        expect(await createAccessTokenVerifier(options)(token)).toMatchObject({ ok: true })
        expect(fetch).toHaveBeenCalledOnce()
        expect(String(fetch.mock.calls[0]?.[0])).toBe(`${issuer}/v1/keys`)
      } finally {
        vi.unstubAllGlobals()
      }
    })

    it('accepts an issuer over http on localhost (a local identity provider)', () => {
      expect(
        typeof createAccessTokenVerifier({
          ...good,
          issuer: 'http://localhost:4010/oauth2/default',
        }),
      ).toBe('function')
    })
  })
})
