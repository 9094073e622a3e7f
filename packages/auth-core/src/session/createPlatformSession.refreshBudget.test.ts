/**
 * The refresh budget, so a sub-site never floods the provider (whose rate limit would then lock
 * every sub-site out): a forced refresh names the token that failed, one refresh per token,
 * back-off with jitter after transient failures (retried on the signals, never failed for good),
 * and a hard ceiling per browser.
 */
import { describe, expect, it } from 'vitest'
import { createMemoryLock } from './createMemoryLock'
import { createPlatformSession } from './createPlatformSession'
import { MAX_REFRESHES_PER_MINUTE, REFRESH_BUDGET_COOKIE_NAME } from './session.types'
import type { CookieWatch, SessionDeps } from './session.types'
import {
  accessToken,
  fakeSchedule,
  flush,
  json,
  NOW_S,
  recordingJar,
  refreshBody,
  sessionConfig,
  setupSession,
  stubFetch,
} from '../testSupport/sessionTestKit'
import type { RecordingJar, SeenRequest } from '../testSupport/sessionTestKit'
import { rejection } from '../testSupport/rejection'

const config = sessionConfig()
const NOW_MS = NOW_S * 1000
const live = accessToken({ iat: NOW_S, exp: NOW_S + 3600, jti: 'live' })
const stale = accessToken({ iat: NOW_S - 3600, exp: NOW_S - 1 })

/** A provider that rotates `rt-N` to `rt-N+1` (a replay gets invalid_grant); tokens issued now. */
function rotating(clock: { nowMs: number }) {
  let serial = 1
  return (request: SeenRequest): Response => {
    if (request.form.get('refresh_token') !== `rt-${serial}`)
      return json({ error: 'invalid_grant' }, 400)
    serial += 1
    const iat = Math.floor(clock.nowMs / 1000)
    return json(
      refreshBody(config, {
        access_token: accessToken({ iat, exp: iat + 3600, jti: `at-${serial}` }),
        refresh_token: `rt-${serial}`,
      }),
    )
  }
}

/** A retry-signal source the test fires by hand (online, focus, visibilitychange). */
function manualSignals() {
  const listeners = new Set<() => void>()
  const watchRetrySignals: CookieWatch = (onSignal) => {
    listeners.add(onSignal)
    return () => listeners.delete(onSignal)
  }
  return {
    watchRetrySignals,
    get active() {
      return listeners.size
    },
    fire: () => [...listeners].forEach((listener) => listener()),
  }
}

describe('getAccessToken({ forceRefresh, failedToken })', () => {
  it('five late 401s for one token: one refresh, and the four others get its token with no request', async () => {
    const { session, requests, clock } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
    })
    const { fetch } = stubFetch(rotating(clock))
    const shared = createPlatformSession(config, {
      cookies: recordingJar({ access_token: live, refresh_token: 'rt-1' }),
      fetch,
      now: () => clock.nowMs,
      navigate: () => undefined,
    })
    const first = await shared.getAccessToken({ forceRefresh: true, failedToken: live })
    const late = await Promise.all(
      [1, 2, 3, 4].map(() => shared.getAccessToken({ forceRefresh: true, failedToken: live })),
    )
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(late).toEqual([first, first, first, first])
    expect(first).not.toBe(live)
    expect(requests).toHaveLength(0)
    void session
  })

  it('a failedToken the cookie no longer holds (another tab refreshed): that tab’s token, no request', async () => {
    const other = accessToken({ iat: NOW_S, exp: NOW_S + 3600, jti: 'other-tab' })
    const { session, requests } = setupSession({
      cookies: { access_token: other, refresh_token: 'rt-2' },
    })
    await expect(session.getAccessToken({ forceRefresh: true, failedToken: live })).resolves.toBe(
      other,
    )
    expect(requests).toHaveLength(0)
  })

  it('a failedToken the cookie still holds: one refresh that replaces it', async () => {
    const { session, requests, jar } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
    })
    const token = await session.getAccessToken({ forceRefresh: true, failedToken: live })
    expect(requests).toHaveLength(1)
    expect(token).toBe(jar.values.get('access_token'))
    expect(token).not.toBe(live)
  })

  it('a refresh decided on a refresh token another sub-site rotated meanwhile is not sent: its tokens are used', async () => {
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' })
    const rotated = accessToken({ iat: NOW_S, exp: NOW_S + 3600, jti: 'rotated-elsewhere' })
    const { fetch, requests } = stubFetch(() => json(refreshBody(config)))
    // The other sub-site writes while this one waits for its own origin's lock.
    const lock: SessionDeps['lock'] = async (_name, task) => {
      jar.values.set('refresh_token', 'rt-2')
      jar.values.set('access_token', rotated)
      return task()
    }
    const session = createPlatformSession(config, {
      cookies: jar,
      fetch,
      now: () => NOW_MS,
      navigate: () => undefined,
      lock,
    })
    await expect(session.getAccessToken()).resolves.toBe(rotated)
    expect(requests).toHaveLength(0)
  })
})

describe('back-off after a transient failure', () => {
  const failing = (outcomes: ('fail' | 'ok')[]) => {
    const seen: number[] = []
    const answer = (request: SeenRequest) => {
      seen.push(seen.length)
      if (request.url.endsWith('/userinfo')) return json({ sub: 'ada' })
      return outcomes.shift() === 'ok'
        ? json(refreshBody(config, { access_token: live }))
        : new Response('busy', { status: 503 })
    }
    return answer
  }

  it('waits a jittered, doubling delay: half the step plus random × half (random from deps)', async () => {
    const randoms = [0, 0.999]
    const { session, requests, clock } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: failing(['fail', 'fail', 'fail']),
      deps: { random: () => randoms.shift() ?? 0 },
    })
    await rejection(session.getAccessToken())
    // First failure, random 0: 1 s.
    clock.nowMs += 999
    expect((await rejection(session.getAccessToken())).code).toBe('unknown_error')
    expect(requests).toHaveLength(1)
    clock.nowMs += 1
    await rejection(session.getAccessToken())
    expect(requests).toHaveLength(2)
    // Second failure, random 0.999: 2 s + 0.999 × 2 s.
    clock.nowMs += 3997
    await rejection(session.getAccessToken())
    expect(requests).toHaveLength(2)
    clock.nowMs += 1
    await rejection(session.getAccessToken())
    expect(requests).toHaveLength(3)
  })

  it('while subscribed: retried when the back-off is over, and the session is active again (never failed for good)', async () => {
    const clock = { nowMs: NOW_MS }
    const timers = fakeSchedule(clock)
    const signals = manualSignals()
    const { session, requests } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: failing(['fail', 'ok']),
      deps: {
        now: () => clock.nowMs,
        schedule: timers.schedule,
        watchRetrySignals: signals.watchRetrySignals,
      },
    })
    const events: string[] = []
    session.subscribe((event) => events.push(event.type))
    await rejection(session.getAccessToken())
    expect(signals.active).toBe(1)
    await timers.advanceBy(1499)
    expect(requests).toHaveLength(1)
    await timers.advanceBy(1)
    await flush()
    expect(requests).toHaveLength(2)
    expect(session.getSnapshot().status).toBe('signedIn')
    expect(events).toContain('refreshed')
    // Nothing left to retry: the signals are no longer watched.
    expect(signals.active).toBe(0)
  })

  it('while subscribed: retried at once on a signal (online, focus, visible again)', async () => {
    const clock = { nowMs: NOW_MS }
    const timers = fakeSchedule(clock)
    const signals = manualSignals()
    const { session, requests } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: failing(['fail', 'ok']),
      deps: {
        now: () => clock.nowMs,
        schedule: timers.schedule,
        watchRetrySignals: signals.watchRetrySignals,
      },
    })
    session.subscribe(() => undefined)
    await rejection(session.getAccessToken())
    signals.fire()
    await flush()
    expect(requests).toHaveLength(2)
    expect(session.getSnapshot().status).toBe('signedIn')
  })

  it('no retry is armed without a subscriber, and the last unsubscribe stops watching the signals', async () => {
    const clock = { nowMs: NOW_MS }
    const timers = fakeSchedule(clock)
    const signals = manualSignals()
    const { session } = setupSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: failing(['fail']),
      deps: { schedule: timers.schedule, watchRetrySignals: signals.watchRetrySignals },
    })
    await rejection(session.getAccessToken())
    expect(signals.active).toBe(0)
    const stop = session.subscribe(() => undefined)
    expect(signals.active).toBe(1)
    stop()
    expect(signals.active).toBe(0)
  })
})

describe(`the ceiling: ${MAX_REFRESHES_PER_MINUTE} refreshes per minute per browser`, () => {
  /** One sub-site over the shared jar with the lease (and so the shared budget). */
  function subSite(name: string, jar: RecordingJar, clock: { nowMs: number }, errors: unknown[]) {
    const { fetch, requests } = stubFetch(() => {
      const iat = Math.floor(clock.nowMs / 1000)
      return json(refreshBody(config, { access_token: accessToken({ iat, exp: iat + 3600 }) }))
    })
    let serial = 0
    const session = createPlatformSession(config, {
      cookies: jar,
      fetch,
      now: () => clock.nowMs,
      navigate: () => undefined,
      lock: createMemoryLock(),
      sleep: async () => undefined,
      randomId: () => `${name}-holder-${++serial}`,
      onError: (error) => errors.push(error),
    })
    return { session, requests }
  }

  it('two sub-sites forcing refreshes: four requests in the minute, the fifth refused with rate_limited (reported), none sent until the oldest is 75 s old (a minute and the longest request timeout)', async () => {
    const clock = { nowMs: NOW_MS }
    const jar = recordingJar({ access_token: live, refresh_token: 'rt-1' })
    const errors: unknown[] = []
    const a = subSite('citystream', jar, clock, errors)
    const b = subSite('roads', jar, clock, errors)
    for (const site of [a, b, a, b]) {
      await site.session.getAccessToken({ forceRefresh: true })
      clock.nowMs += 1000
    }
    expect(a.requests.length + b.requests.length).toBe(4)
    expect(jar.values.get(REFRESH_BUDGET_COOKIE_NAME)).toBe(
      [0, 1000, 2000, 3000].map((ms) => NOW_MS + ms).join('.'),
    )
    const refused = await rejection(a.session.getAccessToken({ forceRefresh: true }))
    expect(refused.code).toBe('rate_limited')
    expect(refused.message).toBe(
      'The session refreshed 4 times in the last 75 s (refresh_budget); no request until one is 75 s old.',
    )
    expect(errors).toEqual([refused])
    expect(a.requests.length + b.requests.length).toBe(4)
    // The other sub-site too: the budget is the browser's.
    expect((await rejection(b.session.getAccessToken({ forceRefresh: true }))).code).toBe(
      'rate_limited',
    )
    // A minute after the first, its request may still have reached the provider within this minute.
    clock.nowMs = NOW_MS + 60_001
    expect((await rejection(b.session.getAccessToken({ forceRefresh: true }))).code).toBe(
      'rate_limited',
    )
    // 75 s after the first: one more.
    clock.nowMs = NOW_MS + 75_001
    await b.session.getAccessToken({ forceRefresh: true })
    expect(a.requests.length + b.requests.length).toBe(5)
    expect(jar.writes.find((write) => write.name === REFRESH_BUDGET_COOKIE_NAME)).toEqual({
      name: 'refresh_budget',
      value: String(NOW_MS),
      domain: '.example.com',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      maxAgeSeconds: 75,
    })
  })

  it('without the lease (no sleep/randomId): the same ceiling, counted by the session object', async () => {
    const errors: unknown[] = []
    const { session, requests, clock, jar } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      deps: { onError: (error) => errors.push(error) },
    })
    for (let i = 0; i < 6; i++) {
      await session.getAccessToken({ forceRefresh: true }).catch(() => null)
      clock.nowMs += 100
    }
    expect(requests).toHaveLength(MAX_REFRESHES_PER_MINUTE)
    expect(errors).toHaveLength(1)
    expect(jar.values.has(REFRESH_BUDGET_COOKIE_NAME)).toBe(false)
  })

  it('forged, future or tossed budget values: future and non-numeric times are ignored, every copy counts', async () => {
    const clock = { nowMs: NOW_MS }
    const jar = recordingJar(
      {
        access_token: live,
        refresh_token: 'rt-1',
        refresh_budget: `${NOW_MS + 999_999}.x.${NOW_MS - 75_000}.${NOW_MS - 1}`,
      },
      [{ name: 'refresh_budget', value: `${NOW_MS - 2}.${NOW_MS - 3}`, path: '/maps' }],
    )
    const errors: unknown[] = []
    const a = subSite('citystream', jar, clock, errors)
    // Three in the window (two of them from the tossed copy): one more may go.
    await a.session.getAccessToken({ forceRefresh: true })
    expect(a.requests).toHaveLength(1)
    clock.nowMs += 1
    expect((await rejection(a.session.getAccessToken({ forceRefresh: true }))).code).toBe(
      'rate_limited',
    )
  })
})
