import { describe, expect, it, vi } from 'vitest'
import { createMemoryLock } from './createMemoryLock'
import {
  browserCookieJar,
  browserLock,
  browserNavigate,
  browserRandomId,
  browserRandom,
  browserRetrySignals,
  browserSessionDeps,
  browserSleep,
} from './browserDefaults'
import type { LocksNavigator } from './browserDefaults'

/** A `document` whose `cookie` setter records what was assigned, like the real one. */
function fakeDocument(header: string) {
  const assigned: string[] = []
  return {
    assigned,
    get cookie() {
      return header
    },
    set cookie(value: string) {
      assigned.push(value)
    },
  }
}

describe('browserCookieJar', () => {
  it.each([
    ['access_token', 'a=1; access_token=eyJ.x.y; refresh_token=rt', 'eyJ.x.y'],
    ['refresh_token', 'access_token=at;refresh_token=rt-1', 'rt-1'],
    ['access_token', 'access_token=a=b', 'a=b'],
  ])('get(%j) on %j: returns %j', (name, header, value) => {
    expect(browserCookieJar(fakeDocument(header)).get(name)).toBe(value)
  })

  it.each([
    ['an empty header', ''],
    ['only other cookies', 'my_access_token=x; access_token_old=y'],
    ['a nameless pair', '=access_token'],
    // Cookie tossing: a sibling's Path=/deeper cookie listed before ours. Neither is trusted.
    ['the name twice (a tossed cookie)', 'access_token=attacker; access_token=ours'],
    ['the name twice, among others', 'a=1; access_token=x; b=2; access_token=x'],
  ])('get: on %s returns undefined', (_label, header) => {
    expect(browserCookieJar(fakeDocument(header)).get('access_token')).toBeUndefined()
  })

  it.each([
    [
      'two copies, in document.cookie order',
      'access_token=deeper; a=1; access_token=ours',
      ['deeper', 'ours'],
    ],
    ['one copy', 'a=1; access_token=ours', ['ours']],
    ['none (a name that only ends like it)', 'xaccess_token=1; a=access_token', []],
  ])('getAll: %s', (_label, header, values) => {
    expect(browserCookieJar(fakeDocument(header)).getAll('access_token')).toEqual(values)
  })

  it('set: assigns the serialized cookie with every attribute', () => {
    const doc = fakeDocument('')
    browserCookieJar(doc).set({
      name: 'access_token',
      value: 'at',
      domain: '.example.com',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      maxAgeSeconds: 300,
    })
    expect(doc.assigned).toEqual([
      'access_token=at; Domain=.example.com; Path=/; Max-Age=300; Secure; SameSite=Lax',
    ])
  })

  it('remove: assigns the deletion with the same Domain and Path and Max-Age=0', () => {
    const doc = fakeDocument('')
    browserCookieJar(doc).remove({ name: 'refresh_token', domain: '.example.com', path: '/' })
    expect(doc.assigned).toEqual([
      'refresh_token=; Domain=.example.com; Path=/; Max-Age=0; Secure; SameSite=Lax',
    ])
  })
})

describe('browserLock', () => {
  it('with Web Locks: runs the task through navigator.locks.request under the name', async () => {
    const names: string[] = []
    const nav: LocksNavigator = {
      locks: {
        request: <T>(name: string, task: () => Promise<T>) => {
          names.push(name)
          return task()
        },
      },
    }
    await expect(browserLock(nav)('platform-session-refresh', async () => 42)).resolves.toBe(42)
    expect(names).toEqual(['platform-session-refresh'])
  })

  it('without Web Locks: falls back to an in-memory lock that still serializes tasks', async () => {
    const lock = browserLock({})
    const order: number[] = []
    await Promise.all([
      lock('x', async () => {
        await Promise.resolve()
        order.push(1)
      }),
      lock('x', async () => {
        order.push(2)
      }),
    ])
    expect(order).toEqual([1, 2])
  })
})

describe('browserNavigate', () => {
  it('navigates with location.assign', () => {
    const assign = vi.fn()
    browserNavigate({ assign })('https://signin.example.com/')
    expect(assign).toHaveBeenCalledWith('https://signin.example.com/')
  })
})

/** A `setTimeout` that records its calls and a `crypto` that fills with a counter. */
function fakeTimersAndCrypto() {
  const timeouts: number[] = []
  return {
    timeouts,
    setTimeout(handler: () => void, timeout: number) {
      timeouts.push(timeout)
      handler()
      return 0
    },
    crypto: {
      getRandomValues<T extends Uint8Array>(array: T): T {
        array.forEach((_, index) => (array[index] = index * 17))
        return array
      },
    },
  }
}
const timersAndCrypto = fakeTimersAndCrypto()

describe('browserSleep', () => {
  it('resolves through setTimeout with the given delay', async () => {
    const fake = fakeTimersAndCrypto()
    await expect(browserSleep(fake)(250)).resolves.toBeUndefined()
    expect(fake.timeouts).toEqual([250])
  })

  it('does not resolve before the timer fires', async () => {
    vi.useFakeTimers()
    try {
      let done = false
      const sleeping = browserSleep({ setTimeout: (h, ms) => setTimeout(h, ms) })(100).then(() => {
        done = true
      })
      await vi.advanceTimersByTimeAsync(99)
      expect(done).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await sleeping
      expect(done).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('browserRandomId', () => {
  it('is 16 random bytes as 32 lowercase hex digits, zero-padded', () => {
    expect(browserRandomId(fakeTimersAndCrypto().crypto)()).toBe('00112233445566778899aabbccddeeff')
  })

  it('draws fresh bytes on every call', () => {
    let seed = 0
    const next = browserRandomId({
      getRandomValues<T extends Uint8Array>(array: T): T {
        array.fill(seed++)
        return array
      },
    })
    expect(next()).toBe('00'.repeat(16))
    expect(next()).toBe('01'.repeat(16))
  })
})

describe('browserRandom', () => {
  it('is 32 random bits over 2^32: 0 for zero bytes, just under 1 for 0xff bytes, big-endian', () => {
    const fill = (bytes: number[]) =>
      browserRandom({
        getRandomValues<T extends Uint8Array>(array: T): T {
          array.set(bytes)
          return array
        },
      })()
    expect(fill([0, 0, 0, 0])).toBe(0)
    expect(fill([255, 255, 255, 255])).toBe((2 ** 32 - 1) / 2 ** 32)
    expect(fill([128, 0, 0, 1])).toBe((2 ** 31 + 1) / 2 ** 32)
  })
})

describe('browserRetrySignals', () => {
  function host(visibilityState: string) {
    const listeners = new Map<string, () => void>()
    return {
      listeners,
      document: { visibilityState },
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string, listener: () => void) => {
        if (listeners.get(type) === listener) listeners.delete(type)
      },
    }
  }

  it('signals on online, focus and visibilitychange to visible; stop removes all three', () => {
    const fake = host('visible')
    const onSignal = vi.fn()
    const stop = browserRetrySignals(fake, fake.document)(onSignal)
    expect([...fake.listeners.keys()].sort()).toEqual(['focus', 'online', 'visibilitychange'])
    for (const type of ['online', 'focus', 'visibilitychange']) fake.listeners.get(type)?.()
    expect(onSignal).toHaveBeenCalledTimes(3)
    stop()
    expect(fake.listeners.size).toBe(0)
  })

  it('not on visibilitychange to hidden', () => {
    const fake = host('hidden')
    const onSignal = vi.fn()
    browserRetrySignals(fake, fake.document)(onSignal)
    fake.listeners.get('visibilitychange')?.()
    expect(onSignal).not.toHaveBeenCalled()
  })
})

describe('browserSessionDeps', () => {
  it('reports to console.error, draws the jitter from crypto, and retries on window events', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const listeners: string[] = []
    const deps = browserSessionDeps({
      ...timersAndCrypto,
      document: fakeDocument(''),
      navigator: {},
      location: { assign: vi.fn() },
      addEventListener: (type) => listeners.push(type),
      removeEventListener: () => undefined,
      clearTimeout: () => undefined,
    })
    const problem = new Error('x')
    deps.onError?.(problem)
    expect(error).toHaveBeenCalledWith(problem)
    expect(deps.random?.()).toBe(0x00112233 / 2 ** 32)
    deps.watchRetrySignals?.(() => undefined)
    expect(listeners).toEqual(['online', 'focus', 'visibilitychange'])
  })

  it('gives the refresh lease its waits and holder ids from setTimeout and crypto', async () => {
    const fake = fakeTimersAndCrypto()
    const deps = browserSessionDeps({
      ...fake,
      document: fakeDocument(''),
      navigator: {},
      location: { assign: vi.fn() },
    })
    await deps.sleep?.(100)
    expect(fake.timeouts).toEqual([100])
    expect(deps.randomId?.()).toBe('00112233445566778899aabbccddeeff')
  })

  it('wires the jar, the lock and navigation to the given objects', async () => {
    const doc = fakeDocument('access_token=at')
    const assign = vi.fn()
    const deps = browserSessionDeps({
      ...timersAndCrypto,
      document: doc,
      navigator: {},
      location: { assign },
    })
    expect(deps.cookies.get('access_token')).toBe('at')
    deps.navigate('https://x.example.com/')
    expect(assign).toHaveBeenCalledWith('https://x.example.com/')
    await expect(deps.lock?.('x', async () => 'ok')).resolves.toBe('ok')
  })

  it('reads the page path from location.pathname at call time (sign-out expires tossed cookies there)', () => {
    const location = { assign: () => undefined, pathname: '/a' }
    const deps = browserSessionDeps({
      ...timersAndCrypto,
      document: fakeDocument(''),
      navigator: {},
      location,
    })
    location.pathname = '/a/b'
    expect(deps.pagePath?.()).toBe('/a/b')
  })

  it('lets overrides replace any dependency', () => {
    const lock = createMemoryLock()
    const deps = browserSessionDeps(
      {
        ...timersAndCrypto,
        document: fakeDocument(''),
        navigator: {},
        location: { assign: vi.fn() },
      },
      { lock, timeoutMs: 5000 },
    )
    expect(deps.lock).toBe(lock)
    expect(deps.timeoutMs).toBe(5000)
  })
})
