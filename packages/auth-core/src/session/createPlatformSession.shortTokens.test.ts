import { describe, expect, it, vi } from 'vitest'
import {
  accessToken,
  fakeSchedule,
  json,
  localSessionConfig,
  NOW_S,
  refreshBody,
  sessionConfig,
  setupSession,
} from '../testSupport/sessionTestKit'
import { capToTokenLife } from './capToTokenLife'

// A token that lives less than the margins (5 s tokens, the default 60 s skew) is used
// for four fifths of its life instead of counting as expired when issued; said once in development.

const config = sessionConfig()
const fiveSeconds = (iat: number) => accessToken({ iat, exp: iat + 5 })

describe('capToTokenLife', () => {
  it('a fifth of exp - iat at most; the margin itself for long tokens or without iat', () => {
    expect(capToTokenLife(60_000, { issuedAt: NOW_S, expiresAt: NOW_S + 5 })).toBe(1000)
    expect(capToTokenLife(60_000, { issuedAt: NOW_S, expiresAt: NOW_S + 3600 })).toBe(60_000)
    expect(capToTokenLife(60_000, { issuedAt: null, expiresAt: NOW_S + 5 })).toBe(60_000)
    expect(capToTokenLife(60_000, null)).toBe(60_000)
    expect(capToTokenLife(60_000, { issuedAt: NOW_S, expiresAt: NOW_S - 5 })).toBe(0)
  })
})

describe('createPlatformSession with 5 s access tokens and the default 60 s skew', () => {
  it('a token just issued is active for 4 s (no refresh), expired after', async () => {
    const clock = { nowMs: NOW_S * 1000 }
    const { session, requests } = setupSession({
      cookies: { access_token: fiveSeconds(NOW_S), refresh_token: 'rt-1' },
      deps: { now: () => clock.nowMs, warn: () => undefined },
    })
    expect(session.getSnapshot().status).toBe('signedIn')
    expect(await session.getAccessToken()).toBe(fiveSeconds(NOW_S))
    clock.nowMs += 3999
    expect(session.getSnapshot().status).toBe('signedIn')
    expect(requests).toEqual([])
    clock.nowMs += 1
    expect(session.getSnapshot().status).toBe('expired')
  })

  it('getAccessToken refreshes once a fifth of the life is left, and the new token is used', async () => {
    const clock = { nowMs: NOW_S * 1000 }
    const fresh = fiveSeconds(NOW_S + 4)
    const { session, requests } = setupSession({
      cookies: { access_token: fiveSeconds(NOW_S), refresh_token: 'rt-1' },
      answer: () => json(refreshBody(config, { access_token: fresh, expires_in: 5 })),
      deps: { now: () => clock.nowMs, warn: () => undefined },
    })
    clock.nowMs += 4000
    expect(await session.getAccessToken()).toBe(fresh)
    expect(await session.getAccessToken()).toBe(fresh)
    expect(requests).toHaveLength(1)
    expect(session.getSnapshot().status).toBe('signedIn')
  })

  it('the expiry timer fires a fifth of the life before exp, not 60 s before', async () => {
    const clock = { nowMs: NOW_S * 1000 }
    const timers = fakeSchedule(clock)
    const { session } = setupSession({
      config: sessionConfig({ refreshAheadSeconds: 0 }),
      cookies: { access_token: fiveSeconds(NOW_S), refresh_token: 'rt-1' },
      deps: { now: () => clock.nowMs, schedule: timers.schedule, warn: () => undefined },
    })
    const events: string[] = []
    session.subscribe((event) => events.push(event.type))
    await timers.advanceBy(3999)
    expect(events).toEqual([])
    await timers.advanceBy(1)
    expect(events).toEqual(['expired'])
  })

  it('warns once per session object through deps.warn, naming the life and the skew', () => {
    const warn = vi.fn()
    const { session } = setupSession({
      cookies: { access_token: fiveSeconds(NOW_S), refresh_token: 'rt-1' },
      deps: { warn },
    })
    session.getSnapshot()
    session.getSnapshot()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]?.[0]).toMatch(/live 5 s, not more than clockSkewSeconds \(60 s\)/)
  })

  it('a token living longer than the skew: no warning (the cap applies silently up to 300 s)', () => {
    const warn = vi.fn()
    const { session } = setupSession({
      cookies: {
        access_token: accessToken({ iat: NOW_S, exp: NOW_S + 180 }),
        refresh_token: 'rt-1',
      },
      deps: { warn },
    })
    expect(session.getSnapshot().status).toBe('signedIn')
    expect(warn).not.toHaveBeenCalled()
  })

  it('by default: console.warn in local mode, nothing in production', () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    setupSession({
      cookies: { access_token: fiveSeconds(NOW_S), refresh_token: 'rt-1' },
    }).session.getSnapshot()
    expect(consoleWarn).not.toHaveBeenCalled()
    setupSession({
      config: localSessionConfig(),
      cookies: { access_token: fiveSeconds(NOW_S), refresh_token: 'rt-1' },
    }).session.getSnapshot()
    expect(consoleWarn).toHaveBeenCalledTimes(1)
  })
})
