import { describe, expect, it, vi } from 'vitest'
import {
  browserIsVisible,
  browserSchedule,
  browserSessionDeps,
  browserWatchCookies,
  COOKIE_POLL_MS,
} from './browserDefaults'
import type { ListenerHost } from './browserDefaults'
import { createPlatformSession } from './createPlatformSession'
import { accessToken, NOW_S, sessionConfig } from '../testSupport/sessionTestKit'
import type { SessionEvent } from './session.types'

/** Listeners by event type, counted, and fired by hand. */
function listenerHost() {
  const listeners = new Map<string, Set<() => void>>()
  const host: ListenerHost & { fire(type: string): void; readonly count: number } = {
    addEventListener(type, listener) {
      listeners.set(type, (listeners.get(type) ?? new Set()).add(listener))
    },
    removeEventListener(type, listener) {
      listeners.get(type)?.delete(listener)
    },
    fire(type) {
      for (const listener of [...(listeners.get(type) ?? [])]) listener()
    },
    get count() {
      return [...listeners.values()].reduce((sum, set) => sum + set.size, 0)
    },
  }
  return host
}

/** A `window` stand-in: events, visibility, a cookie header, timers on a manual clock. */
function fakeWindow(options: { cookieStore?: boolean; cookie?: string } = {}) {
  const events = listenerHost()
  const timers = new Map<number, { at: number; handler: () => void }>()
  let now = NOW_S * 1000
  let nextId = 1
  const document = { cookie: options.cookie ?? '', visibilityState: 'visible' }
  const win = {
    ...events,
    addEventListener: events.addEventListener,
    removeEventListener: events.removeEventListener,
    document,
    navigator: {},
    location: { assign: vi.fn(), pathname: '/' },
    crypto: { getRandomValues: <T extends Uint8Array>(array: T) => array.fill(7) },
    cookieStore: options.cookieStore ? listenerHost() : undefined,
    setTimeout(handler: () => void, timeout: number) {
      const id = nextId++
      timers.set(id, { at: now + timeout, handler })
      return id
    },
    clearTimeout(handle: unknown) {
      timers.delete(handle as number)
    },
  }
  return {
    win,
    events,
    timers,
    document,
    now: () => now,
    /** Moves time forward, running the timers that fall due. */
    advance(ms: number) {
      const target = now + ms
      for (;;) {
        const due = [...timers]
          .filter(([, t]) => t.at <= target)
          .sort(([, a], [, b]) => a.at - b.at)
        const first = due[0]
        if (first === undefined) break
        timers.delete(first[0])
        now = first[1].at
        first[1].handler()
      }
      now = target
    },
    setVisibility(state: 'visible' | 'hidden') {
      document.visibilityState = state
      events.fire('visibilitychange')
    },
  }
}

describe('browserSchedule', () => {
  it('runs the task once after the delay; the returned function cancels it', () => {
    const fake = fakeWindow()
    const schedule = browserSchedule(fake.win)
    const ran: string[] = []
    schedule(() => ran.push('a'), 1000)
    const cancel = schedule(() => ran.push('b'), 1000)
    cancel()
    fake.advance(999)
    expect(ran).toEqual([])
    fake.advance(1)
    expect(ran).toEqual(['a'])
    expect(fake.timers.size).toBe(0)
  })
})

describe('browserIsVisible', () => {
  it.each([
    ['visible', true],
    ['hidden', false],
    [undefined, true],
  ])('visibilityState %s: %s', (visibilityState, visible) => {
    expect(browserIsVisible({ visibilityState })()).toBe(visible)
  })
})

describe('browserWatchCookies', () => {
  it('with cookieStore: a re-read on its change events, on focus and visibilitychange; no poll', () => {
    const fake = fakeWindow({ cookieStore: true })
    const onChange = vi.fn()
    const stop = browserWatchCookies(fake.win)(onChange)
    expect(fake.timers.size).toBe(0)
    ;(fake.win.cookieStore as ReturnType<typeof listenerHost>).fire('change')
    fake.events.fire('focus')
    fake.setVisibility('hidden')
    expect(onChange).toHaveBeenCalledTimes(3)
    fake.advance(10 * COOKIE_POLL_MS)
    expect(onChange).toHaveBeenCalledTimes(3)
    stop()
    expect(fake.events.count).toBe(0)
    expect((fake.win.cookieStore as ReturnType<typeof listenerHost>).count).toBe(0)
  })

  it('without cookieStore: polls every second while visible, not while hidden', () => {
    const fake = fakeWindow()
    const onChange = vi.fn()
    const stop = browserWatchCookies(fake.win)(onChange)
    fake.advance(COOKIE_POLL_MS - 1)
    expect(onChange).not.toHaveBeenCalled()
    fake.advance(1)
    expect(onChange).toHaveBeenCalledTimes(1)
    fake.advance(2 * COOKIE_POLL_MS)
    expect(onChange).toHaveBeenCalledTimes(3)
    fake.setVisibility('hidden')
    expect(onChange).toHaveBeenCalledTimes(4)
    expect(fake.timers.size).toBe(0)
    fake.advance(10 * COOKIE_POLL_MS)
    expect(onChange).toHaveBeenCalledTimes(4)
    fake.setVisibility('visible')
    expect(onChange).toHaveBeenCalledTimes(5)
    fake.advance(COOKIE_POLL_MS)
    expect(onChange).toHaveBeenCalledTimes(6)
    stop()
    expect([fake.events.count, fake.timers.size]).toEqual([0, 0])
    fake.advance(10 * COOKIE_POLL_MS)
    expect(onChange).toHaveBeenCalledTimes(6)
  })

  it('without cookieStore: a visibilitychange while visible re-reads but starts no second poll', () => {
    const fake = fakeWindow()
    const onChange = vi.fn()
    browserWatchCookies(fake.win)(onChange)
    fake.events.fire('visibilitychange')
    fake.events.fire('visibilitychange')
    expect(onChange).toHaveBeenCalledTimes(2)
    fake.advance(COOKIE_POLL_MS)
    expect(onChange).toHaveBeenCalledTimes(3)
  })

  it('without cookieStore: an onChange that throws does not stop the poll', () => {
    const fake = fakeWindow()
    let calls = 0
    browserWatchCookies(fake.win)(() => {
      calls++
      throw new Error('a bug')
    })
    expect(() => fake.advance(COOKIE_POLL_MS)).toThrow('a bug')
    expect(fake.timers.size).toBe(1)
    expect(() => fake.advance(COOKIE_POLL_MS)).toThrow('a bug')
    expect(calls).toBe(2)
  })

  it('started while hidden: no poll until the page shows', () => {
    const fake = fakeWindow()
    fake.document.visibilityState = 'hidden'
    const onChange = vi.fn()
    browserWatchCookies(fake.win)(onChange)
    expect(fake.timers.size).toBe(0)
    fake.setVisibility('visible')
    expect(fake.timers.size).toBe(1)
  })
})

describe('browserSessionDeps: watching a session through window', () => {
  const token = accessToken({ exp: NOW_S + 3600 })

  it.each([[false], [true]])(
    'cookieStore %s: a sign-out in another tab is heard within a second; unsubscribing leaves no listener or timer',
    (cookieStore) => {
      const fake = fakeWindow({ cookieStore, cookie: `access_token=${token}; refresh_token=rt-1` })
      const session = createPlatformSession(sessionConfig(), {
        ...browserSessionDeps(fake.win),
        now: fake.now,
        // userinfo is not the subject here
        fetch: () => new Promise(() => undefined),
      })
      const events: SessionEvent[] = []
      const stop = session.subscribe((event) => events.push(event))
      fake.document.cookie = ''
      if (cookieStore) (fake.win.cookieStore as ReturnType<typeof listenerHost>).fire('change')
      else fake.advance(COOKIE_POLL_MS)
      expect(events.map((event) => event.type)).toEqual(['signedOut'])
      stop()
      expect(fake.events.count).toBe(0)
      expect(
        (fake.win.cookieStore as ReturnType<typeof listenerHost> | undefined)?.count ?? 0,
      ).toBe(0)
      expect(fake.timers.size).toBe(0)
    },
  )

  it('without cookieStore: a listener that throws does not stop the poll; a sign-out elsewhere is still heard', () => {
    const fake = fakeWindow({ cookie: `access_token=${token}; refresh_token=rt-1` })
    const errors: unknown[] = []
    const session = createPlatformSession(sessionConfig(), {
      ...browserSessionDeps(fake.win),
      now: fake.now,
      fetch: () => new Promise(() => undefined),
      onError: (error) => errors.push(error),
    })
    const bug = new Error('a view bug')
    session.subscribe(() => {
      throw bug
    })
    const heard: string[] = []
    session.subscribe((event) => heard.push(event.type))
    // Another tab refreshed: the first listener throws on that event.
    const other = accessToken({ exp: NOW_S + 7200 })
    fake.document.cookie = `access_token=${other}; refresh_token=rt-2`
    fake.advance(COOKIE_POLL_MS)
    expect(errors).toEqual([bug])
    // Then a sign-out in another tab: the poll still runs and hears it.
    fake.document.cookie = ''
    fake.advance(COOKIE_POLL_MS)
    expect(heard).toEqual(['changedElsewhere', 'signedOut'])
    expect(errors).toEqual([bug, bug])
    expect(fake.timers.size).toBe(1)
  })

  it('onError defaults to console.error', () => {
    const fake = fakeWindow({ cookie: `access_token=${token}` })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const session = createPlatformSession(sessionConfig(), {
      ...browserSessionDeps(fake.win),
      now: fake.now,
      fetch: () => new Promise(() => undefined),
    })
    const bug = new Error('a view bug')
    session.subscribe(() => {
      throw bug
    })
    fake.document.cookie = ''
    fake.advance(COOKIE_POLL_MS)
    expect(logged).toHaveBeenCalledWith(bug)
  })

  it('the expiry timer: an expired event at exp minus the skew', () => {
    const fake = fakeWindow({ cookie: `access_token=${accessToken({ exp: NOW_S + 600 })}` })
    const session = createPlatformSession(sessionConfig(), {
      ...browserSessionDeps(fake.win),
      now: fake.now,
      fetch: () => new Promise(() => undefined),
    })
    const events: string[] = []
    session.subscribe((event) => events.push(event.type))
    fake.setVisibility('hidden')
    fake.advance(540_000)
    expect(events).toEqual(['expired'])
  })

  it('without removeEventListener or clearTimeout: no watching, the rest as before', () => {
    const fake = fakeWindow()
    const { removeEventListener: _r, ...noRemove } = fake.win
    expect(browserSessionDeps(noRemove).watchCookies).toBeUndefined()
    const { clearTimeout: _c, ...noClear } = fake.win
    const deps = browserSessionDeps(noClear)
    expect([deps.watchCookies, deps.schedule, deps.isVisible]).toEqual([
      undefined,
      undefined,
      undefined,
    ])
    expect(deps.cookies).toBeDefined()
  })
})
