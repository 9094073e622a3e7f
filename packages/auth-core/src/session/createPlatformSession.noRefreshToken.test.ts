/**
 * Snapshots and events go to every listener (and from there to logs, breadcrumbs and devtools):
 * they carry what a view needs, never the refresh token.
 */
import { describe, expect, it } from 'vitest'
import {
  accessToken,
  fakeSchedule,
  flush,
  json,
  manualWatch,
  NOW_S,
  refreshBody,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'
import type { SeenRequest } from '../testSupport/sessionTestKit'
import { readSessionSnapshot } from './readSessionSnapshot'
import type { SessionEvent, SessionSnapshot } from './session.types'

const config = sessionConfig()
const SECRET = 'rt-secret-Q1w2E3r4'
const ROTATED = 'rt-rotated-Z9x8C7v6'
const OTHER_TAB = 'rt-other-tab-P0o9I8u7'
const USERINFO = 'https://login.example.com/oauth2/default/v1/userinfo'

function provider(request: SeenRequest): Response {
  if (request.url === USERINFO) return json({ sub: 'ada@example.com', name: 'Ada' })
  return json(refreshBody(config, { refresh_token: ROTATED }))
}

const leaks = (value: SessionSnapshot | SessionEvent) =>
  [SECRET, ROTATED, OTHER_TAB].filter((token) => JSON.stringify(value).includes(token))

describe('snapshots and events never carry the refresh token', () => {
  it('through a session’s life: expired, refreshed, user loaded, changed elsewhere, expired again, signed out', async () => {
    const clock = { nowMs: NOW_S * 1000 }
    const timers = fakeSchedule(clock)
    const watch = manualWatch()
    const { session, jar } = setupSession({
      // No refresh ahead: the token expires again while subscribed.
      config: sessionConfig({ refreshAheadSeconds: 0 }),
      cookies: { access_token: accessToken({ exp: NOW_S - 1 }), refresh_token: SECRET },
      answer: provider,
      deps: { now: () => clock.nowMs, schedule: timers.schedule, watchCookies: watch.watchCookies },
    })
    const seen: (SessionSnapshot | SessionEvent)[] = [session.getSnapshot()]
    session.subscribe((event) => seen.push(event, session.getSnapshot()))
    await session.getAccessToken()
    await flush()
    jar.values.set('access_token', accessToken({ exp: NOW_S + 600, jti: 'other' }))
    jar.values.set('refresh_token', OTHER_TAB)
    watch.fire()
    await flush()
    await timers.advanceBy(600_000)
    jar.values.delete('access_token')
    watch.fire()
    jar.values.clear()
    watch.fire()
    const types = seen.filter((value) => 'type' in value).map((event) => event.type)
    expect(types).toEqual(
      expect.arrayContaining(['refreshed', 'changedElsewhere', 'expired', 'signedOut']),
    )
    expect(seen.flatMap(leaks)).toEqual([])
  })

  it('readSessionSnapshot: active and expired say whether a refresh is possible, not with what', () => {
    const read = (cookies: Record<string, string>) =>
      readSessionSnapshot(
        { get: (name) => cookies[name], getAll: () => [], set: () => {}, remove: () => {} },
        { nowMs: NOW_S * 1000, skewSeconds: 60 },
      )
    const active = read({ access_token: accessToken({ exp: NOW_S + 600 }), refresh_token: SECRET })
    const expired = read({ access_token: accessToken({ exp: NOW_S - 1 }), refresh_token: SECRET })
    const alone = read({ refresh_token: SECRET })
    const dead = read({ access_token: accessToken({ exp: NOW_S - 1 }) })
    expect([active, expired, alone].flatMap(leaks)).toEqual([])
    expect(expired).toMatchObject({ status: 'expired', refreshable: true })
    expect(alone).toMatchObject({ status: 'expired', refreshable: true, accessToken: null })
    expect(dead).toMatchObject({ status: 'expired', refreshable: false })
  })
})
