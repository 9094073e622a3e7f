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
      <PlatformSessionProvider session={session}>
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
        <PlatformSessionProvider session={session}>
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
        <PlatformSessionProvider session={session}>
          <Status />
        </PlatformSessionProvider>
      </StrictMode>,
    )
    expect(await screen.findByText('error (network_error)')).toBeTruthy()
    await act(async () => {})
    expect(requests.filter((url) => url === TOKEN_URL)).toHaveLength(1)
  })
})
