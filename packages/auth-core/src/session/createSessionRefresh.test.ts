import { describe, expect, it, vi } from 'vitest'
import { AuthError } from '../errors/authError'
import {
  accessToken,
  deferred,
  idToken,
  json,
  NOW_S,
  recordingJar,
  refreshBody,
  sessionConfig,
  stubFetch,
} from '../testSupport/sessionTestKit'
import type { SeenRequest } from '../testSupport/sessionTestKit'
import { createMemoryLock } from './createMemoryLock'
import { createSessionRefresh } from './createSessionRefresh'
import type { KeptIdToken } from './createSessionRefresh'
import type { SessionStore } from './createSessionStore'
import { readSessionSnapshot } from './readSessionSnapshot'
import type { RefreshLeaseEnv } from './refreshLease'
import type { SessionLock } from './session.types'

const config = sessionConfig()
const stale = accessToken({ exp: NOW_S - 1 })
const live = accessToken({ exp: NOW_S + 3600, jti: 'written-elsewhere' })
const refreshed = refreshBody(config).access_token

/**
 * The refresh on its own, wired as `createPlatformSession` wires it: a recording jar, a fetch
 * stub, a fake clock, and what the factory is told (the clock offset, the ID token, the store).
 */
function setup(
  answer: (request: SeenRequest) => Response | Promise<Response>,
  lock: SessionLock = createMemoryLock(),
  withLease = false,
) {
  const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
  const { fetch, requests } = stubFetch(answer)
  const clock = { nowMs: NOW_S * 1000 }
  const now = () => clock.nowMs
  const offsets: (number | null)[] = []
  const kept: (KeptIdToken | null)[] = []
  const store = { check: vi.fn(), rearm: vi.fn(), refreshed: vi.fn(), isSigningOut: () => false }
  const lease: RefreshLeaseEnv | null = withLease
    ? {
        config,
        cookies: jar,
        now,
        sleep: async () => undefined,
        randomId: () => 'holder-0001',
        pagePath: () => '/',
      }
    : null
  const usableAccessToken = () => {
    const snapshot = readSessionSnapshot(jar, { nowMs: clock.nowMs, skewSeconds: 60 })
    return snapshot.status === 'signedIn' ? snapshot.accessToken : null
  }
  const parts = createSessionRefresh(
    config,
    { cookies: jar, fetch, navigate: () => undefined, random: () => 0.5 },
    now,
    lock,
    lease,
    () => ({ fetch }),
    usableAccessToken,
    () => true,
    (measured) => offsets.push(measured),
    (idToken) => kept.push(idToken),
    store as Partial<SessionStore> as SessionStore,
  )
  return { parts, jar, requests, clock, offsets, kept, store }
}

describe('createSessionRefresh', () => {
  it('inFlight() is the refresh at the provider, shared by every caller, and null once it settled', async () => {
    const response = deferred<Response>()
    const { parts, requests, store } = setup(() => response.promise)
    const [getAccessToken, refresh, inFlight] = parts
    expect(inFlight()).toBeNull()
    const first = getAccessToken()
    expect(inFlight()).toBeInstanceOf(Promise)
    expect(refresh(true)).toBe(inFlight())
    response.resolve(json(refreshBody(config)))
    expect(await first).toBe(refreshed)
    expect(inFlight()).toBeNull()
    expect(requests).toHaveLength(1)
    expect(store.check).toHaveBeenCalledTimes(1)
  })

  it('after a transient failure: retryInMs() counts the back-off down, nothing is sent within it, retry() sends at once', async () => {
    let status = 503
    const { parts, requests, clock, store } = setup(() =>
      status === 503 ? new Response('busy', { status }) : json(refreshBody(config)),
    )
    const [getAccessToken, , , retryInMs, retry] = parts
    expect(retryInMs()).toBeNull()
    const failure = await getAccessToken().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AuthError)
    // 2 s for the first failure, half of it random (0.5 here): 1.5 s.
    expect(retryInMs()).toBe(1500)
    expect(store.rearm).toHaveBeenCalledTimes(1)
    clock.nowMs += 1000
    expect(retryInMs()).toBe(500)
    await expect(getAccessToken()).rejects.toBe(failure)
    expect(requests).toHaveLength(1)
    status = 200
    await expect(retry()).resolves.toBe(refreshed)
    expect(requests).toHaveLength(2)
    expect(retryInMs()).toBeNull()
  })

  it('tells the factory what an answer taught: the provider’s clock offset and the ID token with its expiry', async () => {
    // The provider's clock runs two hours ahead of the device's.
    const aheadS = NOW_S + 7200
    const idTokenValue = idToken(config, { iat: aheadS, exp: aheadS + 3600 })
    const { parts, offsets, kept, store } = setup(() =>
      json(
        refreshBody(config, {
          access_token: accessToken({ iat: aheadS, exp: aheadS + 3600 }),
          id_token: idTokenValue,
        }),
      ),
    )
    const [getAccessToken] = parts
    await getAccessToken()
    expect(offsets).toEqual([7_200_000])
    expect(kept).toEqual([{ value: idTokenValue, expiresAt: aheadS + 3600 }])
    expect(store.refreshed).toHaveBeenCalledTimes(1)
  })

  it('invalid_grant once the refresh cookie is gone (signed out elsewhere meanwhile): clears the token cookies and drops the kept ID token', async () => {
    const response = deferred<Response>()
    const { parts, jar, kept, requests } = setup(() => response.promise)
    const [getAccessToken] = parts
    const result = getAccessToken()
    await vi.waitFor(() => expect(requests).toHaveLength(1))
    jar.values.delete('refresh_token')
    response.resolve(json({ error: 'invalid_grant' }, 400))
    expect(await result).toBeNull()
    expect(kept).toEqual([null])
    expect(jar.values.has('access_token')).toBe(false)
  })

  it('forced for a refused token once the access cookie is gone (its Max-Age passed): refreshes, as null would send the person to sign in', async () => {
    const { parts, jar, requests } = setup(() => json(refreshBody(config)))
    jar.values.delete('access_token')
    const [getAccessToken] = parts
    expect(await getAccessToken({ forceRefresh: true, failedToken: stale })).toBe(refreshed)
    expect(requests).toHaveLength(1)
  })

  it.each([
    ['without the lease', false],
    ['with the lease', true],
  ])(
    '%s: an access token written while it waited for the lock, with the same refresh token (no rotation), is used: no request, no lease taken',
    async (_, withLease) => {
      const gate = deferred<void>()
      const lock: SessionLock = async (_name, task) => {
        await gate.promise
        return task()
      }
      const { parts, jar, requests } = setup(() => json(refreshBody(config)), lock, withLease)
      const [getAccessToken] = parts
      const result = getAccessToken()
      jar.values.set('access_token', live)
      gate.resolve()
      expect(await result).toBe(live)
      expect(requests).toEqual([])
      expect(jar.writes).toEqual([])
    },
  )
})
