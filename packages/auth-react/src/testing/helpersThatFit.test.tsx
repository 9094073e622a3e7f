import { isAuthError, readSessionConfig } from '@mapping-platform/auth-core/session'
import { render, screen } from '@testing-library/react'
import { useEffect, useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PlatformSessionProvider, useSession } from '../index'
import * as testing from './index'
import { createStubSession, sessionWrapper, signedIn, signedOut, STUB_USER } from './index'

// What a sub-site team writes against the helpers: a component that calls its API with a
// relative URL, a stub for the network given to the wrapper, and the claims the platform's scopes
// really give.

afterEach(() => {
  vi.unstubAllGlobals()
})

/** Saves a project with a relative URL, as a component in the app does; shows what came back. */
function SaveProject() {
  const { fetch } = useSession()
  const [result, setResult] = useState('saving')
  useEffect(() => {
    fetch('/api/projects/42', { method: 'PUT', body: '{"name":"Harbour"}' }).then(
      async (response) => setResult(`saved ${response.status} ${await response.text()}`),
      (error: unknown) => setResult(isAuthError(error) ? error.code : String(error)),
    )
  }, [fetch])
  return <p>{result}</p>
}

describe('test helpers that fit a team’s tests', () => {
  it('signedIn(user, { fetch }): the stub receives (input, init) exactly as the component wrote them', async () => {
    const stub = vi.fn(async () => new Response('ok', { status: 200 }))
    render(<SaveProject />, { wrapper: signedIn(undefined, { fetch: stub }) })
    expect(await screen.findByText('saved 200 ok')).toBeTruthy()
    expect(stub).toHaveBeenCalledTimes(1)
    expect(stub).toHaveBeenCalledWith('/api/projects/42', {
      method: 'PUT',
      body: '{"name":"Harbour"}',
    })
  })

  it('signed out: the stub is not called, the call rejects session_expired and the redirect is recorded', async () => {
    const stub = vi.fn(async () => new Response('ok'))
    const session = createStubSession({ signedIn: false })
    render(<SaveProject />, {
      wrapper: sessionWrapper(session, { subSite: 'citystream', fetch: stub }),
    })
    expect(await screen.findByText('session_expired')).toBeTruthy()
    expect(stub).not.toHaveBeenCalled()
    expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/maps/42?zoom=3' }])
    render(<SaveProject />, { wrapper: signedOut({ fetch: stub }) })
    expect(stub).not.toHaveBeenCalled()
  })

  it('without a stub, a relative URL resolves against the origin (default the test page’s, else http://localhost) instead of throwing', async () => {
    const sent: string[] = []
    vi.stubGlobal('fetch', async (request: Request) => {
      sent.push(`${request.url} ${request.headers.has('authorization') ? 'with' : 'without'} token`)
      return new Response('ok')
    })
    render(<SaveProject />, { wrapper: signedIn() })
    expect(await screen.findByText('saved 200 ok')).toBeTruthy()
    render(<SaveProject />, { wrapper: signedIn(undefined, { origin: 'http://localhost' }) })
    await vi.waitFor(() => expect(sent).toHaveLength(2))
    expect(sent).toEqual([
      'https://citystream.example.com/api/projects/42 with token',
      'http://localhost/api/projects/42 with token',
    ])
  })

  it('the default user has the claims the platform’s scopes give: subject and email, no name', () => {
    expect(STUB_USER).toEqual({ subject: 'ada@example.com', email: 'ada@example.com', name: null })
    function Name() {
      const { user } = useSession()
      return <p>{user?.name ?? `no name, ${user?.email}`}</p>
    }
    render(<Name />, { wrapper: signedIn() })
    expect(screen.getByText('no name, ada@example.com')).toBeTruthy()
  })

  it('the old names are the same functions and values (deprecated aliases)', () => {
    expect(testing.createTestSession).toBe(testing.createStubSession)
    expect(testing.TEST_USER).toBe(testing.STUB_USER)
  })
})

describe('a config module that never throws at import', () => {
  const ENV = {
    VITE_OKTA_ORG_URL: 'https://login.example.com',
    VITE_OKTA_AUTH_SERVER_ID: 'default',
    VITE_OKTA_CLIENT_ID: '0oa1abc',
    VITE_PARENT_DOMAIN: '.example.com',
    VITE_SIGNIN_URL: 'https://signin.example.com/',
  }

  it('the provider takes readSessionConfig’s result: with every variable, the session', () => {
    function Status() {
      return <p>{useSession().status}</p>
    }
    render(
      <PlatformSessionProvider config={readSessionConfig(ENV)} apiOrigins={[]}>
        <Status />
      </PlatformSessionProvider>,
    )
    expect(screen.getByText('signedOut')).toBeTruthy()
  })

  it('with problems: reading them is fine (no throw at import); rendering the provider throws configuration_error naming each variable', () => {
    const config = readSessionConfig({
      ...ENV,
      VITE_OKTA_CLIENT_ID: undefined,
      VITE_SIGNIN_URL: '',
    })
    expect(config.ok).toBe(false)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    let thrown: unknown
    try {
      render(<PlatformSessionProvider config={config} apiOrigins={[]} />)
    } catch (error) {
      thrown = error
    }
    expect(isAuthError(thrown) && thrown.code).toBe('configuration_error')
    expect(String((thrown as Error).message)).toMatch(/VITE_OKTA_CLIENT_ID.*VITE_SIGNIN_URL/s)
  })
})
