import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  accessToken,
  deferred,
  fakeSchedule,
  flush,
  idToken,
  json,
  manualWatch,
  NOW_S,
  refreshBody,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'
import type { SeenRequest, SessionSetup } from '../testSupport/sessionTestKit'
import type { SessionEvent, SessionSnapshot, SessionUser } from './session.types'

const config = sessionConfig()
const live = accessToken({ exp: NOW_S + 3600 })
const USERINFO = 'https://login.example.com/oauth2/default/v1/userinfo'

/** A session with a fake timer, a hand-fired watch, and its events recorded once subscribed. */
function watchedSession(
  setup: SessionSetup & {
    readonly visible?: { value: boolean }
    readonly clock?: { nowMs: number }
  } = {},
) {
  const clock = setup.clock ?? { nowMs: NOW_S * 1000 }
  const timers = fakeSchedule(clock)
  const watch = manualWatch()
  const base = setupSession({
    ...setup,
    deps: {
      now: () => clock.nowMs,
      schedule: timers.schedule,
      watchCookies: watch.watchCookies,
      isVisible: () => setup.visible?.value ?? true,
      ...setup.deps,
    },
  })
  const events: SessionEvent[] = []
  const subscribe = () => base.session.subscribe((event) => events.push(event))
  return { ...base, clock, timers, watch, events, subscribe }
}

/** Answers userinfo with `body` (and the token endpoint with a rotated refresh). */
function provider(userinfo: unknown, status = 200) {
  return (request: SeenRequest) =>
    request.url === USERINFO ? json(userinfo, status) : json(refreshBody(config))
}

const userinfoCalls = (requests: readonly SeenRequest[]) =>
  requests.filter((request) => request.url === USERINFO)

describe('SessionSnapshot: a discriminated union', () => {
  it('active narrows accessToken, claims and expiresAt to non-null and carries the user', () => {
    const narrow = (snapshot: SessionSnapshot) => {
      if (snapshot.status === 'signedIn') {
        expectTypeOf(snapshot.accessToken).toEqualTypeOf<string>()
        expectTypeOf(snapshot.expiresAt).toEqualTypeOf<number>()
        expectTypeOf(snapshot.claims.subject).toEqualTypeOf<string>()
        expectTypeOf(snapshot.user).toEqualTypeOf<SessionUser>()
        return snapshot.claims.subject
      }
      if (snapshot.status === 'expired') {
        expectTypeOf(snapshot.accessToken).toEqualTypeOf<string | null>()
        expectTypeOf(snapshot).not.toHaveProperty('user')
      }
      if (snapshot.status === 'signingOut') expectTypeOf(snapshot).not.toHaveProperty('accessToken')
      return null
    }
    const { session } = setupSession({ cookies: { access_token: live } })
    expect(narrow(session.getSnapshot())).toBe('ada@example.com')
    expectTypeOf<SessionSnapshot['status']>().toEqualTypeOf<
      'signedOut' | 'signedIn' | 'expired' | 'signingOut' | 'error'
    >()
  })
})

describe('getSnapshot: the same object until something changed', () => {
  it('1000 calls with nothing changed return one object (useSyncExternalStore needs it)', () => {
    const { session } = setupSession({ cookies: { access_token: live, refresh_token: 'rt-1' } })
    const seen = new Set(Array.from({ length: 1000 }, () => session.getSnapshot()))
    expect(seen.size).toBe(1)
    expect(session.readSession()).toBe(session.getSnapshot())
  })

  it.each([
    ['signed out', {}],
    ['invalid cookies', { access_token: 'not-a-jwt' }],
    ['a refresh token alone', { refresh_token: 'rt-1' }],
  ])('%s: one object for many calls, as the clock moves', (_label, cookies) => {
    const { session, clock } = setupSession({ cookies })
    const first = session.getSnapshot()
    clock.nowMs += 10_000
    expect(session.getSnapshot()).toBe(first)
  })

  it('a new object when the access token changes, or when the clock makes the token expire', () => {
    const { session, jar, clock } = setupSession({ cookies: { access_token: live } })
    const first = session.getSnapshot()
    clock.nowMs = (NOW_S + 3000) * 1000
    expect(session.getSnapshot()).toBe(first)
    const other = accessToken({ exp: NOW_S + 3600, jti: 'other' })
    jar.values.set('access_token', other)
    const second = session.getSnapshot()
    expect(second).not.toBe(first)
    expect(second).toMatchObject({ status: 'signedIn', accessToken: other })
    clock.nowMs = (NOW_S + 3600 - 60) * 1000
    expect(session.getSnapshot()).toMatchObject({
      status: 'expired',
      accessToken: other,
      refreshable: false,
    })
  })

  it('expired: a new object when a refresh token appears or goes (refreshable), not when it rotates (no snapshot holds it)', () => {
    const { session, jar } = setupSession({ cookies: { access_token: accessToken({ exp: 1 }) } })
    const first = session.getSnapshot()
    expect(first).toMatchObject({ status: 'expired', refreshable: false })
    jar.values.set('refresh_token', 'rt-1')
    const second = session.getSnapshot()
    expect(second).toMatchObject({ status: 'expired', refreshable: true })
    jar.values.set('refresh_token', 'rt-2')
    expect(session.getSnapshot()).toBe(second)
    jar.values.delete('refresh_token')
    expect(session.getSnapshot()).not.toBe(second)
    expect(session.getSnapshot()).toMatchObject({ refreshable: false })
  })
})

describe('subscribe: events', () => {
  it('refreshed: after this object refreshed, with the new snapshot', async () => {
    const stale = accessToken({ exp: NOW_S - 1 })
    const { session, subscribe, events } = watchedSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: provider({ sub: '00u1' }),
    })
    subscribe()
    const token = await session.getAccessToken()
    expect(events.map((event) => event.type)).toEqual(['refreshed'])
    expect(events[0]?.snapshot).toBe(session.getSnapshot())
    expect(events[0]?.snapshot).toMatchObject({ status: 'signedIn', accessToken: token })
  })

  it('changedElsewhere: another tab wrote the cookies; signedOut: they are gone', () => {
    const { subscribe, events, jar, watch, session } = watchedSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: provider({ sub: '00u1' }),
    })
    subscribe()
    watch.fire()
    expect(events).toEqual([])
    const other = accessToken({ exp: NOW_S + 7200, jti: 'other-tab' })
    jar.values.set('access_token', other)
    watch.fire()
    expect(events.map((event) => event.type)).toEqual(['changedElsewhere'])
    expect(events[0]?.snapshot).toMatchObject({ status: 'signedIn', accessToken: other })
    jar.values.clear()
    watch.fire()
    expect(events.map((event) => event.type)).toEqual(['changedElsewhere', 'signedOut'])
    expect(session.getSnapshot()).toEqual({ status: 'signedOut' })
  })

  it('expired: the timer fires when exp minus the skew is reached, not a millisecond before', async () => {
    const { subscribe, events, timers, session } = watchedSession({
      cookies: { access_token: accessToken({ exp: NOW_S + 600 }) },
      answer: provider({ sub: '00u1' }),
    })
    subscribe()
    await timers.advanceBy((600 - 60) * 1000 - 1)
    expect(events).toEqual([])
    await timers.advanceBy(1)
    expect(events.map((event) => event.type)).toEqual(['expired'])
    expect(session.getSnapshot().status).toBe('expired')
    expect(timers.pending.size).toBe(0)
  })

  it('signedOut: at once when signOut starts, with the signingOut snapshot', async () => {
    const revoke = deferred<Response>()
    const { session, subscribe, events } = watchedSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: (request) =>
        request.url.endsWith('/v1/revoke')
          ? revoke.promise
          : request.url === USERINFO
            ? json({ sub: '00u1' })
            : json(refreshBody(config, { id_token: idToken(config, { exp: NOW_S + 3600 }) })),
    })
    subscribe()
    const leaving = session.signOut({ returnTo: 'https://citystream.example.com/' })
    expect(events.map((event) => event.type)).toEqual(['signedOut'])
    expect(events[0]?.snapshot).toEqual({ status: 'signingOut' })
    revoke.resolve(new Response(null, { status: 200 }))
    await leaving
    expect(events).toHaveLength(1)
  })

  it('userLoaded: the name from userinfo, asked once for the token with it as Bearer', async () => {
    const { subscribe, events, requests, session } = watchedSession({
      cookies: { access_token: live },
      answer: provider({ sub: '00u1', name: 'Ada Lovelace', email: 'ada@lovelace.test' }),
    })
    subscribe()
    subscribe()
    await flush()
    expect(events.map((event) => event.type)).toEqual(['userLoaded', 'userLoaded'])
    expect(session.getSnapshot()).toMatchObject({
      user: { subject: 'ada@example.com', email: 'ada@lovelace.test', name: 'Ada Lovelace' },
    })
    expect(userinfoCalls(requests)).toHaveLength(1)
  })

  it('a listener that unsubscribes hears nothing more; unsubscribing twice is harmless', () => {
    const { session, jar, watch } = watchedSession({ cookies: { access_token: live } })
    const heard: string[] = []
    const stop = session.subscribe((event) => heard.push(`a:${event.type}`))
    const stopOther = session.subscribe((event) => heard.push(`b:${event.type}`))
    stop()
    stop()
    jar.values.clear()
    watch.fire()
    expect(heard).toEqual(['b:signedOut'])
    stopOther()
  })
})

describe('subscribe: watching starts with the first subscriber and stops with the last', () => {
  it('leaves no watcher and no timer behind', async () => {
    const { subscribe, watch, timers } = watchedSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
      config: sessionConfig({ refreshAheadSeconds: 120 }),
      answer: provider({ sub: '00u1' }),
    })
    expect([watch.active, timers.pending.size]).toEqual([0, 0])
    const first = subscribe()
    const second = subscribe()
    expect(watch.active).toBe(1)
    expect(timers.pending.size).toBe(2)
    first()
    expect(watch.active).toBe(1)
    second()
    expect([watch.active, timers.pending.size]).toEqual([0, 0])
    await flush()
    expect(timers.pending.size).toBe(0)
  })

  it('without subscribers: reads still work, but no request, timer or event happens', async () => {
    const { session, requests, timers } = watchedSession({
      cookies: { access_token: live },
      answer: provider({ sub: '00u1', name: 'Ada' }),
    })
    session.getSnapshot()
    await flush()
    expect(requests).toEqual([])
    expect(timers.pending.size).toBe(0)
  })
})

describe('proactive refresh (refreshAheadSeconds)', () => {
  const ahead = sessionConfig({ refreshAheadSeconds: 300 })
  /** The token endpoint issues a token for 3600 s from the clock's now; userinfo knows no name. */
  const issuing = (clock: { nowMs: number }) => (request: SeenRequest) => {
    if (request.url === USERINFO) return json({ sub: '00u1' })
    const iat = Math.floor(clock.nowMs / 1000)
    const fresh = accessToken({ iat, exp: iat + 3600, jti: `at-${iat}` })
    return json(refreshBody(config, { access_token: fresh }))
  }
  const tokenRequests = (requests: readonly SeenRequest[]) =>
    requests.filter((request) => request.url.endsWith('/v1/token'))

  it('on by default, DEFAULT_REFRESH_AHEAD_SECONDS (120 s) before exp: the token never expires while subscribed', async () => {
    const clock = { nowMs: NOW_S * 1000 }
    const { subscribe, timers, requests, events } = watchedSession({
      clock,
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: issuing(clock),
    })
    subscribe()
    await timers.advanceBy((3600 - 120) * 1000 - 1)
    expect(tokenRequests(requests)).toEqual([])
    await timers.advanceBy(1)
    expect(tokenRequests(requests)).toHaveLength(1)
    await timers.advanceBy(3600 * 1000)
    expect(tokenRequests(requests)).toHaveLength(2)
    expect(events.map((event) => event.type)).not.toContain('expired')
  })

  it('refreshAheadSeconds 0: off, no refresh before the token expires', async () => {
    const { subscribe, timers, requests } = watchedSession({
      config: sessionConfig({ refreshAheadSeconds: 0 }),
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: provider({ sub: '00u1' }),
    })
    subscribe()
    await timers.advanceBy((3600 - 61) * 1000)
    expect(tokenRequests(requests)).toEqual([])
  })

  it('refreshes once, refreshAheadSeconds before exp, and the event says refreshed', async () => {
    const clock = { nowMs: NOW_S * 1000 }
    const { subscribe, timers, requests, events } = watchedSession({
      config: ahead,
      clock,
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: issuing(clock),
    })
    subscribe()
    await timers.advanceBy((3600 - 300) * 1000 - 1)
    expect(tokenRequests(requests)).toEqual([])
    await timers.advanceBy(1)
    expect(tokenRequests(requests)).toHaveLength(1)
    expect(events.map((event) => event.type)).toContain('refreshed')
  })

  it('while hidden: waits, and refreshes when the page shows again', async () => {
    const visible = { value: false }
    const clock = { nowMs: NOW_S * 1000 }
    const { subscribe, timers, requests, watch } = watchedSession({
      config: ahead,
      visible,
      clock,
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: issuing(clock),
    })
    subscribe()
    await timers.advanceBy((3600 - 200) * 1000)
    expect(tokenRequests(requests)).toEqual([])
    visible.value = true
    watch.fire()
    await timers.advanceBy(0)
    expect(tokenRequests(requests)).toHaveLength(1)
  })

  it('never two at once, and not again for the same token after a failure', async () => {
    const answer = deferred<Response>()
    const { subscribe, timers, requests, watch } = watchedSession({
      config: ahead,
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: (request) => (request.url === USERINFO ? json({ sub: '00u1' }) : answer.promise),
    })
    subscribe()
    await timers.advanceBy((3600 - 300) * 1000)
    watch.fire()
    await timers.advanceBy(1000)
    expect(tokenRequests(requests)).toHaveLength(1)
    answer.resolve(json({ error: 'server_error' }, 503))
    await flush()
    watch.fire()
    await timers.advanceBy(1000)
    expect(tokenRequests(requests)).toHaveLength(1)
  })

  it('a token shorter-lived than five times the lead time: refreshed a fifth of its life before exp, not in a loop', async () => {
    const clock = { nowMs: NOW_S * 1000 }
    const short = (request: SeenRequest) => {
      if (request.url === USERINFO) return json({ sub: '00u1' })
      const iat = Math.floor(clock.nowMs / 1000)
      const token = accessToken({ iat, exp: iat + 400 })
      return json(refreshBody(config, { access_token: token, expires_in: 400 }))
    }
    const { subscribe, timers, requests, events } = watchedSession({
      config: ahead,
      clock,
      cookies: {
        access_token: accessToken({ iat: NOW_S, exp: NOW_S + 400 }),
        refresh_token: 'rt-1',
      },
      answer: short,
    })
    subscribe()
    await timers.advanceBy(319_000)
    expect(tokenRequests(requests)).toEqual([])
    await timers.advanceBy(1000)
    expect(tokenRequests(requests)).toHaveLength(1)
    await timers.advanceBy(319_000)
    expect(tokenRequests(requests)).toHaveLength(1)
    await timers.advanceBy(1000)
    expect(tokenRequests(requests)).toHaveLength(2)
    expect(events.map((event) => event.type)).not.toContain('expired')
  })

  it('only while subscribed: nothing after the last unsubscribe', async () => {
    const { subscribe, timers, requests } = watchedSession({
      config: ahead,
      cookies: { access_token: live, refresh_token: 'rt-1' },
      answer: provider({ sub: '00u1' }),
    })
    subscribe()()
    await timers.advanceBy(3600 * 1000)
    expect(tokenRequests(requests)).toEqual([])
  })

  it('raises getAccessToken’s threshold to refreshAheadSeconds', async () => {
    const { session, requests } = setupSession({
      config: ahead,
      cookies: {
        access_token: accessToken({ iat: NOW_S - 3400, exp: NOW_S + 200 }),
        refresh_token: 'rt-1',
      },
    })
    await session.getAccessToken()
    expect(requests).toHaveLength(1)
  })

  it.each([[-1], [Number.NaN]])('refreshAheadSeconds %s: throws naming it', (seconds) => {
    expect(() => setupSession({ config: sessionConfig({ refreshAheadSeconds: seconds }) })).toThrow(
      'refreshAheadSeconds',
    )
  })
})

describe('getAccessToken({ forceRefresh: true })', () => {
  it('refreshes although the token is valid, once for concurrent callers', async () => {
    const { session, requests } = setupSession({
      cookies: { access_token: live, refresh_token: 'rt-1' },
    })
    const [first, second] = await Promise.all([
      session.getAccessToken({ forceRefresh: true }),
      session.getAccessToken({ forceRefresh: true }),
    ])
    expect(requests).toHaveLength(1)
    expect(first).toBe(second)
    expect(first).not.toBe(live)
  })

  it('without a refresh token: resolves null with no request', async () => {
    const { session, requests } = setupSession({ cookies: { access_token: live } })
    await expect(session.getAccessToken({ forceRefresh: true })).resolves.toBeNull()
    expect(requests).toEqual([])
  })
})

describe('getUser and snapshot.user', () => {
  it('after a refresh by this object: the ID token’s name, with no userinfo request', async () => {
    const stale = accessToken({ exp: NOW_S - 1 })
    const named = idToken(config, { name: 'Ada Lovelace', email: 'ada@lovelace.test' })
    const { session, requests, subscribe, events } = watchedSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: () => json(refreshBody(config, { id_token: named })),
    })
    subscribe()
    await expect(session.getUser()).resolves.toEqual({
      subject: 'ada@example.com',
      email: 'ada@lovelace.test',
      name: 'Ada Lovelace',
    })
    expect(userinfoCalls(requests)).toEqual([])
    expect(events.map((event) => event.type)).toEqual(['refreshed'])
  })

  it('after a page load: the name from userinfo, asked once for concurrent calls', async () => {
    const { session, requests } = setupSession({
      cookies: { access_token: live },
      answer: provider({ sub: '00u1', name: 'Ada Lovelace' }),
    })
    const users = await Promise.all([session.getUser(), session.getUser()])
    expect(users).toEqual([
      { subject: 'ada@example.com', email: null, name: 'Ada Lovelace' },
      { subject: 'ada@example.com', email: null, name: 'Ada Lovelace' },
    ])
    expect(userinfoCalls(requests)).toHaveLength(1)
    expect(userinfoCalls(requests)[0]?.signal).toBeInstanceOf(AbortSignal)
    await session.getUser()
    expect(userinfoCalls(requests)).toHaveLength(1)
  })

  it.each([
    ['a 401 challenge', () => new Response(null, { status: 401 })],
    ['a body without sub', () => json({ name: 'Ada' })],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('on %s: the name stays null and nothing throws', async (_label, userinfo) => {
    const { session, subscribe, events } = watchedSession({
      cookies: { access_token: live },
      answer: (request) => (request.url === USERINFO ? userinfo() : json(refreshBody(config))),
    })
    subscribe()
    await flush()
    expect(events).toEqual([])
    await expect(session.getUser()).resolves.toEqual({
      subject: 'ada@example.com',
      email: null,
      name: null,
    })
  })

  it('a failure is not retried while watching, but getUser asks again', async () => {
    let status = 503
    const { session, subscribe, requests, watch } = watchedSession({
      cookies: { access_token: live },
      answer: (request) =>
        request.url === USERINFO
          ? json({ sub: '00u1', name: 'Ada' }, status)
          : json(refreshBody(config)),
    })
    subscribe()
    await flush()
    watch.fire()
    await flush()
    expect(userinfoCalls(requests)).toHaveLength(1)
    status = 200
    await expect(session.getUser()).resolves.toMatchObject({ name: 'Ada' })
    expect(userinfoCalls(requests)).toHaveLength(2)
  })

  it('a late userinfo answer names only the token it was asked for', async () => {
    const late = deferred<Response>()
    let calls = 0
    const { subscribe, jar, watch, session, events } = watchedSession({
      cookies: { access_token: live },
      answer: (request) => {
        if (request.url !== USERINFO) return json(refreshBody(config))
        calls += 1
        return calls === 1 ? late.promise : json({ sub: '00u2', name: 'Grace Hopper' })
      },
    })
    subscribe()
    const other = accessToken({ exp: NOW_S + 7200, sub: 'grace@example.com' })
    jar.values.set('access_token', other)
    watch.fire()
    await flush()
    late.resolve(json({ sub: '00u1', name: 'Ada Lovelace' }))
    await flush()
    expect(session.getSnapshot()).toMatchObject({
      user: { subject: 'grace@example.com', name: 'Grace Hopper' },
    })
    expect(events.map((event) => event.type)).toEqual(['changedElsewhere', 'userLoaded'])
  })

  it('without a session: null, with no request', async () => {
    const { session, requests } = setupSession()
    await expect(session.getUser()).resolves.toBeNull()
    expect(requests).toEqual([])
  })
})

describe('createPlatformSession: subscribed to an expired session', () => {
  it('with no failed refresh to retry: makes no token request by itself (whoever needs a token asks)', async () => {
    const stale = accessToken({ exp: NOW_S - 10 })
    const { subscribe, timers, requests } = watchedSession({
      cookies: { access_token: stale, refresh_token: 'rt-1' },
      answer: provider({ sub: 'ada@example.com' }),
    })
    subscribe()
    await timers.advanceBy(60_000)
    expect(requests.filter((request) => request.url.endsWith('/v1/token'))).toEqual([])
  })
})
