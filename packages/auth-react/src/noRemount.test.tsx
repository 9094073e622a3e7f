import {
  createFakeTokenEndpoint,
  createTestCookieJar,
  fakeAccessToken,
  TEST_NOW_S,
  TEST_SESSION_CONFIG,
} from '@mapping-platform/auth-core/testing'
import { createPlatformSession } from '@mapping-platform/auth-core/session'
import type { SessionConfig } from '@mapping-platform/auth-core/session'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PlatformSessionProvider } from './PlatformSessionProvider'
import { RequireSession } from './RequireSession'
import { useSession } from './useSession'

// A protected page keeps its state through token expiries (no remount, no refetch). The real
// createPlatformSession over auth-core's fake token endpoint (rotation, tokens of `ttl` seconds
// by the test's clock), with timers and the clock faked by Vitest.

const API = 'https://api.example.com/projects/42'

beforeEach(() => {
  vi.useFakeTimers({ now: TEST_NOW_S * 1000 })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A signed-in page at the provider with `ttl`-second tokens, issued just now. */
function platform(options: { ttl: number; config?: Partial<SessionConfig>; visible?: boolean }) {
  const config = { ...TEST_SESSION_CONFIG, ...options.config }
  const now = () => Date.now()
  const nowS = Math.floor(now() / 1000)
  const first = fakeAccessToken({ iat: nowS, exp: nowS + options.ttl })
  const jar = createTestCookieJar(
    { access_token: first, refresh_token: 'rt-0' },
    { domain: config.parentDomain, now },
  )
  const endpoint = createFakeTokenEndpoint({
    config,
    now,
    accessTokenTtlSeconds: options.ttl,
    refreshTokens: ['rt-0'],
    accessTokens: [first],
  })
  const apiCalls: string[] = []
  const warnings: string[] = []
  const errors: unknown[] = []
  let holder = 0
  // The page's API (useSession().fetch sends with the global fetch).
  vi.stubGlobal('fetch', async (input: Request) => {
    apiCalls.push(input.url)
    return new Response('{}', { headers: { 'content-type': 'application/json' } })
  })
  const session = createPlatformSession(config, {
    cookies: jar,
    now,
    navigate: () => undefined,
    fetch: endpoint.fetch,
    schedule: (task, ms) => {
      const id = setTimeout(task, ms)
      return () => clearTimeout(id)
    },
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    randomId: () => `holder-${String(++holder).padStart(4, '0')}`,
    isVisible: () => options.visible ?? true,
    onError: (error) => errors.push(error),
    warn: (message: string) => warnings.push(message),
  } as Parameters<typeof createPlatformSession>[1])
  const tokenRequests = () => endpoint.requests.filter((request) => request.endpoint === 'token')
  return { session, endpoint, apiCalls, tokenRequests, warnings, errors }
}

/** What the page saw: its renders, its mounts, the statuses it was shown (set by `renderPage`). */
let seen = { renders: 0, mounts: 0, statuses: [] as string[] }
const record = {
  render: () => void (seen.renders += 1),
  mount: () => void (seen.mounts += 1),
  status: (status: string) => void seen.statuses.push(status),
}

/** A protected page with state of its own, which loads its data once per mount. */
function Page() {
  record.render()
  const [clicks, setClicks] = useState(0)
  const { fetch, user } = useSession()
  useEffect(() => {
    record.mount()
    void fetch(API)
  }, [fetch])
  return (
    <button onClick={() => setClicks((count) => count + 1)}>
      {user?.email} clicked {clicks}
    </button>
  )
}

function StatusLog() {
  const { status } = useSession()
  record.status(status)
  return null
}

function renderPage(session: ReturnType<typeof platform>['session']) {
  seen = { renders: 0, mounts: 0, statuses: [] }
  return render(
    <PlatformSessionProvider
      session={session}
      subSite="citystream"
      apiOrigins={[new URL(API).origin]}
    >
      <StatusLog />
      <RequireSession subSite="citystream" fallback={<p>Loading…</p>}>
        <Page />
      </RequireSession>
    </PlatformSessionProvider>,
  )
}

/** Moves the clock and the timers by `seconds`, one second at a time, letting promises settle. */
async function live(seconds: number) {
  for (let second = 0; second < seconds; second++)
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000)
    })
}

describe('no remount while the person stays signed in', () => {
  it('two expiries of a 10-minute token: the page keeps its state, is rendered again for nothing, and loads its data once', async () => {
    const world = platform({ ttl: 600 })
    renderPage(world.session)
    await live(1)
    for (let click = 0; click < 3; click++) fireEvent.click(screen.getByRole('button'))
    expect(screen.getByRole('button').textContent).toBe('ada@example.com clicked 3')
    const rendersAfterClicks = seen.renders

    await live(2 * 600 + 5)

    expect(world.tokenRequests()).toHaveLength(2)
    expect(screen.getByRole('button').textContent).toBe('ada@example.com clicked 3')
    expect(seen.mounts).toBe(1)
    expect(world.apiCalls).toEqual([API])
    expect(seen.renders).toBe(rendersAfterClicks)
    expect(new Set(seen.statuses)).toEqual(new Set(['signedIn']))
  })

  it('a hidden page (no refresh ahead): at each expiry the page stays mounted while the token is refreshed', async () => {
    const world = platform({ ttl: 600, visible: false })
    renderPage(world.session)
    await live(1)
    fireEvent.click(screen.getByRole('button'))

    await live(2 * 600 + 5)

    expect(world.tokenRequests().length).toBeGreaterThanOrEqual(2)
    expect(screen.getByRole('button').textContent).toBe('ada@example.com clicked 1')
    expect(seen.mounts).toBe(1)
    expect(world.apiCalls).toEqual([API])
    expect(screen.queryByText('Loading…')).toBeNull()
  })
})

describe('a token lifetime shorter than the clock-skew allowance', () => {
  it('5 s tokens with the default 60 s skew: signed in at once, never "Loading…", the refresh budget kept, one warning', async () => {
    const world = platform({ ttl: 5, config: { localMode: false } })
    renderPage(world.session)
    expect(screen.queryByText('Loading…')).toBeNull()
    await live(1)
    fireEvent.click(screen.getByRole('button'))

    await live(60)

    // A refresh every 4 s (a fifth of the life before exp) until the ceiling: never more than
    // four in any 75 s, and the page, mounted all along, says why (rate_limited) meanwhile.
    expect(world.tokenRequests()).toHaveLength(4)
    expect(screen.getByRole('button').textContent).toMatch(/clicked 1$/)
    expect(seen.mounts).toBe(1)
    expect(seen.statuses).not.toContain('loading')
    expect(new Set(seen.statuses)).toEqual(new Set(['signedIn', 'error']))
    expect(world.errors).toMatchObject([{ code: 'rate_limited' }])
    expect(world.warnings).toHaveLength(1)
    expect(world.warnings[0]).toMatch(/5 s.*clockSkewSeconds \(60 s\)/)
    // Once the oldest refresh is 75 s old, the next one is sent: signed in again.
    await live(20)
    expect(world.tokenRequests().length).toBeGreaterThan(4)
    expect(screen.getByRole('button').textContent).toBe('ada@example.com clicked 1')
  })
})
