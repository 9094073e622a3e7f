import { decodeAccessTokenClaims } from '@mapping-platform/auth-core/session'
import { act, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { RequireSession, SignedOut, useSession } from '../index'
import { createTestSession, sessionWrapper, signedIn, signedOut, TEST_USER } from './index'

function Profile() {
  const session = useSession()
  return <p>{session.status === 'signedIn' ? `Hello ${session.user.name}` : session.status}</p>
}

describe('test helpers', () => {
  it('signedIn(): renders as the test user (no name, as the platform gives none), or as the one given', () => {
    render(<Profile />, { wrapper: signedIn() })
    expect(TEST_USER.name).toBeNull()
    expect(screen.getByText('Hello null')).toBeTruthy()
    render(<Profile />, { wrapper: signedIn({ name: 'Grace Hopper' }) })
    expect(screen.getByText('Hello Grace Hopper')).toBeTruthy()
  })

  it('signedOut(): renders signed out', () => {
    render(<SignedOut>Please sign in</SignedOut>, { wrapper: signedOut() })
    expect(screen.getByText('Please sign in')).toBeTruthy()
  })

  it('sessionWrapper(session): what the component asked of the session is recorded', async () => {
    const session = createTestSession({ signedIn: false })
    render(<RequireSession subSite="citystream">secret</RequireSession>, {
      wrapper: sessionWrapper(session),
    })
    expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/maps/42?zoom=3' }])
    act(() => session.signIn())
    expect(screen.getByText('secret')).toBeTruthy()
    expect(await session.getAccessToken()).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(session.tokenRequests).toEqual([undefined])
  })

  it('the test token names the user and never expires', async () => {
    const session = createTestSession({ user: { subject: 'grace@example.com', email: null } })
    const token = (await session.getAccessToken()) ?? ''
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')))
    expect(payload).toMatchObject({ sub: 'grace@example.com', email: null })
    expect(payload.exp * 1000).toBeGreaterThan(Date.now() + 50 * 365 * 24 * 3600 * 1000)
    expect(decodeAccessTokenClaims(token)).toMatchObject({ subject: 'grace@example.com' })
    expect(await session.getUser()).toMatchObject({ subject: 'grace@example.com' })
  })

  it('takes people whose names and addresses are not ASCII (base64url of UTF-8, as a real token)', async () => {
    const user = { subject: '00uZoë', email: 'zoë@bücher.example', name: 'Zoë 山田' }
    render(<Profile />, { wrapper: signedIn(user) })
    expect(screen.getByText('Hello Zoë 山田')).toBeTruthy()

    const session = createTestSession({ user })
    session.signIn({ name: 'محمد 🗺️', subject: '00u山田', email: 'muhammad@مثال.example' })
    const token = (await session.getAccessToken()) ?? ''
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(decodeAccessTokenClaims(token)).toMatchObject({
      subject: '00u山田',
      email: 'muhammad@مثال.example',
    })
  })

  it('sessionWrapper(session, { apiOrigins }): useSession().fetch sends the test token there only', async () => {
    const send = vi.fn(async (_request: Request) => new Response('{}'))
    vi.stubGlobal('fetch', send)
    const session = createTestSession()
    function Calls() {
      const { fetch } = useSession()
      const call = () =>
        void fetch('https://api.example.com/maps').then(() => fetch('https://tiles.example.net/1'))
      return <button onClick={call}>Call</button>
    }
    render(<Calls />, {
      wrapper: sessionWrapper(session, { apiOrigins: ['https://api.example.com'] }),
    })
    await act(async () => screen.getByRole('button').click())
    vi.unstubAllGlobals()
    expect(send.mock.calls.map(([request]) => request.headers.get('authorization'))).toEqual([
      `Bearer ${await session.getAccessToken()}`,
      null,
    ])
  })

  it('without a fetch stub, a Request or URL the component made reaches globalThis.fetch at its own address, with the test token', async () => {
    const send = vi.fn(async (_request: Request) => new Response('{}'))
    vi.stubGlobal('fetch', send)
    const session = createTestSession()
    function Calls() {
      const { fetch } = useSession()
      const call = () =>
        void fetch(new Request('https://api.example.com/maps/7', { method: 'DELETE' })).then(() =>
          fetch(new URL('https://api.example.com/maps?page=2')),
        )
      return <button onClick={call}>Call</button>
    }
    render(<Calls />, {
      wrapper: sessionWrapper(session, { apiOrigins: ['https://api.example.com'] }),
    })
    await act(async () => screen.getByRole('button').click())
    vi.unstubAllGlobals()
    const token = await session.getAccessToken()
    expect(
      send.mock.calls.map(([request]) => [
        request.method,
        request.url,
        request.headers.get('authorization'),
      ]),
    ).toEqual([
      ['DELETE', 'https://api.example.com/maps/7', `Bearer ${token}`],
      ['GET', 'https://api.example.com/maps?page=2', `Bearer ${token}`],
    ])
  })

  it('apiOrigins naming an http://localhost API beside https ones: local mode, as the app in development (the token goes to both, a call elsewhere is warned about); https ones only: no warning, as in production', async () => {
    const send = vi.fn(async (_request: Request) => new Response('{}'))
    vi.stubGlobal('fetch', send)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const session = createTestSession()
    function Calls() {
      const { fetch } = useSession()
      const call = () =>
        void fetch('https://api.example.com/maps')
          .then(() => fetch('http://localhost:8080/tiles'))
          .then(() => fetch('https://elsewhere.example.net/'))
      return <button onClick={call}>Call</button>
    }
    const apiOrigins = ['https://api.example.com', 'http://localhost:8080']
    const { unmount } = render(<Calls />, { wrapper: sessionWrapper(session, { apiOrigins }) })
    await act(async () => screen.getByRole('button').click())
    const token = `Bearer ${await session.getAccessToken()}`
    expect(send.mock.calls.map(([request]) => request.headers.get('authorization'))).toEqual([
      token,
      token,
      null,
    ])
    expect(warn).toHaveBeenCalledOnce()
    unmount()
    warn.mockClear()
    render(<Calls />, {
      wrapper: sessionWrapper(session, { apiOrigins: ['https://api.example.com'] }),
    })
    await act(async () => screen.getByRole('button').click())
    expect(warn).not.toHaveBeenCalled()
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
})
