/**
 * A device clock that runs fast must not make every tab refresh in turn. Two sub-sites (two session
 * objects, two locks) share one cookie jar; each device clock is two hours ahead of the provider's;
 * the provider issues one-hour tokens (`iat` = its now, `exp` = `iat` + 3600) and rotates the
 * refresh token. Each sub-site reacts to its snapshots as auth-react does (an expired snapshot with
 * a refresh token is refreshed), and each write to the jar is seen by both (a cookie watch).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createMemoryLock } from './createMemoryLock'
import { createPlatformSession } from './createPlatformSession'
import type { PlatformSession, SessionDeps } from './session.types'
import {
  accessToken,
  idToken,
  flush,
  json,
  manualWatch,
  NOW_S,
  recordingJar,
  refreshBody,
  sessionConfig,
  stubFetch,
} from '../testSupport/sessionTestKit'
import type { RecordingJar, SeenRequest } from '../testSupport/sessionTestKit'

const config = sessionConfig()
const PROVIDER_NOW_MS = NOW_S * 1000
const TWO_HOURS_MS = 2 * 3600 * 1000

/** A provider that rotates `rt-N` to `rt-N+1` and refuses replays; its clock is `providerMs`. */
function provider(clock: { providerMs: number }) {
  let current = 'rt-1'
  let serial = 1
  const answer = (request: SeenRequest): Response => {
    if (request.form.get('refresh_token') !== current)
      return json({ error: 'invalid_grant', error_description: 'replayed' }, 400)
    serial += 1
    current = `rt-${serial}`
    const iat = Math.floor(clock.providerMs / 1000)
    const token = accessToken({ iat, exp: iat + 3600, jti: `at-${serial}` })
    return json(refreshBody(config, { access_token: token, refresh_token: current }))
  }
  return { answer }
}

/** One sub-site reacting to its snapshots as auth-react does; every jar write notifies both. */
function subSite(
  name: string,
  jar: RecordingJar,
  fetch: typeof globalThis.fetch,
  deviceNow: () => number,
  watch: ReturnType<typeof manualWatch>,
  overrides: Partial<SessionDeps> = {},
): PlatformSession {
  let serial = 0
  const session = createPlatformSession(config, {
    cookies: jar,
    fetch,
    now: deviceNow,
    navigate: () => undefined,
    lock: createMemoryLock(),
    sleep: () => new Promise((resolve) => setTimeout(resolve, 0)),
    randomId: () => `${name}-holder-${++serial}`,
    watchCookies: watch.watchCookies,
    onError: () => undefined,
    ...overrides,
  })
  session.subscribe(({ snapshot }) => {
    if (snapshot.status === 'expired' && snapshot.refreshable)
      void session.getAccessToken().catch(() => null)
  })
  return session
}

/** A jar whose writes reach every watcher (another tab sees the cookie change). */
function sharedJar(initial: Record<string, string>, watch: ReturnType<typeof manualWatch>) {
  const jar = recordingJar(initial)
  const set = jar.set.bind(jar)
  jar.set = (write) => {
    set(write)
    if (write.name !== 'refresh_lease') queueMicrotask(() => watch.fire())
  }
  return jar
}

describe('createPlatformSession: a device clock two hours ahead of the provider', () => {
  it('two sub-sites make at most two token requests and stay signed in (no storm)', async () => {
    const clock = { providerMs: PROVIDER_NOW_MS }
    const deviceNow = () => clock.providerMs + TWO_HOURS_MS
    const endpoint = provider(clock)
    const { fetch, requests } = stubFetch(endpoint.answer)
    const watch = manualWatch()
    // The cookie the sign-in page just wrote: issued now by the provider's clock, valid an hour.
    const issued = accessToken({ iat: NOW_S, exp: NOW_S + 3600, jti: 'at-1' })
    const jar = sharedJar({ access_token: issued, refresh_token: 'rt-1' }, watch)
    const citystream = subSite('citystream', jar, fetch, deviceNow, watch)
    const roads = subSite('roads', jar, fetch, deviceNow, watch)

    // Page load: each asks for a token (the device clock calls the cookie's token expired).
    await Promise.all([citystream.getAccessToken(), roads.getAccessToken()])
    // A minute of the tabs reacting to each other's writes.
    for (let step = 0; step < 60 && requests.length < 50; step++) {
      clock.providerMs += 1000
      watch.fire()
      await flush()
    }

    expect(requests.length).toBeLessThanOrEqual(2)
    expect(citystream.getSnapshot().status).toBe('signedIn')
    expect(roads.getSnapshot().status).toBe('signedIn')
    expect(jar.values.get('refresh_token')).toMatch(/^rt-\d+$/)
  })

  it('one sub-site alone: one refresh, then its snapshot stays active by the provider clock', async () => {
    const clock = { providerMs: PROVIDER_NOW_MS }
    const endpoint = provider(clock)
    const { fetch, requests } = stubFetch(endpoint.answer)
    const watch = manualWatch()
    const stale = accessToken({ iat: NOW_S - 600, exp: NOW_S + 3000 })
    const jar = sharedJar({ access_token: stale, refresh_token: 'rt-1' }, watch)
    const session = subSite('citystream', jar, fetch, () => clock.providerMs + TWO_HOURS_MS, watch)

    const token = await session.getAccessToken()
    expect(requests).toHaveLength(1)
    expect(token).toBe(jar.values.get('access_token'))
    expect(session.getSnapshot().status).toBe('signedIn')
    // Until 120 s (the refresh ahead) before the provider's exp, no further request; expired
    // 60 s (the skew) before it.
    clock.providerMs += 3600_000 - 121_000
    expect(await session.getAccessToken()).toBe(token)
    expect(requests).toHaveLength(1)
    expect(session.getSnapshot().status).toBe('signedIn')
    clock.providerMs += 62_000
    expect(session.getSnapshot().status).toBe('expired')
  })
})

describe('createPlatformSession: a refresh answer the provider issued is never thrown away', () => {
  const stale = accessToken({ iat: NOW_S - 3600, exp: NOW_S - 1 })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('device clock two hours ahead: the ID token is checked by the provider clock, the rotated refresh token is written', async () => {
    // The device's system clock too (the check once read it instead of the injected one).
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(PROVIDER_NOW_MS + TWO_HOURS_MS)
    const errors: unknown[] = []
    const answer = () => {
      const token = accessToken({ iat: NOW_S, exp: NOW_S + 3600 })
      return json(
        refreshBody(config, {
          access_token: token,
          refresh_token: 'rt-rotated',
          id_token: idToken(config, { iat: NOW_S, exp: NOW_S + 3600 }),
        }),
      )
    }
    const { fetch } = stubFetch(answer)
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const session = createPlatformSession(config, {
      cookies: jar,
      fetch,
      now: () => PROVIDER_NOW_MS + TWO_HOURS_MS,
      navigate: () => undefined,
      onError: (error) => errors.push(error),
    })
    const token = await session.getAccessToken()
    expect(token).toBe(jar.values.get('access_token'))
    expect(jar.values.get('refresh_token')).toBe('rt-rotated')
    expect(errors).toEqual([])
  })

  it('an ID token that fails its check (another audience): the tokens are written, the failure goes to onError, the ID token is not kept', async () => {
    const errors: unknown[] = []
    const fresh = accessToken({ iat: NOW_S, exp: NOW_S + 3600, jti: 'fresh' })
    const answer = () =>
      json(
        refreshBody(config, {
          access_token: fresh,
          refresh_token: 'rt-rotated',
          id_token: idToken(config, { aud: 'someone-else' }),
        }),
      )
    const { fetch } = stubFetch(answer)
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const navigations: string[] = []
    const session = createPlatformSession(config, {
      cookies: jar,
      fetch,
      now: () => PROVIDER_NOW_MS,
      navigate: (url) => navigations.push(url),
      onError: (error) => errors.push(error),
    })
    expect(await session.getAccessToken()).toBe(fresh)
    expect(jar.values.get('refresh_token')).toBe('rt-rotated')
    expect(errors).toHaveLength(1)
    expect(errors[0]).toMatchObject({
      code: 'unknown_error',
      message: 'The ID token of the refresh response fails its aud check.',
    })
  })
})
