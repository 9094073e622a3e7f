/**
 * The sign-in page's side of the refresh lease: while it holds the lease around its token-cookie
 * writes, a sub-site's refresh waits and then uses what the page wrote; the page itself waits for
 * a sub-site's refresh in progress.
 */
import { describe, expect, it } from 'vitest'
import { holdRefreshLease } from '../index'
import { createMemoryLock } from './createMemoryLock'
import { createPlatformSession } from './createPlatformSession'
import { LEASE_POLL_MS, LEASE_SETTLE_MS } from './refreshLease'
import { REFRESH_LEASE_COOKIE_NAME, REFRESH_LEASE_MS } from './session.types'
import {
  accessToken,
  deferred,
  json,
  NOW_S,
  recordingJar,
  refreshBody,
  sessionConfig,
  stubFetch,
} from '../testSupport/sessionTestKit'

const config = sessionConfig()
const NOW_MS = NOW_S * 1000

/** A clock that every sleep advances, after yielding to other tasks (as a real wait would). */
function sharedClock() {
  const clock = { nowMs: NOW_MS, slept: [] as number[] }
  const sleep = async (ms: number) => {
    clock.slept.push(ms)
    await new Promise((resolve) => setTimeout(resolve, 0))
    clock.nowMs += ms
  }
  return { clock, sleep }
}

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++)
    await new Promise((resolve) => setTimeout(resolve, 0))
  expect(condition()).toBe(true)
}

describe('holdRefreshLease (the sign-in page)', () => {
  it('holds the lease while the task runs, resolves with its result and removes the lease', async () => {
    const jar = recordingJar()
    const time = sharedClock()
    let seenDuringTask: string | undefined
    const result = await holdRefreshLease(
      {
        config,
        cookies: jar,
        now: () => time.clock.nowMs,
        sleep: time.sleep,
        randomId: () => 'signin-holder',
      },
      async () => {
        seenDuringTask = jar.get(REFRESH_LEASE_COOKIE_NAME)
        return 'written'
      },
    )
    expect(result).toBe('written')
    expect(seenDuringTask).toBe(`signin-holder.${NOW_MS + REFRESH_LEASE_MS}`)
    expect(time.clock.slept).toEqual([LEASE_SETTLE_MS])
    expect(jar.values.has(REFRESH_LEASE_COOKIE_NAME)).toBe(false)
    expect(jar.removals).toEqual([{ name: 'refresh_lease', domain: '.example.com', path: '/' }])
  })

  it('removes the lease when the task fails, and rejects with its error', async () => {
    const jar = recordingJar()
    const time = sharedClock()
    const env = {
      config,
      cookies: jar,
      now: () => time.clock.nowMs,
      sleep: time.sleep,
      randomId: () => 'signin-holder',
    }
    await expect(
      holdRefreshLease(env, () => Promise.reject(new Error('write failed'))),
    ).rejects.toThrow('write failed')
    expect(jar.values.has(REFRESH_LEASE_COOKIE_NAME)).toBe(false)
  })

  it('a sub-site refresh during the hold makes no request and uses the tokens the page wrote', async () => {
    const stale = accessToken({ exp: NOW_S - 1 })
    const jar = recordingJar({ access_token: stale, refresh_token: 'rt-old-person' })
    const time = sharedClock()
    const { fetch, requests } = stubFetch(() => json(refreshBody(config)))
    const subSite = createPlatformSession(config, {
      cookies: jar,
      fetch,
      now: () => time.clock.nowMs,
      navigate: () => undefined,
      lock: createMemoryLock(),
      sleep: time.sleep,
      randomId: () => 'citystream-holder',
    })
    const release = deferred<void>()
    const fresh = accessToken({ exp: NOW_S + 3600, jti: 'new-person' })
    let taskStarted = false
    const holding = holdRefreshLease(
      {
        config,
        cookies: jar,
        now: () => time.clock.nowMs,
        sleep: time.sleep,
        randomId: () => 'signin-holder',
      },
      async () => {
        taskStarted = true
        await release.promise
        jar.values.set('access_token', fresh)
        jar.values.set('refresh_token', 'rt-new-person')
      },
    )
    await until(() => taskStarted)
    const token = subSite.getAccessToken()
    await until(() => time.clock.slept.filter((ms) => ms === LEASE_POLL_MS).length >= 3)
    expect(requests).toHaveLength(0)
    release.resolve()
    await holding
    expect(await token).toBe(fresh)
    expect(requests).toHaveLength(0)
  })

  it('a lease copy tossed in at a deeper path is expired: the task runs under our lease at once, and none is left', async () => {
    const jar = recordingJar({}, [
      {
        name: REFRESH_LEASE_COOKIE_NAME,
        value: 'garbage',
        path: '/signin',
        domain: '.example.com',
      },
    ])
    const time = sharedClock()
    let seenDuringTask: string | undefined
    await holdRefreshLease(
      {
        config,
        cookies: jar,
        now: () => time.clock.nowMs,
        sleep: time.sleep,
        randomId: () => 'signin-holder',
        pagePath: () => '/signin/callback',
      },
      async () => {
        seenDuringTask = jar.get(REFRESH_LEASE_COOKIE_NAME)
      },
    )
    expect(seenDuringTask).toBe(`signin-holder.${NOW_MS + REFRESH_LEASE_MS}`)
    expect(time.clock.slept).toEqual([LEASE_SETTLE_MS])
    expect(jar.getAll(REFRESH_LEASE_COOKIE_NAME)).toEqual([])
  })

  it.each([
    ['already duplicated before it starts', { refresh_lease: `roadsholder.${NOW_MS + 1000}` }],
    ['duplicated by its own write', {}],
  ])(
    'a lease copy out of reach (host-only at Path=/), %s: runs the task at once without the lease and leaves none of its own',
    async (_label, cookies) => {
      const jar = recordingJar(cookies, [
        { name: REFRESH_LEASE_COOKIE_NAME, value: 'garbage', path: '/' },
      ])
      const time = sharedClock()
      let ran = false
      await holdRefreshLease(
        {
          config,
          cookies: jar,
          now: () => time.clock.nowMs,
          sleep: time.sleep,
          randomId: () => 'signin-holder',
        },
        async () => {
          ran = true
        },
      )
      expect(ran).toBe(true)
      expect(time.clock.slept.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(LEASE_SETTLE_MS)
      expect(jar.values.get(REFRESH_LEASE_COOKIE_NAME) ?? '').not.toContain('signin-holder')
    },
  )

  it('a settle that outlasts the lease (a frozen or throttled page): takes the lease again, never runs without one', async () => {
    const jar = recordingJar()
    const time = sharedClock()
    let ids = 0
    let first = true
    let seenDuringTask: string | undefined
    await holdRefreshLease(
      {
        config,
        cookies: jar,
        now: () => time.clock.nowMs,
        // The first settle wait ends 20 s late: the lease written before it has run out.
        sleep: async (ms) => {
          await time.sleep(first ? ms + 20_000 : ms)
          first = false
        },
        randomId: () => `holder-${++ids}xx`,
      },
      async () => {
        seenDuringTask = jar.get(REFRESH_LEASE_COOKIE_NAME)
      },
    )
    // Another sub-site looking while the task runs finds a lease in force, and waits.
    expect(seenDuringTask).toBe(
      `holder-2xx.${time.clock.nowMs - LEASE_SETTLE_MS + REFRESH_LEASE_MS}`,
    )
  })

  it('a page frozen on every wait: restarts the bound three times, then runs the task (never waits for ever)', async () => {
    const jar = recordingJar()
    const time = sharedClock()
    let ids = 0
    let ran = false
    await holdRefreshLease(
      {
        config,
        cookies: jar,
        now: () => time.clock.nowMs,
        sleep: (ms) => time.sleep(ms + 20_000),
        randomId: () => `holder-${++ids}xx`,
      },
      async () => {
        ran = true
      },
    )
    expect(ran).toBe(true)
    // Three restarts of the bound, then the fourth overlong wait is past it.
    expect(time.clock.slept).toHaveLength(4)
  })

  it('frozen on every wait while another sub-site renews its lease at each wake-up: waits, never runs beside it', async () => {
    const jar = recordingJar({
      [REFRESH_LEASE_COOKIE_NAME]: `other-holder.${NOW_MS + REFRESH_LEASE_MS}`,
    })
    const time = sharedClock()
    let wakeUps = 0
    let overlapped = false
    await holdRefreshLease(
      {
        config,
        cookies: jar,
        now: () => time.clock.nowMs,
        // Chrome's intensive throttling: every wait ends 20 s late. The other sub-site, woken at
        // the same moments, holds a fresh lease for the first six of them, then is done.
        sleep: async (ms) => {
          await time.sleep(ms + 20_000)
          wakeUps += 1
          if (wakeUps <= 6)
            jar.values.set(
              REFRESH_LEASE_COOKIE_NAME,
              `other-holder.${time.clock.nowMs + REFRESH_LEASE_MS}`,
            )
          else if (jar.values.get(REFRESH_LEASE_COOKIE_NAME)?.startsWith('other-holder') === true)
            jar.values.delete(REFRESH_LEASE_COOKIE_NAME)
        },
        randomId: () => 'signin-holder',
      },
      async () => {
        overlapped = jar.get(REFRESH_LEASE_COOKIE_NAME)?.startsWith('other-holder') === true
      },
    )
    expect(overlapped).toBe(false)
    expect(wakeUps).toBeGreaterThan(6)
  })

  it('a dead holder’s lease taken over by another waiter as our bound ends: waits for the new holder, never runs beside it', async () => {
    const jar = recordingJar({
      [REFRESH_LEASE_COOKIE_NAME]: `dead-holder.${NOW_MS + REFRESH_LEASE_MS - 50}`,
    })
    const time = sharedClock()
    let otherUntil = 0
    let overlapped = false
    await holdRefreshLease(
      {
        config,
        cookies: jar,
        now: () => time.clock.nowMs,
        sleep: async (ms) => {
          await time.sleep(ms)
          // The dead holder's lease has run out: another sub-site takes it, for 5 s.
          if (otherUntil === 0 && time.clock.nowMs >= NOW_MS + REFRESH_LEASE_MS) {
            otherUntil = time.clock.nowMs + 5_000
            jar.values.set(
              REFRESH_LEASE_COOKIE_NAME,
              `other-holder.${time.clock.nowMs + REFRESH_LEASE_MS}`,
            )
          }
          if (otherUntil !== 0 && time.clock.nowMs >= otherUntil)
            jar.values.delete(REFRESH_LEASE_COOKIE_NAME)
        },
        randomId: () => 'signin-holder',
      },
      async () => {
        overlapped = jar.get(REFRESH_LEASE_COOKIE_NAME)?.startsWith('other-holder') === true
      },
    )
    expect(overlapped).toBe(false)
    expect(time.clock.nowMs).toBeGreaterThanOrEqual(otherUntil)
  })

  it('waits for a sub-site’s lease in force before running the task', async () => {
    const jar = recordingJar({ refresh_lease: `roadsholder.${NOW_MS + 1000}` })
    const time = sharedClock()
    let startedAt: number | null = null
    await holdRefreshLease(
      {
        config,
        cookies: jar,
        now: () => time.clock.nowMs,
        sleep: time.sleep,
        randomId: () => 'signin-holder',
      },
      async () => {
        startedAt = time.clock.nowMs
      },
    )
    expect(startedAt).toBeGreaterThanOrEqual(NOW_MS + 1000)
    expect(startedAt).toBeLessThanOrEqual(NOW_MS + 1000 + LEASE_POLL_MS + LEASE_SETTLE_MS)
  })
})
