/**
 * Cookie tossing: a sibling sub-domain (or one forged plain-HTTP answer) sets `access_token`,
 * `refresh_token` or `refresh_lease` with `Domain={parent}; Path=/deeper`, so the page at
 * `/deeper/page` sees two copies. The session expires the copies at every ancestor path of the
 * page, reads again, and makes no request while it is still ambiguous.
 */
import { describe, expect, it } from 'vitest'
import { REFRESH_LEASE_COOKIE_NAME } from './session.types'
import type { SessionEvent } from './session.types'
import {
  accessToken,
  manualWatch,
  idToken,
  json,
  NOW_S,
  recordingJar,
  refreshBody,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'
import type { SeenRequest, TossedCookie } from '../testSupport/sessionTestKit'

const config = sessionConfig()
const NOW_MS = NOW_S * 1000
const live = accessToken({ exp: NOW_S + 3600 })
const stale = accessToken({ exp: NOW_S - 1 })
const tossedToken = accessToken({ sub: 'mallory@example.com', exp: NOW_S + 3600 })
const pagePath = () => '/deeper/page'
const atDeeper = (name: string, value: string): TossedCookie => ({
  name,
  value,
  path: '/deeper',
  domain: '.example.com',
})

/** A sleep that advances the session's clock, as a real wait would. */
function clockedSleep(clock: { nowMs: number }, slept: number[]) {
  return async (ms: number) => {
    slept.push(ms)
    await Promise.resolve()
    clock.nowMs += ms
  }
}

function provider(request: SeenRequest): Response {
  if (request.url.endsWith('/v1/revoke')) return new Response(null, { status: 200 })
  return json(refreshBody(config, { id_token: idToken(config, { exp: NOW_S + 3600 }) }))
}

const tokenRequests = (requests: readonly SeenRequest[]) =>
  requests.filter((request) => request.url.endsWith('/v1/token'))

describe('createPlatformSession: tossed duplicate cookies', () => {
  it('a lease copy out of reach: the session still reads active (only the tokens make it invalid)', () => {
    const jar = recordingJar({ access_token: live, refresh_token: 'rt-1' }, [
      { name: REFRESH_LEASE_COOKIE_NAME, value: 'mallory-1.1', path: '/deeper' },
    ])
    jar.values.set(REFRESH_LEASE_COOKIE_NAME, 'someone-2.1')
    const clock = { nowMs: NOW_MS }
    const { session } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath, sleep: clockedSleep(clock, []), randomId: () => 'holder-01' },
    })
    expect(session.readSession()).toMatchObject({ status: 'signedIn', accessToken: live })
  })

  it('a tossed duplicate access_token: expired at the ancestor paths, then 5 getAccessToken calls make no refresh', async () => {
    const jar = recordingJar({ access_token: live, refresh_token: 'rt-1' }, [
      atDeeper('access_token', tossedToken),
    ])
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath },
    })
    const tokens = []
    for (let call = 0; call < 5; call++) tokens.push(await session.getAccessToken())
    expect(tokenRequests(requests)).toHaveLength(0)
    expect(tokens).toEqual([live, live, live, live, live])
    expect(jar.tossed).toEqual([])
    expect(jar.removals).toContainEqual({
      name: 'access_token',
      domain: '.example.com',
      path: '/deeper',
    })
    // Our own cookies at Path=/ stay.
    expect(jar.values.get('refresh_token')).toBe('rt-1')
  })

  it('a tossed duplicate refresh_token is expired before the refresh, which sends the real one', async () => {
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' }, [
      atDeeper('refresh_token', 'rt-mallory'),
    ])
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath },
    })
    await session.getAccessToken()
    expect(tokenRequests(requests).map((request) => request.form.get('refresh_token'))).toEqual([
      'rt-1',
    ])
    expect(jar.tossed).toEqual([])
  })

  it('a copy the ancestor paths cannot reach (host-only at Path=/): no request, null, and the real session is not cleared', async () => {
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' }, [
      { name: 'access_token', value: tossedToken, path: '/' },
    ])
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath },
    })
    for (let call = 0; call < 5; call++) expect(await session.getAccessToken()).toBeNull()
    expect(requests).toHaveLength(0)
    expect(jar.values.get('refresh_token')).toBe('rt-1')
    expect(jar.values.get('access_token')).toBe(stale)
    expect(jar.removals.filter((removal) => removal.path === '/')).toEqual([])
  })

  it.each([
    ['an expired', `malloryholder.${NOW_MS - 1}`],
    ['a malformed', 'garbage'],
  ])(
    '%s refresh_lease tossed in at a deeper path: no wait for the lease it duplicates, one refresh, and no lease left behind',
    async (_label, value) => {
      const jar = recordingJar({ access_token: stale, refresh_token: 'rt-1' }, [
        atDeeper(REFRESH_LEASE_COOKIE_NAME, value),
      ])
      const slept: number[] = []
      const clock = { nowMs: NOW_MS }
      const { session, requests } = setupSession({
        cookies: jar,
        answer: provider,
        deps: {
          pagePath,
          now: () => clock.nowMs,
          sleep: clockedSleep(clock, slept),
          randomId: () => 'citystream-holder',
        },
      })
      await session.getAccessToken()
      expect(slept.reduce((sum, ms) => sum + ms, 0)).toBeLessThan(1000)
      expect(tokenRequests(requests)).toHaveLength(1)
      expect(jar.getAll(REFRESH_LEASE_COOKIE_NAME)).toEqual([])
    },
  )

  it('a refresh_lease duplicated where the ancestor paths cannot reach: no request and no lease written', async () => {
    const jar = recordingJar(
      {
        access_token: stale,
        refresh_token: 'rt-1',
        refresh_lease: `roadsholder.${NOW_MS + 1000}`,
      },
      [{ name: REFRESH_LEASE_COOKIE_NAME, value: `malloryholder.${NOW_MS + 1000}`, path: '/' }],
    )
    const slept: number[] = []
    const clock = { nowMs: NOW_MS }
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider,
      deps: {
        pagePath,
        now: () => clock.nowMs,
        sleep: clockedSleep(clock, slept),
        randomId: () => 'citystream-holder',
      },
    })
    expect(await session.getAccessToken()).toBeNull()
    expect(requests).toHaveLength(0)
    expect(slept).toEqual([])
    expect(jar.writes).toEqual([])
  })
})

describe('createPlatformSession: reading the session first expires tossed copies', () => {
  const atMaps = (name: string, value: string): TossedCookie => ({
    name,
    value,
    path: '/maps',
    domain: '.example.com',
  })
  const mapsPage = () => '/maps/42'
  const tossedBoth = () =>
    recordingJar({ access_token: live, refresh_token: 'rt-1' }, [
      atMaps('access_token', tossedToken),
      atMaps('refresh_token', 'rt-mallory'),
    ])

  it('copies of both tokens at Path=/maps: the first snapshot is the real session, and the copies are gone', () => {
    const jar = tossedBoth()
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath: mapsPage },
    })
    const snapshot = session.getSnapshot()
    expect(snapshot.status).toBe('signedIn')
    expect(snapshot.status === 'signedIn' && snapshot.user.subject).toBe('ada@example.com')
    expect(jar.tossed).toEqual([])
    expect(session.readSession()).toBe(snapshot)
    expect(requests).toHaveLength(0)
  })

  it('copies tossed in while subscribed: cleaned at the next check, no signedOut event', () => {
    const jar = recordingJar({ access_token: live, refresh_token: 'rt-1' })
    const watch = manualWatch()
    const { session } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath: mapsPage, watchCookies: watch.watchCookies },
    })
    const events: SessionEvent[] = []
    session.subscribe((event) => events.push(event))
    const before = session.getSnapshot()
    jar.tossed.push(atMaps('access_token', tossedToken), atMaps('refresh_token', 'rt-mallory'))
    watch.fire()
    expect(events).toEqual([])
    expect(session.getSnapshot()).toBe(before)
    expect(jar.tossed).toEqual([])
  })

  it('a copy no removal reaches (host-only at Path=/): invalid, not signedOut (a sign-in could not fix it), and nothing removed at Path=/', () => {
    const jar = recordingJar({ access_token: live, refresh_token: 'rt-1' }, [
      { name: 'access_token', value: tossedToken, path: '/' },
    ])
    const { session } = setupSession({ cookies: jar, answer: provider, deps: { pagePath } })
    const snapshot = session.getSnapshot()
    expect(snapshot.status).toBe('error')
    expect(snapshot.status === 'error' && snapshot.error.code).toBe('unknown_error')
    expect(snapshot.status === 'error' && snapshot.error.message).toMatch(/access_token/)
    expect(jar.removals.filter((removal) => removal.path === '/')).toEqual([])
    expect(jar.values.get('refresh_token')).toBe('rt-1')
  })

  it('a jar whose removals throw: the snapshot still never throws', () => {
    const jar = tossedBoth()
    const { session } = setupSession({
      cookies: {
        ...jar,
        remove: () => {
          throw new Error('storage refused')
        },
      } as typeof jar,
      answer: provider,
      deps: { pagePath: mapsPage },
    })
    expect(() => session.getSnapshot()).not.toThrow()
  })
})

describe('createPlatformSession: signOut with duplicated cookies', () => {
  it('revokes every refresh-token value it saw, each copy', async () => {
    const jar = recordingJar({ access_token: live, refresh_token: 'rt-1' }, [
      { name: 'refresh_token', value: 'rt-tossed', path: '/' },
    ])
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath },
    })
    await session.signOut({ returnTo: 'https://citystream.example.com/' })
    const revoked = requests
      .filter((request) => request.url.endsWith('/v1/revoke'))
      .filter((request) => request.form.get('token_type_hint') === 'refresh_token')
      .map((request) => request.form.get('token'))
    expect(revoked).toEqual(expect.arrayContaining(['rt-1', 'rt-tossed']))
    expect(jar.values.has('refresh_token')).toBe(false)
  })

  it('revokes both refresh tokens when a tossed copy sits at a deeper path, and expires it', async () => {
    const jar = recordingJar({ access_token: live, refresh_token: 'rt-1' }, [
      atDeeper('refresh_token', 'rt-tossed'),
    ])
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath },
    })
    await session.signOut({ returnTo: 'https://citystream.example.com/' })
    const revoked = requests
      .filter((request) => request.url.endsWith('/v1/revoke'))
      .map((request) => request.form.get('token'))
    expect(revoked).toEqual(expect.arrayContaining(['rt-tossed']))
    expect(revoked).toContain(
      jar.writes.find((write) => write.name === 'refresh_token')?.value ?? 'rt-1',
    )
    expect(jar.getAll('refresh_token')).toEqual([])
  })
})

describe('createPlatformSession: without the lease (no sleep, or no randomId)', () => {
  it('lease copies it cannot remove do not concern it: the token is used, and a refresh is made', async () => {
    const jar = recordingJar({ access_token: live, refresh_token: 'rt-1' }, [
      { name: REFRESH_LEASE_COOKIE_NAME, value: 'mallory-1.1', path: '/deeper' },
    ])
    jar.values.set(REFRESH_LEASE_COOKIE_NAME, 'someone-2.1')
    const { session, requests } = setupSession({
      cookies: jar,
      answer: provider,
      deps: { pagePath, sleep: async () => undefined },
    })
    expect(await session.getAccessToken()).toBe(live)
    jar.values.set('access_token', stale)
    expect(await session.getAccessToken()).toBe(jar.values.get('access_token'))
    expect(tokenRequests(requests)).toHaveLength(1)
    expect(jar.writes.filter((write) => write.name === REFRESH_LEASE_COOKIE_NAME)).toEqual([])
    expect(jar.removals.filter((removal) => removal.name === REFRESH_LEASE_COOKIE_NAME)).toEqual([])
  })
})
