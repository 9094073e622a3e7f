import { compactVerify, exportJWK, generateKeyPair } from 'jose'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { createRsaSigner, jwksResponse, type RsaSigner } from '../testSupport/rsaSigner'
import { AuthError } from '../errors/authError'
import { createJwksCache, type JwksCacheOptions } from './createJwksCache'

const JWKS_URI = 'https://login.example.com/oauth2/default/v1/keys'

let first: RsaSigner
let second: RsaSigner
beforeAll(async () => {
  ;[first, second] = await Promise.all([createRsaSigner('key-1'), createRsaSigner('key-2')])
})

/** A promise and its resolve, to hold a fetch open (a hanging identity provider). */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((done) => {
    resolve = done
  })
  return { promise, resolve }
}

/** What `promise` settles to, or 'still waiting' when it has not within 100 ms. */
function within100ms<T>(promise: Promise<T>): Promise<T | 'still waiting'> {
  return Promise.race([
    promise,
    new Promise<'still waiting'>((done) => setTimeout(() => done('still waiting'), 100)),
  ])
}

/** Lets a background fetch of a stub (already answered) finish. */
function backgroundWork(): Promise<void> {
  return new Promise((done) => setTimeout(done, 10))
}

/** A cache over a fetch stub answering `answer()` at each call, with a movable clock. */
function setup(
  answer: () => Response | Promise<Response>,
  options: Partial<JwksCacheOptions> = {},
) {
  const clock = { nowMs: 1_900_000_000_000 }
  const fetch = vi.fn<typeof globalThis.fetch>(async () => answer())
  const cache = createJwksCache({ jwksUri: JWKS_URI, fetch, now: () => clock.nowMs, ...options })
  return { cache, fetch, clock }
}

describe('createJwksCache', () => {
  it('fetches the key set once with GET and Accept: application/json, then answers from memory', async () => {
    const { cache, fetch } = setup(() => jwksResponse({ keys: [first.jwk, second.jwk] }))
    expect(await cache.getKey('key-1')).toMatchObject({ found: true })
    expect(await cache.getKey('key-2')).toMatchObject({ found: true })
    expect(await cache.getKey('key-1')).toMatchObject({ found: true })
    expect(fetch).toHaveBeenCalledOnce()
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe(JWKS_URI)
    expect(init).toMatchObject({
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'error',
    })
    expect(init?.signal).toBeInstanceOf(AbortSignal)
    expect(cache.jwksUri).toBe(JWKS_URI)
  })

  it('shares one request among concurrent lookups', async () => {
    const { cache, fetch } = setup(() => jwksResponse({ keys: [first.jwk] }))
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.getKey('key-1')))
    expect(answers.every((answer) => answer.found)).toBe(true)
    expect(fetch).toHaveBeenCalledOnce()
  })

  it('fetches again for an unknown kid (rotation), at most once per cooldown', async () => {
    let keys = [first.jwk]
    const { cache, fetch, clock } = setup(() => jwksResponse({ keys }))
    expect(await cache.getKey('key-1')).toMatchObject({ found: true })
    keys = [first.jwk, second.jwk]
    // Within the 30 s cooldown of the first fetch: no request, the kid is unknown.
    clock.nowMs += 29_999
    expect(await cache.getKey('key-2')).toEqual({ found: false, reason: 'unknown_key' })
    expect(fetch).toHaveBeenCalledTimes(1)
    clock.nowMs += 1
    expect(await cache.getKey('key-2')).toMatchObject({ found: true })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('a flood of random kids costs one request per cooldown', async () => {
    const { cache, fetch, clock } = setup(() => jwksResponse({ keys: [first.jwk] }))
    await cache.getKey('key-1')
    clock.nowMs += 30_000
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, index) => cache.getKey(`random-${index}`)),
    )
    expect(answers.every((answer) => !answer.found && answer.reason === 'unknown_key')).toBe(true)
    for (let index = 0; index < 500; index += 1) await cache.getKey(`later-${index}`)
    expect(fetch).toHaveBeenCalledTimes(2)
    // The known key is still answered from memory meanwhile.
    expect(await cache.getKey('key-1')).toMatchObject({ found: true })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('honours its own cooldownMs', async () => {
    const { cache, fetch, clock } = setup(() => jwksResponse({ keys: [first.jwk] }), {
      cooldownMs: 1_000,
    })
    await cache.getKey('nope')
    clock.nowMs += 999
    await cache.getKey('nope')
    clock.nowMs += 1
    await cache.getKey('nope')
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('fetches again in the background after maxAgeMs, and then drops a key the provider removed', async () => {
    let keys = [first.jwk]
    const { cache, fetch, clock } = setup(() => jwksResponse({ keys }), { maxAgeMs: 60_000 })
    await cache.getKey('key-1')
    keys = [second.jwk]
    clock.nowMs += 59_999
    expect(await cache.getKey('key-1')).toMatchObject({ found: true })
    expect(fetch).toHaveBeenCalledTimes(1)
    clock.nowMs += 1
    // Answered from the stale set while the fresh one is fetched...
    expect(await cache.getKey('key-1')).toMatchObject({ found: true })
    expect(fetch).toHaveBeenCalledTimes(2)
    // ...which then replaces it.
    await vi.waitFor(async () =>
      expect(await cache.getKey('key-1')).toEqual({ found: false, reason: 'unknown_key' }),
    )
    expect(await cache.getKey('key-2')).toMatchObject({ found: true })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('keeps using the keys it has while the provider is down', async () => {
    let up = true
    const { cache, fetch, clock } = setup(
      () => (up ? jwksResponse({ keys: [first.jwk] }) : new Response('down', { status: 503 })),
      { maxAgeMs: 60_000 },
    )
    await cache.getKey('key-1')
    up = false
    clock.nowMs += 60_000
    expect(await cache.getKey('key-1')).toMatchObject({ found: true })
    expect(await cache.getKey('key-2')).toEqual({ found: false, reason: 'jwks_unavailable' })
    expect(fetch).toHaveBeenCalledTimes(2)
  })

  it('after a failed fetch, waits out the cooldown before the next one', async () => {
    let up = false
    const { cache, fetch, clock } = setup(() =>
      up ? jwksResponse({ keys: [first.jwk] }) : Promise.reject(new TypeError('fetch failed')),
    )
    expect(await cache.getKey('key-1')).toEqual({ found: false, reason: 'jwks_unavailable' })
    up = true
    clock.nowMs += 29_999
    expect(await cache.getKey('key-1')).toEqual({ found: false, reason: 'jwks_unavailable' })
    expect(fetch).toHaveBeenCalledTimes(1)
    clock.nowMs += 1
    expect(await cache.getKey('key-1')).toMatchObject({ found: true })
  })

  describe('a malformed key set is jwks_unavailable, never a throw', () => {
    it.each([
      ['status 500', () => jwksResponse({ keys: [] }, 500)],
      ['status 302', () => new Response(null, { status: 302, headers: { location: '/x' } })],
      ['an HTML page', () => new Response('<html>maintenance</html>', { status: 200 })],
      ['JSON null', () => jwksResponse(null)],
      ['keys not an array', () => jwksResponse({ keys: { kid: 'key-1' } })],
      ['no keys member', () => jwksResponse([])],
      ['over 256 KiB', () => jwksResponse({ keys: [], padding: 'x'.repeat(262_144) })],
      [
        'a declared length over 256 KiB',
        () => new Response('{"keys":[]}', { headers: { 'content-length': '300000' } }),
      ],
      ['a network error', () => Promise.reject(new TypeError('fetch failed'))],
      ['a timeout', () => Promise.reject(new DOMException('timed out', 'TimeoutError'))],
      [
        'a body that fails mid-way',
        () =>
          new Response(
            new ReadableStream({
              start(controller) {
                controller.error(new Error('connection reset'))
              },
            }),
          ),
      ],
    ])('%s', async (_label, answer) => {
      const { cache } = setup(answer)
      expect(await cache.getKey('key-1')).toEqual({ found: false, reason: 'jwks_unavailable' })
    })
  })

  it('keeps only RSA signing keys for RS256 that import, first of a kid', async () => {
    const ec = await exportJWK((await generateKeyPair('ES256', { extractable: true })).publicKey)
    const { cache } = setup(() =>
      jwksResponse({
        keys: [
          null,
          'key',
          { ...ec, kid: 'ec' },
          { ...first.jwk, kid: 'enc', use: 'enc' },
          { ...first.jwk, kid: 'rs512', alg: 'RS512' },
          { ...first.jwk, kid: 'no-n', n: undefined },
          { ...first.jwk, kid: 'bad-n', n: '***' },
          { ...first.jwk, kid: 'short-n', n: 'AQAB' },
          { ...first.jwk, kid: 'empty-n', n: '' },
          // base64url characters, but not a whole encoding: the import fails.
          { ...first.jwk, kid: 'one-char-n', n: 'A' },
          { ...first.jwk, kid: '' },
          { ...second.jwk, kid: 'dup' },
          { ...first.jwk, kid: 'dup' },
          { kty: 'RSA', kid: 'bare', n: first.jwk.n, e: first.jwk.e },
          // base64url only: a decoder that skips spaces would import these.
          { ...first.jwk, kid: 'space-n', n: ` ${first.jwk.n}` },
          { ...first.jwk, kid: 'n-space', n: `${first.jwk.n} ` },
          { ...first.jwk, kid: 'space-e', e: ` ${first.jwk.e}` },
          { ...first.jwk, kid: 'e-space', e: `${first.jwk.e} ` },
        ],
      }),
    )
    for (const kid of [
      'ec',
      'enc',
      'rs512',
      'no-n',
      'bad-n',
      'short-n',
      'empty-n',
      'one-char-n',
      '',
      'space-n',
      'n-space',
      'space-e',
      'e-space',
    ])
      expect(await cache.getKey(kid)).toEqual({ found: false, reason: 'unknown_key' })
    const bare = await cache.getKey('bare')
    expect(bare.found && bare.key.algorithm).toMatchObject({ name: 'RSASSA-PKCS1-v1_5' })
    // The first entry of a kid wins: `dup` is the second signer's key, not the first's.
    const dup = await cache.getKey('dup')
    if (!dup.found) throw new Error('dup is missing')
    await expect(compactVerify(await second.sign({}), dup.key)).resolves.toBeDefined()
    await expect(compactVerify(await first.sign({}), dup.key)).rejects.toThrow('signature')
  })

  describe('stale keys are used while fresh ones are fetched in the background', () => {
    it('a known kid never waits on a hanging provider once the keys are stale', async () => {
      const hanging = deferred<Response>()
      let calls = 0
      const { cache, fetch, clock } = setup(
        () => (++calls === 1 ? jwksResponse({ keys: [first.jwk] }) : hanging.promise),
        { maxAgeMs: 60_000 },
      )
      await cache.getKey('key-1')
      clock.nowMs += 60_000
      expect(await within100ms(cache.getKey('key-1'))).toMatchObject({ found: true })
      // The background fetch started, once, however many requests arrive meanwhile.
      expect(await within100ms(cache.getKey('key-1'))).toMatchObject({ found: true })
      expect(fetch).toHaveBeenCalledTimes(2)
      // When it answers, its keys replace the old ones.
      hanging.resolve(jwksResponse({ keys: [second.jwk] }))
      await vi.waitFor(async () =>
        expect(await cache.getKey('key-1')).toEqual({ found: false, reason: 'unknown_key' }),
      )
      expect(await cache.getKey('key-2')).toMatchObject({ found: true })
      expect(fetch).toHaveBeenCalledTimes(2)
    })

    it('a failed background fetch keeps the stale keys and is retried after the cooldown', async () => {
      let up = true
      const { cache, fetch, clock } = setup(
        () => (up ? jwksResponse({ keys: [first.jwk] }) : new Response('', { status: 503 })),
        { maxAgeMs: 60_000 },
      )
      await cache.getKey('key-1')
      up = false
      clock.nowMs += 60_000
      expect(await cache.getKey('key-1')).toMatchObject({ found: true })
      await backgroundWork()
      clock.nowMs += 29_999
      expect(await cache.getKey('key-1')).toMatchObject({ found: true })
      expect(fetch).toHaveBeenCalledTimes(2)
      await backgroundWork()
      clock.nowMs += 1
      expect(await cache.getKey('key-1')).toMatchObject({ found: true })
      expect(fetch).toHaveBeenCalledTimes(3)
    })

    it('an unknown kid waits for the one fetch in flight, a known kid does not', async () => {
      const hanging = deferred<Response>()
      let calls = 0
      const { cache, fetch, clock } = setup(() =>
        ++calls === 1 ? jwksResponse({ keys: [first.jwk] }) : hanging.promise,
      )
      await cache.getKey('key-1')
      clock.nowMs += 30_000
      const rotated = cache.getKey('key-2')
      expect(await within100ms(cache.getKey('key-1'))).toMatchObject({ found: true })
      expect(await within100ms(rotated)).toBe('still waiting')
      hanging.resolve(jwksResponse({ keys: [first.jwk, second.jwk] }))
      expect(await rotated).toMatchObject({ found: true })
      expect(fetch).toHaveBeenCalledTimes(2)
    })

    it('the wait of an unknown kid is bounded by timeoutMs (the fetch is aborted)', async () => {
      let calls = 0
      const { cache, clock } = setup(() => jwksResponse({ keys: [first.jwk] }), {
        timeoutMs: 50,
        fetch: async (_url, init) => {
          calls += 1
          if (calls === 1) return jwksResponse({ keys: [first.jwk] })
          return new Promise<Response>((_done, fail) =>
            init?.signal?.addEventListener('abort', () => fail(init.signal?.reason)),
          )
        },
      })
      await cache.getKey('key-1')
      clock.nowMs += 30_000
      expect(await within100ms(cache.getKey('key-2'))).toEqual({
        found: false,
        reason: 'jwks_unavailable',
      })
    })
  })

  describe('a key set with no usable key never replaces the known keys', () => {
    it.each([
      ['200 {"keys":[]}', { keys: [] }],
      ['only entries that are not RS256 signing keys', { keys: [{ kty: 'oct', k: 'c2VjcmV0' }] }],
      ['only malformed entries', { keys: [null, 'key', { kty: 'RSA', kid: 'key-1' }] }],
    ])('%s', async (_label, body) => {
      let keys: unknown = { keys: [first.jwk] }
      const { cache, fetch, clock } = setup(() => jwksResponse(keys), { maxAgeMs: 60_000 })
      await cache.getKey('key-1')
      keys = body
      clock.nowMs += 60_000
      await cache.getKey('key-1')
      await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2))
      expect(await cache.getKey('key-1')).toMatchObject({ found: true })
      // It counts as a failed fetch: an unknown kid meanwhile is jwks_unavailable (503), and the
      // next fetch waits out the cooldown.
      expect(await cache.getKey('key-9')).toEqual({ found: false, reason: 'jwks_unavailable' })
      expect(fetch).toHaveBeenCalledTimes(2)
    })

    it('before any key is known, an empty set is the answer: no such key', async () => {
      let keys: unknown[] = []
      const { cache, clock } = setup(() => jwksResponse({ keys }))
      expect(await cache.getKey('key-1')).toEqual({ found: false, reason: 'unknown_key' })
      keys = [first.jwk]
      clock.nowMs += 30_000
      expect(await cache.getKey('key-1')).toMatchObject({ found: true })
    })
  })

  describe('options are checked at creation', () => {
    it.each([
      ['jwksUri not a URL', { jwksUri: 'keys' }, 'jwksUri'],
      [
        'jwksUri over http off loopback',
        { jwksUri: 'http://login.example.com/v1/keys' },
        'jwksUri',
      ],
      ['jwksUri not a string', { jwksUri: 42 }, 'jwksUri'],
      ['jwksUri an array holding a URL', { jwksUri: [JWKS_URI] }, 'jwksUri'],
      ['jwksUri over ftp on localhost', { jwksUri: 'ftp://localhost/v1/keys' }, 'jwksUri'],
      ['jwksUri with a user', { jwksUri: 'https://ada@login.example.com/v1/keys' }, 'jwksUri'],
      ['jwksUri with a password', { jwksUri: 'https://:pw@login.example.com/v1/keys' }, 'jwksUri'],
      ['jwksUri with a fragment', { jwksUri: `${JWKS_URI}#keys` }, 'jwksUri'],
      ['maxAgeMs negative', { maxAgeMs: -1 }, 'maxAgeMs'],
      ['fetch not a function', { fetch: 'fetch' }, 'fetch'],
      ['now not a function', { now: 0 }, 'now'],
      ['timeoutMs 0', { timeoutMs: 0 }, 'timeoutMs'],
      ['maxAgeMs not finite', { maxAgeMs: Infinity }, 'maxAgeMs'],
      ['cooldownMs negative', { cooldownMs: -1 }, 'cooldownMs'],
      ['cooldownMs a string', { cooldownMs: '30000' }, 'cooldownMs'],
    ])('%s: configuration_error naming it', (_label, given, name) => {
      const create = () =>
        createJwksCache({ jwksUri: JWKS_URI, ...given } as unknown as JwksCacheOptions)
      expect(create).toThrow(AuthError)
      expect(create).toThrow(expect.objectContaining({ code: 'configuration_error' }))
      expect(create).toThrow(new RegExp(`\\b${name}\\b`))
    })

    it('names every problem in one message', () => {
      expect(() =>
        createJwksCache({ jwksUri: '', timeoutMs: -1, cooldownMs: NaN } as JwksCacheOptions),
      ).toThrow(
        new AuthError(
          'configuration_error',
          'jwksUri must be an absolute https URL (http only on localhost), e.g. https://login.example.com/oauth2/default/v1/keys. timeoutMs must be a positive number of milliseconds. cooldownMs must be a non-negative number of milliseconds.',
        ),
      )
    })

    it('fetches the first time even with a clock that starts at 0 (a monotonic clock)', async () => {
      const fetch = vi.fn<typeof globalThis.fetch>(async () => jwksResponse({ keys: [first.jwk] }))
      const cache = createJwksCache({ jwksUri: JWKS_URI, fetch, now: () => 0 })
      expect(await cache.getKey('key-1')).toMatchObject({ found: true })
      expect(fetch).toHaveBeenCalledOnce()
    })

    it.each([
      ['https', 'https://login.example.com/oauth2/default/v1/keys'],
      ['http on 127.0.0.1', 'http://127.0.0.1:4010/oauth2/default/v1/keys'],
      ['http on localhost', 'http://localhost:4010/oauth2/default/v1/keys'],
      ['http on [::1]', 'http://[::1]:4010/oauth2/default/v1/keys'],
    ])('accepts %s', (_label, jwksUri) => {
      expect(createJwksCache({ jwksUri, cooldownMs: 0, maxAgeMs: 0 }).jwksUri).toBe(jwksUri)
    })
  })
})
