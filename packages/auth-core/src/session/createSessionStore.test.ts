import { describe, expect, it } from 'vitest'
import { createSessionStore } from './createSessionStore'
import type { SessionStoreEnv } from './createSessionStore'
import { readSessionSnapshot } from './readSessionSnapshot'
import { readUserProfile } from './readUserProfile'
import {
  accessToken,
  fakeSchedule,
  flush,
  manualWatch,
  NOW_S,
  recordingJar,
} from '../testSupport/sessionTestKit'
import type { SessionEvent, UserProfile } from './session.types'

/** A store over a recording jar and a fake clock; userinfo answers by `profiles`. */
function store(cookies: Record<string, string>, overrides: Partial<SessionStoreEnv> = {}) {
  const jar = recordingJar(cookies)
  const clock = { nowMs: NOW_S * 1000 }
  const timers = fakeSchedule(clock)
  const watch = manualWatch()
  const asked: string[] = []
  const events: SessionEvent[] = []
  const subject = createSessionStore({
    read: () => readSessionSnapshot(jar, { nowMs: clock.nowMs, skewSeconds: 60 }),
    now: () => clock.nowMs,
    skewMs: 60_000,
    refreshAheadMs: null,
    refresh: async () => null,
    loadProfile: async (token): Promise<UserProfile> => {
      asked.push(token)
      return { name: `name of #${asked.length}`, email: null }
    },
    schedule: timers.schedule,
    watchCookies: watch.watchCookies,
    ...overrides,
  })
  const listen = () => subject.subscribe((event) => events.push(event))
  return { subject, jar, clock, timers, watch, asked, events, listen }
}

describe('createSessionStore', () => {
  it('a token valid beyond the longest timer: the timer re-arms and still fires at the expiry', async () => {
    const farExp = NOW_S + 30 * 86_400
    const { listen, timers, events } = store({ access_token: accessToken({ exp: farExp }) })
    listen()
    await timers.advanceBy((farExp - NOW_S - 60) * 1000 - 1)
    expect(events.map((event) => event.type)).toEqual(['userLoaded'])
    await timers.advanceBy(1)
    expect(events.map((event) => event.type)).toEqual(['userLoaded', 'expired'])
  })

  it('the clock set back (expired to active, same tokens): changedElsewhere', async () => {
    const { listen, clock, watch, events } = store({
      access_token: accessToken({ exp: NOW_S + 600 }),
    })
    clock.nowMs = (NOW_S + 600) * 1000
    listen()
    clock.nowMs = NOW_S * 1000
    watch.fire()
    await flush()
    expect(events.map((event) => event.type)[0]).toBe('changedElsewhere')
  })

  it('keeps the profiles of the last four access tokens only', async () => {
    const tokens = Array.from({ length: 6 }, (_, index) =>
      accessToken({ exp: NOW_S + 3600, jti: `t${index}` }),
    )
    const { listen, jar, watch, subject, asked } = store({ access_token: tokens[0] ?? '' })
    listen()
    for (const token of tokens) {
      jar.values.set('access_token', token)
      watch.fire()
      await flush()
    }
    expect(asked).toHaveLength(6)
    jar.values.set('access_token', tokens[5] ?? '')
    watch.fire()
    expect(subject.getSnapshot()).toMatchObject({ user: { name: 'name of #6' } })
    jar.values.set('access_token', tokens[0] ?? '')
    watch.fire()
    await flush()
    expect(asked).toHaveLength(7)
  })
})

describe('createSessionStore: timers, retries and events', () => {
  const live = () => accessToken({ exp: NOW_S + 3600 })
  const counter = () => {
    const calls = { count: 0 }
    const run = async () => {
      calls.count += 1
      return null
    }
    return { calls, run }
  }

  it('keeps the profile of the fourth most recent access token (no second request for it)', async () => {
    const tokens = Array.from({ length: 5 }, (_, index) =>
      accessToken({ exp: NOW_S + 3600, jti: `t${index}` }),
    )
    const { listen, jar, watch, subject, asked } = store({ access_token: tokens[0] ?? '' })
    listen()
    for (const token of tokens) {
      jar.values.set('access_token', token)
      watch.fire()
      await flush()
    }
    jar.values.set('access_token', tokens[1] ?? '')
    watch.fire()
    await flush()
    expect(asked).toHaveLength(5)
    expect(subject.getSnapshot()).toMatchObject({ user: { name: 'name of #2' } })
  })

  it('an active session: no retry, whatever the back-off says', async () => {
    const retry = counter()
    const { listen, timers } = store(
      { access_token: live(), refresh_token: 'rt' },
      { retryInMs: () => 0, retry: retry.run },
    )
    listen()
    await timers.advanceBy(1000)
    expect(retry.calls.count).toBe(0)
  })

  it('an expired session with no retry pending, or nothing to refresh with: no retry', async () => {
    const expired = accessToken({ exp: NOW_S - 10 })
    for (const [cookies, retryInMs] of [
      [{ access_token: expired, refresh_token: 'rt' }, () => null],
      [{ access_token: expired }, () => 0],
    ] as const) {
      const retry = counter()
      const { listen, timers } = store(cookies, { retryInMs, retry: retry.run })
      listen()
      await timers.advanceBy(60_000)
      expect(retry.calls.count).toBe(0)
    }
  })

  it('an expired refreshable session: retried when the back-off is over, and at once on a retry signal', async () => {
    const expired = { access_token: accessToken({ exp: NOW_S - 10 }), refresh_token: 'rt' }
    const retry = counter()
    const { listen, timers } = store(expired, { retryInMs: () => 5000, retry: retry.run })
    listen()
    await timers.advanceBy(4999)
    expect(retry.calls.count).toBe(0)
    await timers.advanceBy(1)
    expect(retry.calls.count).toBe(1)

    // Without timers (no schedule), a signal (online, focus, visible) still retries.
    const signals = manualWatch()
    const signalled = counter()
    const { listen: listenToo } = store(expired, {
      retryInMs: () => 5000,
      retry: signalled.run,
      schedule: undefined,
      watchRetrySignals: signals.watchCookies,
    })
    listenToo()
    expect(signals.active).toBe(1)
    signals.fire()
    await flush()
    expect(signalled.calls.count).toBe(1)
  })

  it('a retry without retry signals or a retry function does not throw, and the session still expires', async () => {
    const expired = { access_token: accessToken({ exp: NOW_S - 10 }), refresh_token: 'rt' }
    const { listen, timers, watch, subject } = store(expired, { retryInMs: () => 0 })
    listen()
    await timers.advanceBy(1000)
    watch.fire()
    await timers.advanceBy(1000)
    expect(subject.getSnapshot().status).toBe('expired')
  })

  it('without refreshAheadMs: no refresh of its own, not even at the expiry', async () => {
    const refresh = counter()
    const { listen, timers } = store({ access_token: live() }, { refresh: refresh.run })
    listen()
    await timers.advanceBy(3600_000)
    expect(refresh.calls.count).toBe(0)
  })

  it('refreshAheadMs on a token without iat: refreshed that long before exp, once, even when the refresh fails', async () => {
    const calls = { count: 0 }
    const token = accessToken({ exp: NOW_S + 3600, iat: undefined })
    const { listen, timers, watch } = store(
      { access_token: token, refresh_token: 'rt' },
      {
        refreshAheadMs: 300_000,
        isVisible: undefined,
        refresh: async () => {
          calls.count += 1
          throw new Error('offline')
        },
      },
    )
    listen()
    await flush()
    await timers.advanceBy(3300_000 - 1)
    expect(calls.count).toBe(0)
    await timers.advanceBy(1)
    expect(calls.count).toBe(1)
    watch.fire()
    // The expiry timer arms again for the same token: the refresh ahead is not repeated.
    await timers.advanceBy(300_000)
    expect(calls.count).toBe(1)
  })

  it('a profile that failed to load is not asked again for the same token when the snapshot comes back', async () => {
    const token = accessToken({ exp: NOW_S + 600 })
    const asked: string[] = []
    const { listen, clock, watch } = store(
      { access_token: token },
      {
        loadProfile: async (requested) => {
          asked.push(requested)
          throw new Error('userinfo down')
        },
      },
    )
    listen()
    await flush()
    clock.nowMs = (NOW_S + 600) * 1000
    watch.fire()
    clock.nowMs = NOW_S * 1000
    watch.fire()
    await flush()
    expect(asked).toEqual([token])
  })

  it('one refresh ahead at a time: a new token due meanwhile waits for the running one', async () => {
    const calls = { count: 0 }
    const first = accessToken({ exp: NOW_S + 600, jti: 'first' })
    const { listen, timers, watch, jar } = store(
      { access_token: first, refresh_token: 'rt' },
      {
        // Capped at a fifth of the token's 20 min life: 4 min before exp.
        refreshAheadMs: 300_000,
        refresh: () => {
          calls.count += 1
          return new Promise(() => {})
        },
      },
    )
    listen()
    await flush()
    await timers.advanceBy(600_000 - 240_000)
    expect(calls.count).toBe(1)
    // Another tab wrote a token that is already due for its own refresh ahead.
    jar.values.set('access_token', accessToken({ exp: NOW_S + 600, jti: 'second' }))
    watch.fire()
    await timers.advanceBy(1000)
    expect(calls.count).toBe(1)
  })

  it('tokens refreshed without a profile: the name is asked from userinfo', async () => {
    const first = live()
    const next = accessToken({ exp: NOW_S + 3600, jti: 'next' })
    const { listen, jar, subject, asked, events } = store({ access_token: first })
    listen()
    await flush()
    jar.values.set('access_token', next)
    subject.refreshed(next, null)
    await flush()
    expect(asked).toEqual([first, next])
    expect(events.at(-1)).toMatchObject({ snapshot: { user: { name: 'name of #2' } } })
  })

  it('loadUser when the session ends while the profile loads: null', async () => {
    let answer: (profile: UserProfile) => void = () => undefined
    const { jar, subject } = store(
      { access_token: live() },
      { loadProfile: () => new Promise((resolve) => (answer = resolve)) },
    )
    const user = subject.loadUser()
    jar.values.delete('access_token')
    answer({ name: 'Ada', email: null })
    expect(await user).toBeNull()
  })

  it('an unreadable cookie, then another: a new invalid snapshot with the new reason', () => {
    const { jar, subject } = store({ access_token: 'not a token;' })
    const first = subject.getSnapshot()
    jar.values.set('access_token', live())
    jar.values.set('refresh_token', 'not a token;')
    const second = subject.getSnapshot()
    expect(first.status).toBe('error')
    expect(second.status).toBe('error')
    expect(second).not.toBe(first)
    if (first.status !== 'error' || second.status !== 'error') return
    expect(second.error.message).not.toBe(first.error.message)
  })

  it('the access token cookie gone while the refresh token stays (before any refresh here): changedElsewhere', async () => {
    const { listen, jar, watch, events } = store({ access_token: live(), refresh_token: 'rt' })
    listen()
    await flush()
    jar.values.delete('access_token')
    watch.fire()
    expect(events.at(-1)).toMatchObject({
      type: 'changedElsewhere',
      snapshot: { status: 'expired', accessToken: null },
    })
  })

  it('an unreadable cookie over an active session: changedElsewhere, then back: changedElsewhere', async () => {
    const token = live()
    const { listen, jar, watch, events } = store({ access_token: token })
    listen()
    await flush()
    jar.values.set('refresh_token', 'not a token;')
    watch.fire()
    jar.values.delete('refresh_token')
    watch.fire()
    expect(events.slice(-2).map((event) => event.type)).toEqual([
      'changedElsewhere',
      'changedElsewhere',
    ])
  })
})

describe('readUserProfile', () => {
  it.each([[null], ['Ada'], [[1, 2]]])('of %j (not claims): name and email null', (claims) => {
    expect(readUserProfile(claims)).toEqual({ name: null, email: null })
  })
})
