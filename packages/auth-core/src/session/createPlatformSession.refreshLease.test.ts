/**
 * The platform-wide refresh lease: two sub-sites are two origins, so two session objects with
 * DIFFERENT locks (Web Locks are per origin) over ONE cookie jar (the parent domain's cookies),
 * against a token endpoint that rotates and refuses a replayed refresh token, as Okta does
 * without a grace period.
 */
import { describe, expect, it } from 'vitest'
import { serializeCookie, serializeCookieRemoval } from '../cookies/serializeCookie'
import { createMemoryLock } from './createMemoryLock'
import { createPlatformSession } from './createPlatformSession'
import { LEASE_POLL_MS, LEASE_SETTLE_MS } from './refreshLease'
import { REFRESH_LEASE_COOKIE_NAME, REFRESH_LEASE_MS } from './session.types'
import type { SessionDeps } from './session.types'
import {
  accessToken,
  deferred,
  idToken,
  json,
  localSessionConfig,
  NOW_S,
  recordingJar,
  refreshBody,
  sessionConfig,
  stubFetch,
} from '../testSupport/sessionTestKit'
import type { RecordingJar, SeenRequest } from '../testSupport/sessionTestKit'
import { rejection } from '../testSupport/rejection'

const config = sessionConfig()
const NOW_MS = NOW_S * 1000
const LEASE_MS = REFRESH_LEASE_MS
const stale = accessToken({ exp: NOW_S - 1 })

/**
 * A token endpoint that rotates: `rt-N` is answered with `rt-N+1` and an access token with
 * `jti: at-N+1`; any other refresh token (a replay) gets `invalid_grant`. `gate` holds answers
 * back until released.
 */
function rotatingEndpoint(first = 'rt-1') {
  let current = first
  let serial = Number(first.slice(3))
  let gate: Promise<void> = Promise.resolve()
  const issued: string[] = []
  const answer = async (request: SeenRequest): Promise<Response> => {
    await gate
    if (request.form.get('refresh_token') !== current)
      return json(
        { error: 'invalid_grant', error_description: 'The refresh token is invalid.' },
        400,
      )
    serial += 1
    current = `rt-${serial}`
    const access = accessToken({ exp: NOW_S + 3600, jti: `at-${serial}` })
    issued.push(access)
    return json(refreshBody(config, { access_token: access, refresh_token: current }))
  }
  return {
    answer,
    issued,
    hold() {
      const held = deferred<void>()
      gate = held.promise
      return () => held.resolve()
    },
  }
}

/** The shared clock: every sleep advances it, after yielding to other tasks (a real wait would). */
function sharedClock() {
  const clock = { nowMs: NOW_MS, slept: [] as number[] }
  const sleep = async (ms: number) => {
    clock.slept.push(ms)
    await new Promise((resolve) => setTimeout(resolve, 0))
    clock.nowMs += ms
  }
  return { clock, sleep }
}

/** One sub-site: its own lock (origin), the shared jar, fetch, clock, and its own holder ids. */
function subSite(
  name: string,
  jar: RecordingJar,
  fetch: typeof globalThis.fetch,
  time: ReturnType<typeof sharedClock>,
  overrides: Partial<SessionDeps> = {},
) {
  let serial = 0
  return createPlatformSession(config, {
    cookies: jar,
    fetch,
    now: () => time.clock.nowMs,
    navigate: () => undefined,
    lock: createMemoryLock(),
    sleep: time.sleep,
    randomId: () => `${name}-holder-${++serial}`,
    ...overrides,
  })
}

/** Two sub-sites over one jar whose access token has expired, and the rotating endpoint. */
function twoSubSites(cookies: Record<string, string> = {}) {
  const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1', ...cookies })
  const endpoint = rotatingEndpoint()
  const { fetch, requests } = stubFetch(endpoint.answer)
  const time = sharedClock()
  const citystream = subSite('citystream', jar, fetch, time)
  const roads = subSite('roads', jar, fetch, time)
  return { jar, endpoint, fetch, requests, time, citystream, roads }
}

const leaseWrites = (jar: RecordingJar) =>
  jar.writes.filter((write) => write.name === REFRESH_LEASE_COOKIE_NAME)
const leaseRemovals = (jar: RecordingJar) =>
  jar.removals.filter((removal) => removal.name === REFRESH_LEASE_COOKIE_NAME)

/** Waits (in real time) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++)
    await new Promise((resolve) => setTimeout(resolve, 0))
  expect(condition()).toBe(true)
}

describe('createPlatformSession: the refresh lease across sub-sites', () => {
  it('two sub-sites refreshing at once: one token request, both get the same fresh access token, the cookies hold the rotated refresh token', async () => {
    const { jar, endpoint, requests, citystream, roads } = twoSubSites()
    const [first, second] = await Promise.all([citystream.getAccessToken(), roads.getAccessToken()])

    expect(requests).toHaveLength(1)
    expect(requests[0]?.form.get('refresh_token')).toBe('rt-1')
    expect(endpoint.issued).toHaveLength(1)
    expect(first).toBe(endpoint.issued[0])
    expect(second).toBe(endpoint.issued[0])
    expect(jar.values.get('access_token')).toBe(endpoint.issued[0])
    expect(jar.values.get('refresh_token')).toBe('rt-2')
    // Nobody holds the lease any more.
    expect(jar.values.has(REFRESH_LEASE_COOKIE_NAME)).toBe(false)
  })

  it('while one sub-site refreshes, the other waits in polls and makes no request of its own', async () => {
    const { jar, endpoint, requests, time, citystream, roads } = twoSubSites()
    const release = endpoint.hold()
    const first = citystream.getAccessToken()
    await until(() => requests.length === 1)
    const holder = jar.values.get(REFRESH_LEASE_COOKIE_NAME)
    expect(holder).toMatch(/^citystream-holder-1\.\d+$/)
    const second = roads.getAccessToken()
    await until(() => time.clock.slept.filter((ms) => ms === LEASE_POLL_MS).length >= 3)
    expect(requests).toHaveLength(1)
    // The waiting sub-site never wrote a lease of its own.
    expect(leaseWrites(jar).map((write) => write.value)).toEqual([holder])
    release()
    const tokens = await Promise.all([first, second])
    expect(tokens).toEqual([endpoint.issued[0], endpoint.issued[0]])
    expect(endpoint.issued).toHaveLength(1)
    expect(requests).toHaveLength(1)
  })

  it('writes the lease on the parent domain with the holder id and its expiry, then removes it with the same scope', async () => {
    const { jar, citystream } = twoSubSites()
    await citystream.getAccessToken()

    const [write, ...more] = leaseWrites(jar)
    expect(more).toEqual([])
    expect(write).toEqual({
      name: 'refresh_lease',
      value: `citystream-holder-1.${NOW_MS + LEASE_MS}`,
      domain: '.example.com',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      maxAgeSeconds: 16,
    })
    // It passes the cookie rules as it is (serializeCookie re-checks every part).
    expect(serializeCookie(write!)).toBe(
      `refresh_lease=citystream-holder-1.${NOW_MS + LEASE_MS}; Domain=.example.com; Path=/; Max-Age=16; Secure; SameSite=Lax`,
    )
    expect(leaseRemovals(jar)).toEqual([
      { name: 'refresh_lease', domain: '.example.com', path: '/' },
    ])
    expect(serializeCookieRemoval(leaseRemovals(jar)[0]!)).toBe(
      'refresh_lease=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
    )
  })

  it('the lease lasts REFRESH_LEASE_MS whatever the request timeout', async () => {
    const { jar, fetch, time } = twoSubSites()
    const session = subSite('citystream', jar, fetch, time, { timeoutMs: 5000 })
    await session.getAccessToken()
    expect(REFRESH_LEASE_MS).toBe(16_000)
    expect(leaseWrites(jar)[0]).toMatchObject({
      value: `citystream-holder-1.${NOW_MS + 16_000}`,
      maxAgeSeconds: 16,
    })
  })

  it('one platform-wide lease bound: a sub-site with a shorter request timeout still waits for a lease taken by one with the default', async () => {
    const { jar, endpoint, requests, fetch, time, citystream } = twoSubSites()
    const roads = subSite('roads', jar, fetch, time, { timeoutMs: 5000 })
    const release = endpoint.hold()
    const first = citystream.getAccessToken()
    await until(() => requests.length === 1)
    const second = roads.getAccessToken()
    await until(
      () =>
        requests.length > 1 || time.clock.slept.filter((ms) => ms === LEASE_POLL_MS).length >= 3,
    )
    // The other sub-site's lease (16 s) is not "implausible" to the one with a 5 s timeout.
    expect(requests.map((request) => request.form.get('refresh_token'))).toEqual(['rt-1'])
    release()
    expect(await Promise.all([first, second])).toEqual([endpoint.issued[0], endpoint.issued[0]])
    expect(requests).toHaveLength(1)
    expect(leaseWrites(jar).map((write) => write.value)).toEqual([
      `citystream-holder-1.${NOW_MS + REFRESH_LEASE_MS}`,
    ])
  })

  it('in local mode the lease is host-only, like the token cookies', async () => {
    const local = localSessionConfig()
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const { fetch } = stubFetch(() => json(refreshBody(local)))
    const time = sharedClock()
    const session = createPlatformSession(local, {
      cookies: jar,
      fetch,
      now: () => time.clock.nowMs,
      navigate: () => undefined,
      sleep: time.sleep,
      randomId: () => 'local-holder',
    })
    await session.getAccessToken()
    expect(leaseWrites(jar)[0]).not.toHaveProperty('domain')
    expect(leaseRemovals(jar)).toEqual([{ name: 'refresh_lease', path: '/' }])
  })

  it('reads the lease back after the settle time and refreshes only while it is still its own', async () => {
    const { time, citystream, requests } = twoSubSites()
    await citystream.getAccessToken()
    // Writing the lease, then one settle wait before reading it back; no poll (nobody else held it).
    expect(time.clock.slept).toEqual([LEASE_SETTLE_MS])
    expect(requests).toHaveLength(1)
  })

  it('an expired lease left behind (its value says so) is taken over at once', async () => {
    const { jar, time, requests, citystream } = twoSubSites({
      refresh_lease: `deadholder.${NOW_MS - 1}`,
    })
    await citystream.getAccessToken()
    expect(time.clock.slept).toEqual([LEASE_SETTLE_MS])
    expect(requests).toHaveLength(1)
    expect(leaseWrites(jar).map((write) => write.value)).toEqual([
      `citystream-holder-1.${NOW_MS + LEASE_MS}`,
    ])
    expect(jar.values.has(REFRESH_LEASE_COOKIE_NAME)).toBe(false)
  })

  it('a lease that ends exactly now counts as expired', async () => {
    const { time, requests, citystream } = twoSubSites({ refresh_lease: `deadholder.${NOW_MS}` })
    await citystream.getAccessToken()
    expect(time.clock.slept).toEqual([LEASE_SETTLE_MS])
    expect(requests).toHaveLength(1)
  })

  it.each([
    [
      'claims to last longer than any lease can (forged or mis-clocked)',
      `deadholder.${NOW_MS + LEASE_MS + 1}`,
    ],
    ['is not holder.expiry', 'garbage'],
    ['has a holder id too short to be one', `short.${NOW_MS + 1000}`],
    ['has no expiry', 'deadholder.'],
  ])('a lease value that %s is ignored', async (_label, value) => {
    const { time, requests, citystream } = twoSubSites({ refresh_lease: value })
    await citystream.getAccessToken()
    expect(time.clock.slept).toEqual([LEASE_SETTLE_MS])
    expect(requests).toHaveLength(1)
  })

  it('a jar that throws reading the lease (a cookie the browser refuses to parse) counts as no lease', async () => {
    const { jar, fetch, time, requests } = twoSubSites()
    const throwing: RecordingJar = {
      ...jar,
      get(name) {
        if (name === REFRESH_LEASE_COOKIE_NAME) throw new Error('unreadable')
        return jar.get(name)
      },
    }
    const session = subSite('citystream', throwing, fetch, time)
    await session.getAccessToken()
    // Taken, but never read back as its own: it waited out the bound, then refreshed anyway.
    expect(requests).toHaveLength(1)
    expect(leaseWrites(jar).length).toBeGreaterThan(1)
  })

  it('a lease lasting exactly the lease lifetime is respected (waited for)', async () => {
    const { time, requests, citystream } = twoSubSites({
      refresh_lease: `liveholder.${NOW_MS + LEASE_MS}`,
    })
    await citystream.getAccessToken()
    expect(time.clock.slept[0]).toBe(LEASE_POLL_MS)
    expect(requests).toHaveLength(1)
  })

  it('a lease holder that dies (never removes it) delays the other at most the lease lifetime, then it takes over', async () => {
    const { jar, time, requests, endpoint, citystream } = twoSubSites({
      refresh_lease: `deadholder.${NOW_MS + LEASE_MS}`,
    })
    const token = await citystream.getAccessToken()
    expect(endpoint.issued).toHaveLength(1)
    expect(token).toBe(endpoint.issued[0])

    const waited = time.clock.slept.reduce((sum, ms) => sum + ms, 0)
    expect(waited).toBeGreaterThanOrEqual(LEASE_MS)
    expect(waited).toBeLessThanOrEqual(LEASE_MS + LEASE_POLL_MS + LEASE_SETTLE_MS)
    expect(requests).toHaveLength(1)
    expect(jar.values.get('refresh_token')).toBe('rt-2')
    expect(leaseWrites(jar).map((write) => write.value)).toEqual([
      `citystream-holder-1.${NOW_MS + LEASE_MS + LEASE_MS}`,
    ])
  })

  it('when the lease never reads back as its own (cookies refused), refreshes anyway after the bound', async () => {
    const { time, requests, endpoint, jar, fetch } = twoSubSites()
    const refusing: RecordingJar = {
      ...jar,
      set(write) {
        if (write.name !== REFRESH_LEASE_COOKIE_NAME) jar.set(write)
      },
    }
    const session = subSite('citystream', refusing, fetch, time)
    const token = await session.getAccessToken()
    expect(endpoint.issued).toHaveLength(1)
    expect(token).toBe(endpoint.issued[0])
    const waited = time.clock.slept.reduce((sum, ms) => sum + ms, 0)
    expect(waited).toBeGreaterThanOrEqual(LEASE_MS)
    expect(waited).toBeLessThanOrEqual(LEASE_MS + LEASE_POLL_MS + LEASE_SETTLE_MS)
    expect(requests).toHaveLength(1)
    expect(leaseRemovals(jar)).toEqual([])
  })

  it('losing the write race (another sub-site wrote last): waits, and uses the tokens that sub-site wrote', async () => {
    const { jar, time, requests, fetch } = twoSubSites()
    const fresh = accessToken({ exp: NOW_S + 3600, jti: 'other' })
    const racing: RecordingJar = {
      ...jar,
      set(write) {
        jar.set(write)
        // The other sub-site's write lands right after ours: last writer wins.
        if (write.name === REFRESH_LEASE_COOKIE_NAME)
          jar.values.set(REFRESH_LEASE_COOKIE_NAME, `roadsholder.${time.clock.nowMs + LEASE_MS}`)
      },
    }
    const sleep = async (ms: number) => {
      await time.sleep(ms)
      // Three waits later, the other sub-site has refreshed and let go of the lease.
      if (time.clock.slept.length === 3) {
        jar.values.set('access_token', fresh)
        jar.values.set('refresh_token', 'rt-2')
        jar.values.delete(REFRESH_LEASE_COOKIE_NAME)
      }
    }
    const session = subSite('citystream', racing, fetch, time, { sleep })
    await expect(session.getAccessToken()).resolves.toBe(fresh)
    expect(requests).toHaveLength(0)
    expect(time.clock.slept).toEqual([LEASE_SETTLE_MS, LEASE_POLL_MS, LEASE_POLL_MS])
    // Never removes a lease that is not its own.
    expect(leaseRemovals(jar)).toEqual([])
  })

  it('waiting, when the refresh cookie disappears (signed out elsewhere): resolves null, no request', async () => {
    const { jar, time, requests, fetch } = twoSubSites({
      refresh_lease: `roadsholder.${NOW_MS + 5000}`,
    })
    const sleep = async (ms: number) => {
      await time.sleep(ms)
      jar.values.delete('refresh_token')
      jar.values.delete('access_token')
    }
    const session = subSite('citystream', jar, fetch, time, { sleep })
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(requests).toHaveLength(0)
    expect(time.clock.slept).toEqual([LEASE_POLL_MS])
  })

  it('waiting, when the refresh cookie changed but no usable access token came with it: refreshes with the new one once the lease is gone', async () => {
    const { jar, time, requests, fetch } = twoSubSites({
      refresh_lease: `roadsholder.${NOW_MS + 5000}`,
    })
    const sleep = async (ms: number) => {
      await time.sleep(ms)
      if (time.clock.slept.length === 1) jar.values.set('refresh_token', 'rt-7')
      if (time.clock.slept.length === 2) jar.values.delete(REFRESH_LEASE_COOKIE_NAME)
    }
    const session = subSite('citystream', jar, fetch, time, { sleep })
    await session.getAccessToken()
    expect(requests.map((request) => request.form.get('refresh_token'))).toEqual(['rt-7'])
  })

  it('a failed refresh (503) removes the lease and keeps the session', async () => {
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const { fetch } = stubFetch(() => json({ error: 'temporarily_unavailable' }, 503))
    const time = sharedClock()
    const session = subSite('citystream', jar, fetch, time)
    const error = await rejection(session.getAccessToken())
    expect(error).toMatchObject({ name: 'AuthError' })
    expect(jar.values.has(REFRESH_LEASE_COOKIE_NAME)).toBe(false)
    expect(leaseRemovals(jar)).toEqual([
      { name: 'refresh_lease', domain: '.example.com', path: '/' },
    ])
    expect(jar.values.get('refresh_token')).toBe('rt-1')
  })

  it('a refused refresh (invalid_grant, nobody else refreshed) removes the lease and the token cookies', async () => {
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-revoked' })
    const { fetch } = stubFetch(() => json({ error: 'invalid_grant' }, 400))
    const time = sharedClock()
    const session = subSite('citystream', jar, fetch, time)
    await expect(session.getAccessToken()).resolves.toBeNull()
    // The refresh budget stays: it counts this browser's requests, whoever is signed in.
    expect([...jar.values.keys()]).toEqual(['refresh_budget'])
    expect(leaseRemovals(jar)).toHaveLength(1)
  })

  it('a refresh that outlives its lease does not remove the lease another sub-site took since', async () => {
    const { jar, endpoint, requests, citystream } = twoSubSites()
    const release = endpoint.hold()
    const refreshing = citystream.getAccessToken()
    await until(() => requests.length === 1)
    jar.values.set(REFRESH_LEASE_COOKIE_NAME, `roadsholder.${NOW_MS + 10_000}`)
    release()
    await refreshing
    expect(leaseRemovals(jar)).toEqual([])
    expect(jar.values.get(REFRESH_LEASE_COOKIE_NAME)).toBe(`roadsholder.${NOW_MS + 10_000}`)
  })

  it('a refresh whose lease vanished meanwhile resolves its token and removes nothing', async () => {
    const { jar, endpoint, requests, citystream } = twoSubSites()
    const release = endpoint.hold()
    const refreshing = citystream.getAccessToken()
    await until(() => requests.length === 1)
    jar.values.delete(REFRESH_LEASE_COOKIE_NAME)
    release()
    expect(await refreshing).toBe(endpoint.issued[0])
    expect(leaseRemovals(jar)).toEqual([])
  })

  it('a holder id outside the cookie rules is refused at creation, before any cookie is written', () => {
    const { jar, fetch, time, requests } = twoSubSites()
    expect(() => subSite('citystream', jar, fetch, time, { randomId: () => 'has space!' })).toThrow(
      expect.objectContaining({
        name: 'AuthError',
        code: 'configuration_error',
        message: 'randomId must return 8 to 64 of A-Z, a-z, 0-9, _ and -.',
      }),
    )
    expect(leaseWrites(jar)).toEqual([])
    expect(requests).toHaveLength(0)
  })

  it('without sleep or randomId there is no lease: two sub-sites send the same refresh token twice, and the replay is refused', async () => {
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const endpoint = rotatingEndpoint()
    const { fetch, requests } = stubFetch(endpoint.answer)
    const time = sharedClock()
    const withoutLease = { sleep: undefined, randomId: undefined }
    const citystream = subSite('citystream', jar, fetch, time, withoutLease)
    const roads = subSite('roads', jar, fetch, time, { randomId: undefined })
    await Promise.all([citystream.getAccessToken(), roads.getAccessToken()])
    const refreshes = requests.filter((request) => request.url.endsWith('/v1/token'))
    expect(refreshes.map((request) => request.form.get('refresh_token'))).toEqual(['rt-1', 'rt-1'])
    // Only one of them rotated; the other was a replay (with Okta's grace period 0: invalid_grant).
    expect(endpoint.issued).toHaveLength(1)
    expect(leaseWrites(jar)).toEqual([])
  })
})

describe('createPlatformSession: signOut under the refresh lease', () => {
  it('waits for another sub-site’s refresh, revokes the token it rotated in, and leaves no lease', async () => {
    const held = `roadsholder.${NOW_MS + 5000}`
    const jar = recordingJar({
      access_token: accessToken({ exp: NOW_S + 3600 }),
      refresh_token: 'rt-1',
      refresh_lease: held,
    })
    const time = sharedClock()
    const { fetch, requests } = stubFetch((request) =>
      request.url.endsWith('/token')
        ? json(refreshBody(config, { refresh_token: 'rt-3', id_token: idToken(config) }))
        : new Response(null, { status: 200 }),
    )
    const sleep = async (ms: number) => {
      await time.sleep(ms)
      // The other sub-site finishes: rotated cookies, lease removed.
      if (time.clock.slept.length === 2) {
        jar.values.set('refresh_token', 'rt-2')
        jar.values.delete(REFRESH_LEASE_COOKIE_NAME)
      }
    }
    const navigations: string[] = []
    const session = subSite('citystream', jar, fetch, time, {
      sleep,
      navigate: (url) => navigations.push(url),
    })
    await session.signOut({ returnTo: 'https://citystream.example.com/' })

    const sent = requests.map((request) => [
      request.url.split('/').at(-1),
      request.form.get('refresh_token') ?? request.form.get('token'),
    ])
    // The refresh for an ID token used the token the other sub-site rotated in, not rt-1.
    expect(sent[0]).toEqual(['token', 'rt-2'])
    expect(sent).toContainEqual(['revoke', 'rt-3'])
    expect(sent.flat()).not.toContain('rt-1')
    // One lease for the refresh, one for ending the session; both removed.
    expect(leaseWrites(jar)).toHaveLength(2)
    expect(leaseRemovals(jar)).toHaveLength(2)
    expect(jar.values.has(REFRESH_LEASE_COOKIE_NAME)).toBe(false)
    expect(jar.values.has('refresh_token')).toBe(false)
    expect(navigations).toHaveLength(1)
  })

  it('signs out after the lease bound even when a dead holder’s lease is there', async () => {
    const jar = recordingJar({
      access_token: accessToken({ exp: NOW_S + 3600 }),
      refresh_token: 'rt-1',
      refresh_lease: `deadholder.${NOW_MS + LEASE_MS}`,
    })
    const time = sharedClock()
    const { fetch } = stubFetch(() => json({ error: 'invalid_grant' }, 400))
    const navigations: string[] = []
    const session = subSite('citystream', jar, fetch, time, {
      navigate: (url) => navigations.push(url),
    })
    await session.signOut({ returnTo: 'https://citystream.example.com/' })
    expect(navigations).toEqual(['https://citystream.example.com/'])
    expect([...jar.values.keys()]).toEqual(['refresh_budget'])
  })
})

describe('createPlatformSession: what another tab wrote while this one waited for its lock', () => {
  /** A lock held by another tab of this origin until `release()`. */
  function heldLock() {
    const gate = deferred<void>()
    const lock: SessionDeps['lock'] = async (_name, task) => {
      await gate.promise
      return task()
    }
    return { lock, release: () => gate.resolve() }
  }

  it('a forced refresh for a refused token, when another tab refreshed meanwhile: its token, no request, no lease', async () => {
    const refused = accessToken({ exp: NOW_S + 3600, jti: 'refused' })
    const jar = recordingJar({ access_token: refused, refresh_token: 'rt-1' })
    const endpoint = rotatingEndpoint()
    const { fetch, requests } = stubFetch(endpoint.answer)
    const { lock, release } = heldLock()
    const session = subSite('citystream', jar, fetch, sharedClock(), { lock })
    const pending = session.getAccessToken({ forceRefresh: true, failedToken: refused })
    const theirs = accessToken({ exp: NOW_S + 3600, jti: 'theirs' })
    jar.values.set('access_token', theirs)
    jar.values.set('refresh_token', 'rt-2')
    release()
    expect(await pending).toBe(theirs)
    expect(requests).toEqual([])
    expect(leaseWrites(jar)).toEqual([])
  })

  it('a forced refresh for a refused token, when the cookie still holds that token: refreshes once', async () => {
    const refused = accessToken({ exp: NOW_S + 3600, jti: 'refused' })
    const jar = recordingJar({ access_token: refused, refresh_token: 'rt-1' })
    const endpoint = rotatingEndpoint()
    const { fetch, requests } = stubFetch(endpoint.answer)
    const { lock, release } = heldLock()
    const session = subSite('citystream', jar, fetch, sharedClock(), { lock })
    const pending = session.getAccessToken({ forceRefresh: true, failedToken: refused })
    release()
    expect(await pending).toBe(endpoint.issued[0])
    expect(requests).toHaveLength(1)
  })
})
