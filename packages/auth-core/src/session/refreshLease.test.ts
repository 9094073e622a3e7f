import { describe, expect, it } from 'vitest'
import { AuthError } from '../errors/authError'
import {
  LEASE_POLL_MS,
  LEASE_SETTLE_MS,
  isLeaseHolderId,
  planRefreshLeaseCookie,
  withRefreshLease,
} from './refreshLease'
import type { RefreshLeaseEnv } from './refreshLease'
import { REFRESH_LEASE_COOKIE_NAME, REFRESH_LEASE_MS } from './session.types'
import { recordingJar } from '../testSupport/sessionTestKit'

const config = { parentDomain: '.example.com', localMode: false }
const T0 = 1_800_000_000_000

/**
 * A lease env whose cookie writes of the lease never stick (a browser refusing them), over a
 * clock that sleeps move; `leaseAt(now)` is the lease value other holders leave meanwhile.
 */
function refusingEnv(leaseAt: (now: number) => string | undefined) {
  const clock = { now: T0 }
  const jar = recordingJar()
  const env: RefreshLeaseEnv = {
    config,
    cookies: {
      ...jar,
      get: (name) => (name === REFRESH_LEASE_COOKIE_NAME ? leaseAt(clock.now) : jar.get(name)),
      getAll: (name) => {
        const value = name === REFRESH_LEASE_COOKIE_NAME ? leaseAt(clock.now) : jar.get(name)
        return value === undefined ? [] : [value]
      },
      set: () => undefined,
    },
    now: () => clock.now,
    sleep: async (ms) => {
      clock.now += ms
    },
    randomId: () => 'ours-0001',
  }
  return { env, clock, jar }
}

describe('isLeaseHolderId', () => {
  it.each([
    ['abcdefgh', true],
    ['A'.repeat(64), true],
    ['abc-_123', true],
    ['abcdefg', false],
    ['A'.repeat(65), false],
    ['abcd efgh', false],
    [12345678, false],
    [null, false],
  ])('%j: %s', (value, expected) => {
    expect(isLeaseHolderId(value)).toBe(expected)
  })
})

describe('planRefreshLeaseCookie', () => {
  it('refuses a holder id outside the cookie rules (configuration_error)', () => {
    let thrown: unknown
    try {
      planRefreshLeaseCookie(config, 'a;b=c', T0)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(AuthError)
    expect(thrown).toMatchObject({
      code: 'configuration_error',
      message: 'randomId must return 8 to 64 of A-Z, a-z, 0-9, _ and -.',
    })
  })
})

describe('withRefreshLease', () => {
  it('with a lease copy out of reach: runs the task at once, and writes and removes no lease', async () => {
    const jar = recordingJar({}, [
      { name: REFRESH_LEASE_COOKIE_NAME, value: 'someone-1.1', path: '/deeper' },
    ])
    jar.values.set(REFRESH_LEASE_COOKIE_NAME, 'someone-2.1')
    const slept: number[] = []
    const result = await withRefreshLease(
      {
        config,
        cookies: jar,
        now: () => T0,
        sleep: async (ms) => {
          slept.push(ms)
        },
        randomId: () => 'ours-0001',
        pagePath: () => '/deeper/page',
      },
      () => undefined,
      async () => 'done',
    )
    expect(result).toBe('done')
    expect(slept).toEqual([])
    expect(jar.writes).toEqual([])
    expect(jar.removals.filter((removal) => removal.path === '/')).toEqual([])
  })

  it('cookies refused: the task runs after the bound, counted from the start', async () => {
    const { env, clock } = refusingEnv(() => undefined)
    let ranAt = 0
    await withRefreshLease(
      env,
      () => undefined,
      async () => {
        ranAt = clock.now
      },
    )
    expect(ranAt - T0).toBeGreaterThanOrEqual(REFRESH_LEASE_MS + LEASE_POLL_MS)
    expect(ranAt - T0).toBeLessThan(REFRESH_LEASE_MS + LEASE_POLL_MS + LEASE_SETTLE_MS)
  })

  it('cookies refused, and another holder is seen for a while: the bound does not start again for it', async () => {
    // Another sub-site's lease shows up 2 s in, for 3 s (its first holder).
    const { env, clock } = refusingEnv((now) =>
      now >= T0 + 2000 && now < T0 + 5000 ? `holder-c.${T0 + 5000}` : undefined,
    )
    let ranAt = 0
    await withRefreshLease(
      env,
      () => undefined,
      async () => {
        ranAt = clock.now
      },
    )
    expect(ranAt - T0).toBeLessThan(REFRESH_LEASE_MS + LEASE_POLL_MS + LEASE_SETTLE_MS)
  })

  it('cookies refused, and the holder it waits for is replaced by another: the bound starts again for the new one', async () => {
    const half = REFRESH_LEASE_MS / 2
    const { env, clock } = refusingEnv((now) => {
      if (now < T0 + half) return `holder-a.${T0 + half}`
      if (now < T0 + REFRESH_LEASE_MS) return `holder-b.${T0 + REFRESH_LEASE_MS}`
      return undefined
    })
    let ranAt = 0
    await withRefreshLease(
      env,
      () => undefined,
      async () => {
        ranAt = clock.now
      },
    )
    expect(ranAt - T0).toBeGreaterThanOrEqual(half + REFRESH_LEASE_MS)
  })

  it.each([
    [
      'exactly the lease lifetime: not a frozen page, the bound stands',
      0,
      REFRESH_LEASE_MS + LEASE_POLL_MS,
    ],
    [
      'longer than the lease lifetime (a frozen page): the bound starts again',
      1,
      2 * REFRESH_LEASE_MS + LEASE_POLL_MS + 1,
    ],
  ])('cookies refused, and the first wait lasts %s', async (_label, extra, expectedAt) => {
    const { env, clock } = refusingEnv(() => undefined)
    let first = true
    const sleep = async (ms: number) => {
      clock.now += first ? REFRESH_LEASE_MS + extra : ms
      first = false
    }
    let ranAt = 0
    await withRefreshLease(
      { ...env, sleep },
      () => undefined,
      async () => {
        ranAt = clock.now
      },
    )
    expect(ranAt - T0).toBe(expectedAt)
  })
})
