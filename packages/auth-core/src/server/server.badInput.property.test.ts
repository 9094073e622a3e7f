/**
 * A backend's bad input never throws: any `Cookie` header gives the session or null, and any
 * token against any JWKS answer gives a typed verification with a reason from the closed list.
 */
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  SERVER_NOW_S,
  TEST_AUDIENCE,
  TEST_CLIENT_ID,
  TEST_ISSUER,
  createRsaSigner,
  oktaAccessClaims,
  type RsaSigner,
} from '../testSupport/rsaSigner'
import { createJwksCache } from './createJwksCache'
import { readSessionFromCookieHeader } from './readSessionFromCookieHeader'
import { verifyAccessToken, type AccessTokenRejection } from './verifyAccessToken'

const REASONS: readonly AccessTokenRejection[] = [
  'malformed',
  'unsupported_algorithm',
  'unknown_key',
  'jwks_unavailable',
  'invalid_signature',
  'expired',
  'not_yet_valid',
  'wrong_issuer',
  'wrong_audience',
  'wrong_client',
  'insufficient_scope',
]

const anyValue = fc.oneof(
  fc.string(),
  // Any UTF-16 code unit: CR/LF, controls, bidirectional marks, lone surrogates.
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.object({ maxDepth: 1 }),
)
/** Mostly the good value, sometimes anything. */
const usually = (good: unknown) =>
  fc.oneof({ arbitrary: fc.constant(good), weight: 6 }, { arbitrary: anyValue, weight: 1 })
const base64urlJson = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('readSessionFromCookieHeader on arbitrary headers (properties)', () => {
  const pair = fc.oneof(
    fc
      .tuple(
        fc.constantFrom('access_token', 'refresh_token', ' access_token', 'other', ''),
        fc.oneof(fc.string(), fc.stringMatching(/^[A-Za-z0-9._-]{0,40}$/)),
      )
      .map(([name, value]) => `${name}=${value}`),
    fc.string(),
    fc.string({ unit: 'grapheme' }),
  )
  const header = fc.oneof(
    fc.array(pair, { maxLength: 6 }).map((pairs) => pairs.join('; ')),
    fc.string(),
    fc.constant(`access_token=${'a'.repeat(70_000)}`),
    fc.array(fc.oneof(fc.string(), anyValue), { maxLength: 3 }),
    anyValue,
    fc.constant(undefined),
  )

  it('answers null or the two token values (plain, single), never throws', () => {
    let found = 0
    fc.assert(
      fc.property(header, (given) => {
        const session = readSessionFromCookieHeader(given as string)
        if (session === null) return
        found += 1
        expect(session.accessToken !== null || session.refreshToken !== null).toBe(true)
        for (const value of [session.accessToken, session.refreshToken])
          if (value !== null) expect(value).toMatch(/^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]+$/)
      }),
      { numRuns: 200 },
    )
    expect(found).toBeGreaterThan(0)
  })
})

describe('verifyAccessToken on arbitrary tokens and JWKS answers (properties)', () => {
  let signer: RsaSigner
  beforeAll(async () => {
    signer = await createRsaSigner('key-1')
  })

  const claims = fc.record(
    {
      iss: usually(TEST_ISSUER),
      aud: usually(TEST_AUDIENCE),
      cid: usually(TEST_CLIENT_ID),
      sub: usually('ada@example.com'),
      exp: fc.oneof(fc.constant(SERVER_NOW_S + 3600), fc.constant(SERVER_NOW_S - 3600), anyValue),
      iat: usually(SERVER_NOW_S - 60),
      nbf: usually(undefined),
      scp: usually(['coverage:get']),
    },
    { requiredKeys: [] },
  )
  /** A token to sign (claims and header overrides) or a string that is none. */
  const token = fc.oneof(
    { arbitrary: claims.map((payload) => ({ sign: payload, header: {} })), weight: 3 },
    fc.record({ sign: fc.constant({}), header: fc.record({ kid: anyValue }) }),
    fc.string().map((text) => ({ text })),
    fc
      .tuple(fc.record({ alg: anyValue, kid: anyValue }, { requiredKeys: [] }), anyValue)
      .map(([header, payload]) => ({
        text: `${base64urlJson(header)}.${base64urlJson(payload)}.c2ln`,
      })),
    fc.constant({ text: `eyJhbGciOiJSUzI1NiJ9.${'A'.repeat(20_000)}.x` }),
  )
  const jwk = (keys: unknown) => JSON.stringify({ keys })
  /** What the key-set endpoint answers: a status and body, or a network failure. */
  const jwksAnswer = fc.oneof(
    { arbitrary: fc.constant({ status: 200, body: 'SIGNER' }), weight: 3 },
    fc.record({
      status: fc.constantFrom(200, 404, 500),
      body: fc.oneof(
        fc.string(),
        fc.jsonValue().map((value) => JSON.stringify(value)),
        fc.array(anyValue, { maxLength: 3 }).map(jwk),
        fc
          .record(
            {
              kty: anyValue,
              kid: anyValue,
              n: anyValue,
              e: anyValue,
              use: anyValue,
              alg: anyValue,
            },
            { requiredKeys: [] },
          )
          .map((entry) => jwk([entry])),
        fc.constantFrom('SIGNER_NO_KID', 'SIGNER_EC', 'SIGNER_SHORT'),
      ),
    }),
    fc.constant({ status: 0, body: 'NETWORK' }),
  )

  function jwksBody(body: string): string {
    const { kid: _kid, ...noKid } = signer.jwk
    if (body === 'SIGNER') return jwk([signer.jwk])
    if (body === 'SIGNER_NO_KID') return jwk([noKid])
    if (body === 'SIGNER_EC') return jwk([{ ...signer.jwk, kty: 'EC' }])
    if (body === 'SIGNER_SHORT') return jwk([{ ...signer.jwk, n: 'AQAB' }])
    return body
  }

  it('answers ok or a reason of the closed list, never throws', async () => {
    const seen = new Set<string>()
    await fc.assert(
      fc.asyncProperty(token, jwksAnswer, async (given, answer) => {
        const text =
          'text' in given
            ? given.text
            : // As given, even what jose's SignJWT refuses to write (a `nbf` of Infinity, sent as
              // null): the verifier meets whatever a broken or hostile issuer signs.
              await signer.signBytes(
                new TextEncoder().encode(JSON.stringify({ ...oktaAccessClaims(), ...given.sign })),
                given.header,
              )
        const now = () => SERVER_NOW_S * 1000
        const fetch: typeof globalThis.fetch = async () => {
          if (answer.body === 'NETWORK') throw new TypeError('fetch failed')
          return new Response(jwksBody(answer.body), { status: answer.status })
        }
        const result = await verifyAccessToken(text, {
          issuer: TEST_ISSUER,
          audience: TEST_AUDIENCE,
          clientId: TEST_CLIENT_ID,
          requiredScopes: ['coverage:get'],
          jwks: createJwksCache({ jwksUri: `${TEST_ISSUER}/v1/keys`, fetch, now }),
          now,
        })
        if (result.ok) {
          seen.add('ok')
          expect(result.claims.subject).toEqual(expect.any(String))
          expect(result.claims.scopes).toContain('coverage:get')
        } else {
          seen.add(result.reason)
          expect(REASONS).toContain(result.reason)
          // For logs: one line of printable ASCII, whatever the token or the key set held.
          expect(result.message).toMatch(/^[\x20-\x7e]+$/)
        }
      }),
      {
        numRuns: 150,
        // A good token against the good key set first: the "ok" side is always exercised.
        examples: [
          [
            { sign: {}, header: {} },
            { status: 200, body: 'SIGNER' },
          ],
        ],
      },
    )
    expect(seen.has('ok')).toBe(true)
    expect(seen.size).toBeGreaterThan(3)
  })

  it('refuses a token that is not even a string, as malformed', async () => {
    for (const value of [undefined, null, 42, {}, ['a.b.c']])
      expect(
        await verifyAccessToken(value as unknown as string, {
          issuer: TEST_ISSUER,
          audience: TEST_AUDIENCE,
          clientId: TEST_CLIENT_ID,
          jwks: createJwksCache({
            jwksUri: `${TEST_ISSUER}/v1/keys`,
            fetch: async () => Response.error(),
          }),
        }),
      ).toMatchObject({ ok: false, reason: 'malformed' })
  })
})
