import { describe, expect, it } from 'vitest'
import { spendRefresh } from './spendRefresh'
import { MAX_REFRESHES_PER_MINUTE } from './session.types'
import { localSessionConfig, recordingJar, sessionConfig } from '../testSupport/sessionTestKit'

const NOW = 1_900_000_000_000

describe('spendRefresh', () => {
  it('spends: appends now to the cookie on the parent domain, Max-Age 75 (a minute and the longest request timeout), and returns 0', () => {
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
        maxAgeSeconds: 75,
      },
    ])
  })

  it('a copy with the same times (a tossed duplicate of ours) counts each refresh once', () => {
    const times = `${NOW - 20_000}.${NOW - 10_000}`
    const jar = recordingJar({ refresh_budget: times }, [
      { name: 'refresh_budget', value: times, path: '/deeper', domain: '.example.com' },
    ])
    expect(spendRefresh(sessionConfig(), jar, NOW)).toBe(0)
    expect(jar.writes[0]?.value).toBe(`${times}.${NOW}`)
  })

  it('copies that hold more times than the budget: waits until the fourth newest is 75 s old', () => {
    const jar = recordingJar(
      { refresh_budget: `${NOW - 60_000}.${NOW - 50_000}.${NOW - 40_000}` },
      [
        {
          name: 'refresh_budget',
          value: `${NOW - 30_000}.${NOW - 1}`,
          path: '/deeper',
          domain: '.example.com',
        },
      ],
    )
    expect(spendRefresh(sessionConfig(), jar, NOW)).toBe(25_000)
    expect(jar.writes).toEqual([])
  })

  it('host-only in local mode', () => {
    const jar = recordingJar()
    spendRefresh(localSessionConfig(), jar, NOW)
    expect(jar.writes[0]).toMatchObject({ value: String(NOW), path: '/' })
    expect(jar.writes[0]).not.toHaveProperty('domain')
  })

  it(`at ${MAX_REFRESHES_PER_MINUTE} in the last 75 s: no write, the ms until the oldest is 75 s old`, () => {
    const times = [NOW - 50_000, NOW - 40_000, NOW - 30_000, NOW - 1]
    const jar = recordingJar({ refresh_budget: times.join('.') })
    expect(spendRefresh(sessionConfig(), jar, NOW)).toBe(25_000)
    expect(jar.writes).toEqual([])
  })

  it('drops times 75 s old or more, in the future, or not integers; keeps the newest ones sorted', () => {
    const jar = recordingJar({
      refresh_budget: [NOW - 75_000, NOW + 1, 'x', '1.5', NOW - 74_999, NOW, NOW - 5].join('.'),
    })
    expect(spendRefresh(sessionConfig(), jar, NOW)).toBe(0)
    expect(jar.values.get('refresh_budget')).toBe([NOW - 74_999, NOW - 5, NOW, NOW].join('.'))
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
    ).toBe(74_996)
  })

  it('a refresh spent up to the longest request timeout more than a minute ago still counts: its request may have reached the provider that much later, within one provider minute of the next', () => {
    // Spent 61, 50, 40 and 30 s ago: the first may have reached the provider 1 s after being
    // spent, up to MAX_SESSION_TIMEOUT_MS later; a fifth now would make five in that minute.
    const times = [NOW - 61_000, NOW - 50_000, NOW - 40_000, NOW - 30_000]
    const jar = recordingJar({ refresh_budget: times.join('.') })
    expect(spendRefresh(sessionConfig(), jar, NOW)).toBe(14_000)
    expect(jar.writes).toEqual([])
  })

  it('a fractional now is written as whole milliseconds', () => {
    const jar = recordingJar()
    spendRefresh(sessionConfig(), jar, NOW + 0.75)
    expect(jar.values.get('refresh_budget')).toBe(String(NOW))
  })
})
