import { describe, expect, it } from 'vitest'
import { createRsaSigner, oktaAccessClaims, SERVER_NOW_S } from '../testSupport/rsaSigner'
import { testConfig } from '../testSupport/testConfig'
import {
  fetchSigningKeys,
  SIGNED_IN_CLOCK_SKEW_SECONDS,
  verifySignedInPerson,
} from './verifySignedInPerson'

const config = testConfig()
const NOW_MS = SERVER_NOW_S * 1000
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('verifySignedInPerson: names only a person the authorization server vouched for', () => {
  it('a token signed by a key of the server: its sub (or email)', async () => {
    const signer = await createRsaSigner()
    const keys = { keys: [signer.jwk] }
    expect(
      await verifySignedInPerson(config, await signer.sign(oktaAccessClaims()), keys, NOW_MS),
    ).toBe('ada@example.com')
    const withEmail = await signer.sign(oktaAccessClaims({ email: 'ada.l@example.com' }))
    expect(await verifySignedInPerson(config, withEmail, keys, NOW_MS)).toBe('ada.l@example.com')
  })

  it('a forged token: signed by another key (same kid), alg none, a tampered payload: nobody', async () => {
    const signer = await createRsaSigner('key-1')
    const attacker = await createRsaSigner('key-1')
    const keys = { keys: [signer.jwk] }
    const victim = oktaAccessClaims({ sub: 'victim@example.com' })
    expect(await verifySignedInPerson(config, await attacker.sign(victim), keys, NOW_MS)).toBeNull()
    const none = `${b64({ alg: 'none', kid: 'key-1' })}.${b64(victim)}.`
    expect(await verifySignedInPerson(config, none, keys, NOW_MS)).toBeNull()
    const genuine = (await signer.sign(oktaAccessClaims())).split('.')
    const tampered = [genuine[0], b64(victim), genuine[2]].join('.')
    expect(await verifySignedInPerson(config, tampered, keys, NOW_MS)).toBeNull()
    expect(await verifySignedInPerson(config, 'not a token', keys, NOW_MS)).toBeNull()
  })

  it('another issuer, an expired token or one issued in the future (beyond the skew): nobody', async () => {
    const signer = await createRsaSigner()
    const keys = { keys: [signer.jwk] }
    const skew = SIGNED_IN_CLOCK_SKEW_SECONDS
    const at = (claims: Record<string, unknown>) => signer.sign(oktaAccessClaims(claims))
    const check = async (claims: Record<string, unknown>) =>
      verifySignedInPerson(config, await at(claims), keys, NOW_MS)
    expect(await check({ iss: 'https://login.example.com/oauth2/other' })).toBeNull()
    expect(await check({ exp: SERVER_NOW_S - skew - 1 })).toBeNull()
    expect(await check({ exp: SERVER_NOW_S - skew + 10 })).toBe('ada@example.com')
    expect(await check({ iat: SERVER_NOW_S + skew + 1 })).toBeNull()
    expect(await check({ iat: SERVER_NOW_S + skew - 10 })).toBe('ada@example.com')
    expect(await check({ iat: undefined })).toBeNull()
  })
})

describe('fetchSigningKeys', () => {
  it('GETs {issuer}/v1/keys without cookies and returns the key set', async () => {
    const signer = await createRsaSigner()
    const calls: { url: string; init: RequestInit | undefined }[] = []
    const fetch = (async (url: string, init?: RequestInit) => {
      calls.push({ url, init })
      return new Response(JSON.stringify({ keys: [signer.jwk] }), { status: 200 })
    }) as unknown as typeof globalThis.fetch
    expect(await fetchSigningKeys(config, { fetch })).toEqual({ keys: [signer.jwk] })
    expect(calls[0]?.url).toBe('https://login.example.com/oauth2/default/v1/keys')
    expect(calls[0]?.init).toMatchObject({ credentials: 'omit', redirect: 'error' })
  })

  it.each([
    ['a 500', () => new Response(JSON.stringify({ keys: [] }), { status: 500 })],
    ['HTML', () => new Response('<html>', { status: 200 })],
    ['no keys array', () => new Response(JSON.stringify({ keys: 'x' }), { status: 200 })],
  ])('%s: throws unknown_error', async (_name, answer) => {
    const fetch = (async () => answer()) as unknown as typeof globalThis.fetch
    await expect(fetchSigningKeys(config, { fetch })).rejects.toMatchObject({
      code: 'unknown_error',
    })
  })

  it('a failing request: a transport error', async () => {
    const fetch = (async () => {
      throw new TypeError('Failed to fetch')
    }) as unknown as typeof globalThis.fetch
    await expect(fetchSigningKeys(config, { fetch })).rejects.toMatchObject({
      code: 'network_error',
    })
  })
})
