import { describe, expect, it } from 'vitest'
import { spendRefresh } from './spendRefresh'
import { MAX_REFRESHES_PER_MINUTE } from './session.types'
import { localSessionConfig, recordingJar, sessionConfig } from '../testing/sessionTestKit'

const NOW = 1_900_000_000_000

describe('spendRefresh', () => {
  it('spends: appends now to the cookie on the parent domain, Max-Age 60, and returns 0', () => {
    const jar = recordingJar({ refresh_budget: `${NOW - 30_000}` })
    expect(spendRefresh(sessionConfig(), jar, NOW)).toBe(0)
    expect(jar.writes).toEqual([
      {
        name: 'refresh_budget',
        value: `${NOW - 30_000}.${NOW}`,
        domain: '.example.com',
        path: '/',
        secure: true,
        sameSite: 'Lax',
        maxAgeSeconds: 60,
      },
    ])
  })

  it('host-only in local mode', () => {
    const jar = recordingJar()
    spendRefresh(localSessionConfig(), jar, NOW)
    expect(jar.writes[0]).toMatchObject({ value: String(NOW), path: '/' })
    expect(jar.writes[0]).not.toHaveProperty('domain')
  })

  it(`at ${MAX_REFRESHES_PER_MINUTE} in the last minute: no write, the ms until the oldest is a minute old`, () => {
    const times = [NOW - 50_000, NOW - 40_000, NOW - 30_000, NOW - 1]
    const jar = recordingJar({ refresh_budget: times.join('.') })
    expect(spendRefresh(sessionConfig(), jar, NOW)).toBe(10_000)
    expect(jar.writes).toEqual([])
  })

  it('drops times a minute old or more, in the future, or not integers; keeps the newest ones sorted', () => {
    const jar = recordingJar({
      refresh_budget: [NOW - 60_000, NOW + 1, 'x', '1.5', NOW - 59_999, NOW, NOW - 5].join('.'),
    })
    expect(spendRefresh(sessionConfig(), jar, NOW)).toBe(0)
    expect(jar.values.get('refresh_budget')).toBe([NOW - 59_999, NOW - 5, NOW, NOW].join('.'))
  })

  it('every copy counts, once per time', () => {
    const jar = recordingJar({ refresh_budget: `${NOW - 3}.${NOW - 2}` }, [
      { name: 'refresh_budget', value: `${NOW - 2}.${NOW - 1}`, path: '/maps' },
    ])
    expect(spendRefresh(sessionConfig(), jar, NOW)).toBe(0)
    expect(jar.writes[0]?.value).toBe([NOW - 3, NOW - 2, NOW - 1, NOW].join('.'))
    expect(
      spendRefresh(
        sessionConfig(),
        recordingJar({ refresh_budget: jar.writes[0]!.value }),
        NOW + 1,
      ),
    ).toBe(59_996)
  })

  it('a fractional now is written as whole milliseconds', () => {
    const jar = recordingJar()
    spendRefresh(sessionConfig(), jar, NOW + 0.75)
    expect(jar.values.get('refresh_budget')).toBe(String(NOW))
  })
})
