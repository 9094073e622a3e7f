import { createPlatformSession } from '@mapping-platform/auth-core/session'
import type { CookieJar } from '@mapping-platform/auth-core/session'
import { act, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it } from 'vitest'
import { PlatformSessionProvider } from './PlatformSessionProvider'
import { RequireSession } from './RequireSession'
import { useSession } from './useSession'

// The provider over the real createPlatformSession (cookies in a map, the provider answered by a
// stub): what the hook shows follows the session's own snapshots and events, with no loop.

const NOW_S = 1_900_000_000
const config = {
  oktaOrgUrl: 'https://login.example.com',
  authServerId: 'default',
  clientId: '0oa1abc',
  parentDomain: '.example.com',
  localMode: false,
  signInUrl: 'https://signin.example.com/',
}
const TOKEN_URL = 'https://login.example.com/oauth2/default/v1/token'

function unsignedToken(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
  return `${part({ alg: 'RS256' })}.${part(claims)}.c2ln`
}

function setup(cookies: Record<string, string>, answer: (url: string) => Response) {
  const values = new Map(Object.entries(cookies))
  const jar: CookieJar = {
    get: (name) => values.get(name),
    getAll: (name) => (values.has(name) ? [values.get(name)!] : []),
    set: (write) => void values.set(write.name, write.value),
    remove: (removal) => void values.delete(removal.name),
  }
  const requests: string[] = []
  const navigations: string[] = []
  const session = createPlatformSession(config, {
    cookies: jar,
    now: () => NOW_S * 1000,
    navigate: (url) => navigations.push(url),
    fetch: async (input) => {
      const url = input instanceof Request ? input.url : String(input)
      requests.push(url)
      return answer(url)
    },
  })
  return { session, requests, navigations, values }
}

function Status() {
  const state = useSession()
  return (
    <p>
      {state.status}
      {state.status === 'signedIn' ? ` as ${state.user.email}` : ''}
      {state.status === 'error' ? ` (${state.error.code})` : ''}
    </p>
  )
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

describe('with the real session', () => {
  it('signed in from the cookies', () => {
    const { session } = setup(
      { access_token: unsignedToken({ sub: 'ada', email: 'ada@example.com', exp: NOW_S + 3600 }) },
      () => json({}, 404),
    )
    render(
      <PlatformSessionProvider session={session} apiOrigins={[]}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(screen.getByText('signedIn as ada@example.com')).toBeTruthy()
  })

  it('an expired token whose refresh is refused: one token request, then signed out and one redirect', async () => {
    const { session, requests, navigations } = setup(
      {
        access_token: unsignedToken({ sub: 'ada', exp: NOW_S - 600 }),
        refresh_token: 'rt-1',
      },
      () => json({ error: 'invalid_grant' }, 400),
    )
    render(
      <StrictMode>
        <PlatformSessionProvider session={session} apiOrigins={[]}>
          <Status />
          <RequireSession subSite="citystream">private</RequireSession>
        </PlatformSessionProvider>
      </StrictMode>,
    )
    expect(screen.getByText('loading')).toBeTruthy()
    expect(await screen.findByText('signedOut')).toBeTruthy()
    await act(async () => {})
    expect(requests.filter((url) => url === TOKEN_URL)).toHaveLength(1)
    expect(navigations).toHaveLength(1)
    expect(navigations[0]).toMatch(/^https:\/\/signin\.example\.com\//)
  })

  it('an expired token whose refresh cannot reach the provider: one request, then error', async () => {
    const { session, requests } = setup(
      { access_token: unsignedToken({ sub: 'ada', exp: NOW_S - 600 }), refresh_token: 'rt-1' },
      () => {
        throw new TypeError('Failed to fetch')
      },
    )
    render(
      <StrictMode>
        <PlatformSessionProvider session={session} apiOrigins={[]}>
          <Status />
        </PlatformSessionProvider>
      </StrictMode>,
    )
    expect(await screen.findByText('error (network_error)')).toBeTruthy()
    await act(async () => {})
    expect(requests.filter((url) => url === TOKEN_URL)).toHaveLength(1)
  })

  it('token copies a sibling tossed in at Path=/maps (this page is /maps/42): signed in, no redirect, the copies expired', async () => {
    // Cookies by name, Domain and Path, as a browser keeps them; the page sees those whose Path
    // is an ancestor of /maps/42, longer paths first.
    const live = unsignedToken({ sub: 'ada', email: 'ada@example.com', exp: NOW_S + 3600 })
    const mallory = unsignedToken({ sub: 'mallory', exp: NOW_S + 3600 })
    const stored = [
      { name: 'access_token', value: mallory, path: '/maps' },
      { name: 'refresh_token', value: 'rt-mallory', path: '/maps' },
      { name: 'access_token', value: live, path: '/' },
      { name: 'refresh_token', value: 'rt-1', path: '/' },
    ]
    const getAll = (name: string) =>
      stored.filter((cookie) => cookie.name === name).map((cookie) => cookie.value)
    const jar: CookieJar = {
      get: (name) => (getAll(name).length === 1 ? getAll(name)[0] : undefined),
      getAll,
      set: () => undefined,
      remove: (removal) => {
        const index = stored.findIndex(
          (cookie) => cookie.name === removal.name && cookie.path === removal.path,
        )
        if (index !== -1) stored.splice(index, 1)
      },
    }
    const navigations: string[] = []
    const session = createPlatformSession(config, {
      cookies: jar,
      now: () => NOW_S * 1000,
      navigate: (url) => navigations.push(url),
      pagePath: () => window.location.pathname,
      fetch: async () => json({}, 404),
    })
    render(
      <StrictMode>
        <PlatformSessionProvider session={session} apiOrigins={[]}>
          <Status />
          <RequireSession subSite="citystream">private</RequireSession>
        </PlatformSessionProvider>
      </StrictMode>,
    )
    await act(async () => {})
    expect(navigations).toEqual([])
    expect(screen.getByText('signedIn as ada@example.com')).toBeTruthy()
    expect(screen.getByText('private')).toBeTruthy()
    expect(stored.map((cookie) => cookie.path)).toEqual(['/', '/'])
  })
})

describe('with the real session: the clock and the refresh budget', () => {
  /** A provider that rotates `rt-N` and refuses replays, issuing one-hour tokens by its own clock. */
  function rotatingProvider(providerNowS: () => number) {
    let serial = 1
    return (form: URLSearchParams): Response => {
      if (form.get('refresh_token') !== `rt-${serial}`) return json({ error: 'invalid_grant' }, 400)
      serial += 1
      const iat = providerNowS()
      return json({
        token_type: 'Bearer',
        expires_in: 3600,
        access_token: unsignedToken({ sub: 'ada', email: 'ada@example.com', iat, exp: iat + 3600 }),
        refresh_token: `rt-${serial}`,
      })
    }
  }

  it('two sub-sites whose clock is two hours fast: at most two token requests, both signed in', async () => {
    const values = new Map<string, string>([
      ['access_token', unsignedToken({ sub: 'ada', iat: NOW_S, exp: NOW_S + 3600 })],
      ['refresh_token', 'rt-1'],
    ])
    const watchers = new Set<() => void>()
    const jar: CookieJar = {
      get: (name) => values.get(name),
      getAll: (name) => (values.has(name) ? [values.get(name)!] : []),
      set: (write) => {
        values.set(write.name, write.value)
        queueMicrotask(() => watchers.forEach((watcher) => watcher()))
      },
      remove: (removal) => void values.delete(removal.name),
    }
    let providerNowS = NOW_S
    const answer = rotatingProvider(() => providerNowS)
    let tokenRequests = 0
    const subSite = (name: string) =>
      createPlatformSession(config, {
        cookies: jar,
        now: () => (providerNowS + 7200) * 1000,
        navigate: () => undefined,
        sleep: () => new Promise((resolve) => setTimeout(resolve, 0)),
        randomId: () => `${name}-holder-${tokenRequests}`,
        onError: () => undefined,
        watchCookies: (onChange) => {
          watchers.add(onChange)
          return () => watchers.delete(onChange)
        },
        fetch: async (input, init) => {
          if (String(input) !== TOKEN_URL) return json({ sub: 'ada' })
          tokenRequests += 1
          return answer(new URLSearchParams(String(init?.body)))
        },
      })
    render(
      <>
        <PlatformSessionProvider session={subSite('citystream')} apiOrigins={[]}>
          <Status />
        </PlatformSessionProvider>
        <PlatformSessionProvider session={subSite('roads')} apiOrigins={[]}>
          <Status />
        </PlatformSessionProvider>
      </>,
    )
    for (let second = 0; second < 20; second++) {
      providerNowS += 1
      await act(async () => {
        watchers.forEach((watcher) => watcher())
        await new Promise((resolve) => setTimeout(resolve, 0))
      })
    }
    expect(tokenRequests).toBeLessThanOrEqual(2)
    expect(screen.getAllByText('signedIn as ada@example.com')).toHaveLength(2)
  })

  it('a refresh that cannot reach the provider shows error, and the retry when the page is back online signs in again (no reload)', async () => {
    const values = new Map<string, string>([
      ['access_token', unsignedToken({ sub: 'ada', exp: NOW_S - 600 })],
      ['refresh_token', 'rt-1'],
    ])
    const jar: CookieJar = {
      get: (name) => values.get(name),
      getAll: (name) => (values.has(name) ? [values.get(name)!] : []),
      set: (write) => void values.set(write.name, write.value),
      remove: (removal) => void values.delete(removal.name),
    }
    const signals = new Set<() => void>()
    const answer = rotatingProvider(() => NOW_S)
    let offline = true
    const session = createPlatformSession(config, {
      cookies: jar,
      now: () => NOW_S * 1000,
      navigate: () => undefined,
      watchRetrySignals: (onSignal) => {
        signals.add(onSignal)
        return () => signals.delete(onSignal)
      },
      fetch: async (_input, init) => {
        if (offline) throw new TypeError('Failed to fetch')
        return answer(new URLSearchParams(String(init?.body)))
      },
    })
    render(
      <PlatformSessionProvider session={session} apiOrigins={[]}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(await screen.findByText('error (network_error)')).toBeTruthy()
    offline = false
    await act(async () => {
      signals.forEach((signal) => signal())
    })
    expect(await screen.findByText('signedIn as ada@example.com')).toBeTruthy()
  })
})
