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

describe('readUserProfile', () => {
  it.each([[null], ['Ada'], [[1, 2]]])('of %j (not claims): name and email null', (claims) => {
    expect(readUserProfile(claims)).toEqual({ name: null, email: null })
  })
})
