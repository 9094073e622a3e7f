import { AuthError } from '@mapping-platform/auth-core/session'
import type {
  PlatformSession,
  SessionEvent,
  SessionSnapshot,
} from '@mapping-platform/auth-core/session'
import { act, render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { PlatformSessionProvider } from './PlatformSessionProvider'
import { SignedIn } from './SignedIn'
import { SignedOut } from './SignedOut'
import { useSession } from './useSession'
import type { SessionState } from './sessionState'
import { createTestSession } from './testing/createTestSession'

/** Shows what useSession() says, and records every state object it rendered with. */
function Status({ seen }: { seen?: SessionState[] }) {
  const state = useSession()
  seen?.push(state)
  return (
    <p>
      {state.status}
      {state.user ? ` as ${state.user.name}` : ''}
      {state.error ? ` (${state.error.code})` : ''}
    </p>
  )
}

/** A test session whose snapshot a test sets directly (expired, invalid…). */
function sessionAt(
  snapshot: SessionSnapshot,
  getAccessToken = vi.fn<PlatformSession['getAccessToken']>(async () => null),
) {
  const session = createTestSession()
  let current = snapshot
  const listeners = new Set<(event: SessionEvent) => void>()
  return {
    ...session,
    getSnapshot: () => current,
    readSession: () => current,
    subscribe(listener: (event: SessionEvent) => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    getAccessToken,
    set(next: SessionSnapshot) {
      current = next
      for (const listener of listeners) listener({ type: 'changedElsewhere', snapshot: next })
    },
  }
}

const expired = (refreshable: boolean): SessionSnapshot => ({
  status: 'expired',
  accessToken: null,
  refreshable,
  claims: null,
  expiresAt: null,
})

describe('PlatformSessionProvider and useSession', () => {
  it('shows the signed-in person', () => {
    render(
      <PlatformSessionProvider
        apiOrigins={[]}
        session={createTestSession({ user: { name: 'Grace Hopper' } })}
      >
        <Status />
        <SignedIn>only when signed in</SignedIn>
        <SignedOut>only when signed out</SignedOut>
      </PlatformSessionProvider>,
    )
    expect(screen.getByText('signedIn as Grace Hopper')).toBeTruthy()
    expect(screen.queryByText('only when signed in')).toBeTruthy()
    expect(screen.queryByText('only when signed out')).toBeNull()
  })

  it('shows signed out, and follows the session as it changes elsewhere', () => {
    const session = createTestSession({ signedIn: false })
    render(
      <PlatformSessionProvider apiOrigins={[]} session={session}>
        <Status />
        <SignedIn>only when signed in</SignedIn>
        <SignedOut>only when signed out</SignedOut>
      </PlatformSessionProvider>,
    )
    expect(screen.getByText('signedOut')).toBeTruthy()
    expect(screen.queryByText('only when signed out')).toBeTruthy()

    act(() => session.signIn({ name: 'Ada' }))
    expect(screen.getByText('signedIn as Ada')).toBeTruthy()
    expect(screen.queryByText('only when signed out')).toBeNull()

    act(() => session.endSession())
    expect(screen.getByText('signedOut')).toBeTruthy()
    expect(screen.queryByText('only when signed in')).toBeNull()
  })

  it('gives the same object until the session changes (no render loop, no needless render)', () => {
    const session = createTestSession()
    const seen: SessionState[] = []
    const { rerender } = render(
      <PlatformSessionProvider apiOrigins={[]} session={session}>
        <Status seen={seen} />
      </PlatformSessionProvider>,
    )
    rerender(
      <PlatformSessionProvider apiOrigins={[]} session={session}>
        <Status seen={seen} />
      </PlatformSessionProvider>,
    )
    expect(seen.length).toBe(2)
    expect(seen[1]).toBe(seen[0])
    act(() => session.signIn({ name: 'Someone else' }))
    expect(seen.at(-1)).not.toBe(seen[0])
    expect(seen.at(-1)?.user?.name).toBe('Someone else')
  })

  it('signingOut from the moment signOut() starts: neither SignedIn nor SignedOut renders', async () => {
    const session = createTestSession()
    function SignOutButton() {
      const { signOut } = useSession()
      return (
        <button onClick={() => void signOut({ returnTo: 'https://citystream.example.com/' })}>
          Sign out
        </button>
      )
    }
    render(
      <PlatformSessionProvider apiOrigins={[]} session={session}>
        <Status />
        <SignOutButton />
        <SignedIn>in</SignedIn>
        <SignedOut>out</SignedOut>
      </PlatformSessionProvider>,
    )
    await act(async () => screen.getByRole('button').click())
    expect(screen.getByText('signingOut')).toBeTruthy()
    expect(screen.queryByText('in')).toBeNull()
    expect(screen.queryByText('out')).toBeNull()
    expect(session.signOuts).toEqual([{ returnTo: 'https://citystream.example.com/' }])
  })

  it('damaged cookies (invalid) are an error carrying the session error', () => {
    const error = new AuthError('unknown_error', 'access_token is not a JWT')
    render(
      <PlatformSessionProvider apiOrigins={[]} session={sessionAt({ status: 'error', error })}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(screen.getByText('error (unknown_error)')).toBeTruthy()
  })

  it('a refresh that fails with something other than an AuthError shows an unknown_error', async () => {
    const getAccessToken = vi.fn<PlatformSession['getAccessToken']>(async () => {
      throw new TypeError('not an AuthError')
    })
    render(
      <PlatformSessionProvider apiOrigins={[]} session={sessionAt(expired(true), getAccessToken)}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(await screen.findByText('error (unknown_error)')).toBeTruthy()
  })

  it('an active session is never refreshed by the provider', async () => {
    const getAccessToken = vi.fn<PlatformSession['getAccessToken']>(async () => 'at')
    const session = sessionAt(
      createTestSession({ user: { name: 'Ada' } }).getSnapshot(),
      getAccessToken,
    )
    render(
      <PlatformSessionProvider apiOrigins={[]} session={session}>
        <Status />
      </PlatformSessionProvider>,
    )
    await act(async () => {})
    expect(screen.getByText('signedIn as Ada')).toBeTruthy()
    expect(getAccessToken).not.toHaveBeenCalled()
  })

  it('with config and deps: creates the session once, in the browser, from those deps', async () => {
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const token = `${part({ alg: 'RS256' })}.${part({ sub: 'ada', exp: 4_000_000_000 })}.c2ln`
    const jar = {
      get: (name: string) => (name === 'access_token' ? token : undefined),
      getAll: (name: string) => (name === 'access_token' ? [token] : []),
      set: () => undefined,
      remove: () => undefined,
    }
    const deps = vi.fn(() => ({
      cookies: jar,
      navigate: () => undefined,
      fetch: async () => new Response('{}', { status: 404 }),
    }))
    const config = {
      oktaOrgUrl: 'https://login.example.com',
      authServerId: 'default',
      clientId: '0oa1abc',
      parentDomain: '.example.com',
      localMode: false,
      signInUrl: 'https://signin.example.com/',
    }
    const tree = (
      <PlatformSessionProvider apiOrigins={[]} config={config} deps={deps}>
        <Status />
      </PlatformSessionProvider>
    )
    const { rerender } = render(tree)
    rerender(tree)
    await act(async () => {})
    expect(screen.getByText(/^signedIn/)).toBeTruthy()
    expect(deps).toHaveBeenCalledOnce()
  })

  it('a config result with problems: the render throws configuration_error naming each, one sentence after another', () => {
    const problems = [
      {
        variable: 'VITE_OKTA_ORG_URL',
        reason: 'missing',
        message: 'VITE_OKTA_ORG_URL is missing.',
      },
      { variable: 'VITE_CLIENT_ID', reason: 'missing', message: 'VITE_CLIENT_ID is missing.' },
    ] as const
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    expect(() =>
      render(
        <PlatformSessionProvider apiOrigins={[]} config={{ ok: false, problems }}>
          <Status />
        </PlatformSessionProvider>,
      ),
    ).toThrow(
      expect.objectContaining({
        code: 'configuration_error',
        message: 'VITE_OKTA_ORG_URL is missing. VITE_CLIENT_ID is missing.',
      }),
    )
    vi.restoreAllMocks()
  })

  it('props the types refuse, from a JavaScript app: a session beside a config is used as given (nothing else created); neither shows loading', () => {
    const session = createTestSession({ user: { name: 'Ada' } })
    const deps = vi.fn()
    const config = {
      oktaOrgUrl: 'https://login.example.com',
      authServerId: 'default',
      clientId: '0oa1abc',
      parentDomain: '.example.com',
      localMode: false,
      signInUrl: 'https://signin.example.com/',
    }
    const both = { session, config, deps, apiOrigins: [] } as unknown as {
      session: PlatformSession
      apiOrigins: string[]
    }
    const { unmount } = render(
      <PlatformSessionProvider {...both}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(screen.getByText('signedIn as Ada')).toBeTruthy()
    expect(deps).not.toHaveBeenCalled()
    unmount()
    const neither = { apiOrigins: [] } as unknown as {
      session: PlatformSession
      apiOrigins: string[]
    }
    render(
      <PlatformSessionProvider {...neither}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(screen.getByText('loading')).toBeTruthy()
  })

  it('an expired token without a refresh token is signed out, and nothing is refreshed', () => {
    const session = sessionAt(expired(false))
    render(
      <PlatformSessionProvider apiOrigins={[]} session={session}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(screen.getByText('signedOut')).toBeTruthy()
    expect(session.getAccessToken).not.toHaveBeenCalled()
  })

  it('an expired token with a refresh token shows loading and refreshes once (StrictMode too)', async () => {
    const getAccessToken = vi.fn<PlatformSession['getAccessToken']>(() => new Promise(() => {}))
    const session = sessionAt(expired(true), getAccessToken)
    const { rerender } = render(
      <StrictMode>
        <PlatformSessionProvider apiOrigins={[]} session={session}>
          <Status />
        </PlatformSessionProvider>
      </StrictMode>,
    )
    rerender(
      <StrictMode>
        <PlatformSessionProvider apiOrigins={[]} session={session}>
          <Status />
        </PlatformSessionProvider>
      </StrictMode>,
    )
    expect(screen.getByText('loading')).toBeTruthy()
    expect(getAccessToken).toHaveBeenCalledOnce()
    expect(getAccessToken).toHaveBeenCalledWith()
  })

  it('a failed refresh of an expired token is an error, and is not tried again in a loop', async () => {
    const getAccessToken = vi.fn<PlatformSession['getAccessToken']>(async () => {
      throw new AuthError('network_error', 'offline')
    })
    const session = sessionAt(expired(true), getAccessToken)
    render(
      <PlatformSessionProvider apiOrigins={[]} session={session}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(await screen.findByText('error (network_error)')).toBeTruthy()
    await act(async () => {})
    expect(getAccessToken).toHaveBeenCalledOnce()

    // Another tab wrote new cookies, still expired: that new snapshot gets its one refresh.
    await act(async () => session.set(expired(true)))
    expect(getAccessToken).toHaveBeenCalledTimes(2)
  })

  it('a refresh failure belongs to its snapshot: a new expired one shows loading while its own refresh runs', async () => {
    const getAccessToken = vi
      .fn<PlatformSession['getAccessToken']>()
      .mockRejectedValueOnce(new AuthError('network_error', 'offline'))
      .mockReturnValue(new Promise<string | null>(() => {}))
    const session = sessionAt(expired(true), getAccessToken)
    render(
      <PlatformSessionProvider apiOrigins={[]} session={session}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(await screen.findByText('error (network_error)')).toBeTruthy()
    await act(async () => session.set(expired(true)))
    expect(screen.getByText('loading')).toBeTruthy()
  })

  it('a refresh that fails with something other than an AuthError: the error says what was thrown', async () => {
    function Message() {
      const { error } = useSession()
      return <p>{error ? `${error.code}: ${error.message}` : 'no error'}</p>
    }
    const getAccessToken = vi.fn<PlatformSession['getAccessToken']>(async () => {
      throw new TypeError('not an AuthError')
    })
    render(
      <PlatformSessionProvider apiOrigins={[]} session={sessionAt(expired(true), getAccessToken)}>
        <Message />
      </PlatformSessionProvider>,
    )
    expect(await screen.findByText('unknown_error: TypeError: not an AuthError')).toBeTruthy()
  })

  it('a refresh that succeeds shows the person once the session says so', async () => {
    const session = sessionAt(
      expired(true),
      vi.fn(async () => 'at-new'),
    )
    render(
      <PlatformSessionProvider apiOrigins={[]} session={session}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(screen.getByText('loading')).toBeTruthy()
    act(() => session.set(createTestSession({ user: { name: 'Ada' } }).getSnapshot()))
    expect(screen.getByText('signedIn as Ada')).toBeTruthy()
  })

  it('useSession() outside a provider says what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => render(<Status />)).toThrow(/PlatformSessionProvider/)
  })

  describe('fetch', () => {
    const API = 'https://api.example.com/whoami'
    const API_ORIGIN = 'https://api.example.com'

    function Caller() {
      const { fetch } = useSession()
      return <button onClick={() => void fetch(API).catch(() => {})}>Call</button>
    }

    it('sends the access token', async () => {
      const send = vi.fn(async (_request: Request) => new Response('{}'))
      vi.stubGlobal('fetch', send)
      const session = createTestSession()
      render(
        <PlatformSessionProvider session={session} subSite="citystream" apiOrigins={[API_ORIGIN]}>
          <Caller />
        </PlatformSessionProvider>,
      )
      await act(async () => screen.getByRole('button').click())
      vi.unstubAllGlobals()
      const sent = send.mock.calls[0]?.[0]
      expect(sent?.headers.get('authorization')).toBe(
        `Bearer ${(session.getSnapshot() as { accessToken: string }).accessToken}`,
      )
    })

    it('without a session: redirects to sign in back to this page, with the provider’s subSite', async () => {
      const session = createTestSession({ signedIn: false })
      render(
        <PlatformSessionProvider session={session} subSite="citystream" apiOrigins={[API_ORIGIN]}>
          <Caller />
        </PlatformSessionProvider>,
      )
      await act(async () => screen.getByRole('button').click())
      expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/maps/42?zoom=3' }])
    })

    it('without a session and without subSite: only rejects', async () => {
      const session = createTestSession({ signedIn: false })
      let failure: unknown = null
      function Rejected() {
        const { fetch } = useSession()
        return <button onClick={() => void fetch(API).catch((e) => (failure = e))}>Call</button>
      }
      render(
        <PlatformSessionProvider session={session} apiOrigins={[API_ORIGIN]}>
          <Rejected />
        </PlatformSessionProvider>,
      )
      await act(async () => screen.getByRole('button').click())
      expect(session.redirects).toEqual([])
      expect(failure).toMatchObject({ code: 'session_expired' })
    })
    describe('the token only to the origins the provider names (apiOrigins)', () => {
      /** Calls each URL through useSession().fetch; resolves with the Authorization each carried. */
      async function authorizationsFor(
        urls: readonly string[],
        props: { readonly apiOrigins: readonly string[]; readonly localMode?: boolean },
      ) {
        const send = vi.fn(async (_request: Request) => new Response('{}'))
        vi.stubGlobal('fetch', send)
        const session = createTestSession()
        function Calls() {
          const { fetch } = useSession()
          return (
            <button onClick={() => void Promise.all(urls.map((url) => fetch(url)))}>Call</button>
          )
        }
        render(
          <PlatformSessionProvider session={session} subSite="citystream" {...props}>
            <Calls />
          </PlatformSessionProvider>,
        )
        await act(async () => screen.getByRole('button').click())
        vi.unstubAllGlobals()
        const token = (session.getSnapshot() as { accessToken: string }).accessToken
        return send.mock.calls.map(([request]) => {
          const authorization = request.headers.get('authorization')
          return [request.url, authorization === `Bearer ${token}` ? 'token' : authorization]
        })
      }

      it('a third party, a protocol-relative URL and a relative one (page origin not named) go without it', async () => {
        expect(
          await authorizationsFor(
            ['https://tiles.example.net/1.png', '//tiles.example.net/2.png', '/api/me', API],
            { apiOrigins: [API_ORIGIN] },
          ),
        ).toEqual([
          ['https://tiles.example.net/1.png', null],
          ['https://tiles.example.net/2.png', null],
          ['https://citystream.example.com/api/me', null],
          [API, 'token'],
        ])
      })

      it('a relative URL carries it when the page’s own origin is named', async () => {
        expect(
          await authorizationsFor(['/api/me'], { apiOrigins: [window.location.origin] }),
        ).toEqual([['https://citystream.example.com/api/me', 'token']])
      })

      it('http://localhost origins in local mode only (the session’s localMode, or the config’s)', async () => {
        expect(
          await authorizationsFor(['http://localhost:3000/api/hello'], {
            apiOrigins: ['http://localhost:3000'],
            localMode: true,
          }),
        ).toEqual([['http://localhost:3000/api/hello', 'token']])
        vi.spyOn(console, 'error').mockImplementation(() => {})
        await expect(
          authorizationsFor([], { apiOrigins: ['http://localhost:3000'] }),
        ).rejects.toMatchObject({ code: 'configuration_error' })
        const config = {
          oktaOrgUrl: 'http://localhost:4010',
          authServerId: 'default',
          clientId: '0oa1abc',
          parentDomain: '',
          localMode: true,
          signInUrl: 'http://localhost:4173/',
        }
        expect(() =>
          render(
            <PlatformSessionProvider config={config} apiOrigins={['http://localhost:3000']}>
              <p>ok</p>
            </PlatformSessionProvider>,
          ),
        ).not.toThrow()
      })

      it('the same origins in a new array each render keep the same fetch (no needless render)', () => {
        const session = createTestSession()
        const fetches: unknown[] = []
        function Seen() {
          fetches.push(useSession().fetch)
          return null
        }
        const tree = (origins: readonly string[]) => (
          <PlatformSessionProvider session={session} apiOrigins={origins}>
            <Seen />
          </PlatformSessionProvider>
        )
        const { rerender } = render(tree([API_ORIGIN]))
        rerender(tree([API_ORIGIN]))
        rerender(tree([API_ORIGIN, 'https://upload.example.com']))
        expect(fetches[0]).toBe(fetches[1])
        expect(fetches[2]).not.toBe(fetches[1])
      })
    })
  })
})
