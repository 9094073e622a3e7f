import { describe, expect, it, vi } from 'vitest'
import type { CookieRemoval, CookieWrite, SignInEvent } from '@mapping-platform/auth-core'
import type { CookieJar } from '../browser/cookies'
import type { LocationAdapter } from '../browser/locationAdapter'
import { createTransactionStorage } from '../browser/transactionStorage'
import type { Timers } from '../browser/timers'
import { testAuthConfig } from '../testing/harness'
import { SECRETS, oktaError } from '../testing/oktaBodies'
import { runEffect } from './runEffect'
import type { EffectAdapters } from './runEffect'

function adapters(overrides: Partial<EffectAdapters> = {}): EffectAdapters {
  const location: LocationAdapter = {
    hash: () => '',
    search: () => '',
    host: () => 'signin.example.com',
    pathname: () => '/',
    historyEmail: () => null,
    setStep: vi.fn(),
    clearUrl: vi.fn(),
    navigate: vi.fn(),
    reload: vi.fn(),
    onHistoryChange: () => () => undefined,
    onRestoredFromCache: () => () => undefined,
  }
  // Keeps what is written (the refresh lease reads its own cookie back); starts empty.
  const jar = new Map<string, string>()
  const cookies: CookieJar = {
    get: (name) => jar.get(name),
    getAll: (name) => {
      const value = jar.get(name)
      return value === undefined ? [] : [value]
    },
    set: vi.fn((cookie: CookieWrite) => void jar.set(cookie.name, cookie.value)),
    remove: vi.fn((cookie: CookieRemoval) => void jar.delete(cookie.name)),
  }
  const timers: Timers = {
    // Real waits: the refresh lease's (100 ms) end; the flow's own timers are tested below.
    start: vi.fn((callback: () => void, ms: number) => {
      const id = setTimeout(callback, ms)
      return () => clearTimeout(id)
    }),
    deadline: () => new AbortController().signal,
    whenIdle: (callback) => callback(),
    now: () => 1_700_000_000_000,
  }
  return {
    config: testAuthConfig(),
    storage: createTransactionStorage(),
    cookies,
    location,
    timers,
    randomBytes: (length) => crypto.getRandomValues(new Uint8Array(length)),
    reporter: {
      reportFailure: vi.fn(),
      reportWarning: vi.fn(),
    },
    ...overrides,
  }
}

const END_SESSION = {
  type: 'endSession',
  cookies: [
    { name: 'access_token', domain: '.example.com', path: '/' },
    { name: 'refresh_token', domain: '.example.com', path: '/' },
  ],
} as const

/** Runs one effect and resolves with the first event it sends. */
function firstEvent(
  effect: Parameters<typeof runEffect>[0],
  given: EffectAdapters,
): Promise<SignInEvent> {
  return new Promise((resolve) => runEffect(effect, resolve, given))
}

describe('runEffect', () => {
  it('setLocation and clearUrl go to the location adapter, synchronously', () => {
    const given = adapters()
    runEffect(
      { type: 'setLocation', hash: '#sign-in', email: 'a@example.com', mode: 'push' },
      vi.fn(),
      given,
    )
    runEffect({ type: 'clearUrl' }, vi.fn(), given)
    expect(given.location.setStep).toHaveBeenCalledWith('#sign-in', 'a@example.com', 'push')
    expect(given.location.clearUrl).toHaveBeenCalledTimes(1)
  })

  it('persist and forget use the signin.* sessionStorage keys', () => {
    const given = adapters()
    runEffect({ type: 'persist', item: 'mfaRedirect', value: '1' }, vi.fn(), given)
    expect(sessionStorage.getItem('signin.mfaRedirect')).toBe('1')
    runEffect({ type: 'forget', item: 'mfaRedirect' }, vi.fn(), given)
    expect(sessionStorage.getItem('signin.mfaRedirect')).toBeNull()
  })

  it('on a persist that storage refuses: sends storageFailed and stops the transition', () => {
    const send = vi.fn()
    const given = adapters({
      storage: {
        read: () => null,
        write: () => {
          throw new DOMException('Quota exceeded', 'QuotaExceededError')
        },
        remove: () => undefined,
      },
    })
    expect(runEffect({ type: 'persist', item: 'pkceVerifier', value: 'v' }, send, given)).toBe(
      'stop',
    )
    expect(send).toHaveBeenCalledWith({ type: 'storageFailed' })
    expect(runEffect({ type: 'forget', item: 'pkceVerifier' }, send, given)).toBe('continue')
  })

  it('startTimer sends timerElapsed after the delay', () => {
    vi.useFakeTimers()
    try {
      const send = vi.fn()
      const given = adapters({
        timers: {
          ...adapters().timers,
          start: (cb, ms) => {
            const id = setTimeout(cb, ms)
            return () => clearTimeout(id)
          },
        },
      })
      runEffect({ type: 'startTimer', attempt: 4, id: 'authorizeRedirect', ms: 1000 }, send, given)
      vi.advanceTimersByTime(999)
      expect(send).not.toHaveBeenCalled()
      vi.advanceTimersByTime(1)
      expect(send).toHaveBeenCalledWith({
        type: 'timerElapsed',
        attempt: 4,
        id: 'authorizeRedirect',
      })
    } finally {
      vi.useRealTimers()
    }
  })

  it('navigate, cookies and reports go to their adapters', async () => {
    const given = adapters()
    runEffect({ type: 'navigate', url: 'https://x.example.com/', mode: 'replace' }, vi.fn(), given)
    expect(given.location.navigate).toHaveBeenCalledWith('https://x.example.com/', 'replace')
    const cookie = {
      name: 'access_token',
      value: 'v',
      domain: '.example.com',
      path: '/',
      secure: true,
      sameSite: 'Lax',
      maxAgeSeconds: 60,
    } as const
    runEffect(
      {
        type: 'finishSignIn',
        removals: [],
        cookies: [cookie, { ...cookie, name: 'refresh_token' }],
        url: 'https://roads.example.com/',
        mode: 'replace',
      },
      vi.fn(),
      given,
    )
    // Under the refresh lease: written, then the page goes on, after the lease's settle wait.
    await vi.waitFor(() =>
      expect(given.location.navigate).toHaveBeenCalledWith('https://roads.example.com/', 'replace'),
    )
    expect(given.cookies.set).toHaveBeenCalledWith(cookie)
    expect(given.cookies.set).toHaveBeenCalledWith({ ...cookie, name: 'refresh_token' })
    runEffect(
      { type: 'removeCookie', cookie: { name: 'post_login_redirect', path: '/' } },
      vi.fn(),
      given,
    )
    expect(given.cookies.remove).toHaveBeenCalledWith({ name: 'post_login_redirect', path: '/' })
    runEffect(
      { type: 'reportFailure', code: 'timeout', step: 'password', severity: 'error' },
      vi.fn(),
      given,
    )
    expect(given.reporter.reportFailure).toHaveBeenCalledWith('timeout', 'password', 'error')
  })
  it('reportIgnoredCookies: hands the names (never values) to the reporter, as a warning', async () => {
    const given = adapters()
    runEffect({ type: 'reportIgnoredCookies', names: ['tracking', 'hint'] }, vi.fn(), given)
    await vi.waitFor(() =>
      expect(given.reporter.reportWarning).toHaveBeenCalledWith(
        expect.objectContaining({ extra: { ignored_names: 'tracking,hint' } }),
      ),
    )
  })

  it('callAuthn passes the injected fetch and a deadline, and reports failures by code', async () => {
    const fetch = vi.fn(async () => oktaError('E0000047', 429))
    const deadline = vi.fn(() => new AbortController().signal)
    const base = adapters()
    const given = adapters({
      fetch: fetch as unknown as typeof globalThis.fetch,
      timers: { ...base.timers, deadline },
    })
    const event = await firstEvent(
      {
        type: 'callAuthn',
        attempt: 3,
        call: { kind: 'primary', username: 'a@example.com', password: SECRETS.password },
      },
      given,
    )
    expect(event).toMatchObject({
      type: 'authnCallFailed',
      attempt: 3,
      call: 'primary',
      error: 'rate_limited',
    })
    expect(deadline).toHaveBeenCalledWith(15_000)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('on a request past its deadline: authnCallFailed with timeout', async () => {
    const fetch = vi.fn(
      (_url: unknown, init: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    )
    const controller = new AbortController()
    const base = adapters()
    const given = adapters({
      fetch: fetch as unknown as typeof globalThis.fetch,
      timers: { ...base.timers, deadline: () => controller.signal },
    })
    const pending = firstEvent(
      { type: 'callAuthn', attempt: 2, call: { kind: 'resume', stateToken: SECRETS.stateToken } },
      given,
    )
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'))
    expect(await pending).toEqual({
      type: 'authnCallFailed',
      attempt: 2,
      call: 'resume',
      error: 'timeout',
    })
  })

  it('on a request past its deadline in WebKit (a plain AbortError, not the reason): authnCallFailed with timeout', async () => {
    // WebKit rejects an aborted fetch with DOMException AbortError "Fetch is aborted" whatever the
    // signal's reason; Chromium and Firefox reject with the reason (TimeoutError), as specified.
    const fetch = vi.fn(
      (_url: unknown, init: RequestInit) =>
        new Promise<Response>((_, reject) =>
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('Fetch is aborted', 'AbortError')),
          ),
        ),
    )
    const controller = new AbortController()
    const base = adapters()
    const given = adapters({
      fetch: fetch as unknown as typeof globalThis.fetch,
      timers: { ...base.timers, deadline: () => controller.signal },
    })
    const pending = firstEvent(
      { type: 'callAuthn', attempt: 2, call: { kind: 'resume', stateToken: SECRETS.stateToken } },
      given,
    )
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled())
    controller.abort(new DOMException('The operation timed out.', 'TimeoutError'))
    expect(await pending).toMatchObject({ type: 'authnCallFailed', error: 'timeout' })
  })

  it('endSession revokes the refresh token and the access token the cookies hold, as signOut does, then sends sessionEnded', async () => {
    const forms: Record<string, string>[] = []
    const fetch = vi.fn(async (_url: unknown, init?: RequestInit) => {
      forms.push(Object.fromEntries(new URLSearchParams(String(init?.body))))
      return new Response(null, { status: 200 })
    })
    const held: Record<string, string> = {
      access_token: SECRETS.accessToken,
      refresh_token: SECRETS.refreshToken,
    }
    const base = adapters()
    const given = adapters({
      fetch: fetch as unknown as typeof globalThis.fetch,
      cookies: {
        ...base.cookies,
        get: (name) => held[name] ?? base.cookies.get(name),
        getAll: (name) => (held[name] === undefined ? base.cookies.getAll(name) : [held[name]]),
      },
    })
    expect(await firstEvent(END_SESSION, given)).toEqual({ type: 'sessionEnded' })
    expect(forms).toHaveLength(2)
    expect(forms).toContainEqual(
      expect.objectContaining({ token: SECRETS.refreshToken, token_type_hint: 'refresh_token' }),
    )
    expect(forms).toContainEqual(
      expect.objectContaining({ token: SECRETS.accessToken, token_type_hint: 'access_token' }),
    )
  })

  it('endSession with only an access token left revokes that one; with neither it sends nothing', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 503 }))
    const base = adapters()
    const onlyAccess = adapters({
      fetch: fetch as unknown as typeof globalThis.fetch,
      cookies: {
        ...base.cookies,
        get: (name) => (name === 'access_token' ? SECRETS.accessToken : base.cookies.get(name)),
        getAll: (name) =>
          name === 'access_token' ? [SECRETS.accessToken] : base.cookies.getAll(name),
      },
    })
    // A failed revocation still ends the session (best effort: the cookies go either way).
    expect(await firstEvent(END_SESSION, onlyAccess)).toEqual({ type: 'sessionEnded' })
    expect(fetch).toHaveBeenCalledTimes(1)
    const none = adapters({ fetch: fetch as unknown as typeof globalThis.fetch })
    expect(await firstEvent(END_SESSION, none)).toEqual({ type: 'sessionEnded' })
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('prepareAuthorization builds the PKCE request from the CSPRNG', async () => {
    const event = await firstEvent(
      { type: 'prepareAuthorization', attempt: 5, sessionToken: SECRETS.sessionToken },
      adapters(),
    )
    expect(event.type).toBe('authorizationPrepared')
    if (event.type !== 'authorizationPrepared') return
    expect(event.request.codeVerifier).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(event.now).toBe(1_700_000_000_000)
    expect(event.attempt).toBe(5)
  })

  it('on a broken random source: fails closed with crypto_unavailable', async () => {
    const given = adapters({ randomBytes: () => new Uint8Array(32) })
    expect(
      await firstEvent({ type: 'prepareAuthorization', attempt: 1, sessionToken: 's' }, given),
    ).toEqual({
      type: 'authorizationFailed',
      attempt: 1,
      error: 'crypto_unavailable',
    })
    expect(
      await firstEvent(
        { type: 'prepareGoogleRedirect', attempt: 2 },
        adapters({
          randomBytes: () => {
            throw new Error('no crypto')
          },
        }),
      ),
    ).toEqual({
      type: 'googleRedirectFailed',
      attempt: 2,
      error: 'crypto_unavailable',
    })
  })
})
