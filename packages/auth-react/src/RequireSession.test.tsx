import { act, fireEvent, render, screen } from '@testing-library/react'
import { StrictMode, useState, version as reactVersion } from 'react'
import { version as reactDomVersion } from 'react-dom'
import { describe, expect, it } from 'vitest'
import { PlatformSessionProvider } from './PlatformSessionProvider'
import { RequireSession } from './RequireSession'
import { useSession } from './useSession'
import { createTestSession } from './testing/createTestSession'
import type { TestSession } from './testing/createTestSession'

function guarded(session: TestSession, returnPath?: string) {
  return (
    <StrictMode>
      <PlatformSessionProvider session={session} apiOrigins={[]}>
        <RequireSession subSite="citystream" returnPath={returnPath} fallback={<p>waiting</p>}>
          <p>the map</p>
        </RequireSession>
      </PlatformSessionProvider>
    </StrictMode>
  )
}

describe('RequireSession', () => {
  it(`runs on React ${process.env.EXPECTED_REACT_MAJOR} (react and react-dom)`, () => {
    expect(reactVersion.split('.')[0]).toBe(process.env.EXPECTED_REACT_MAJOR)
    expect(reactDomVersion).toBe(reactVersion)
  })

  it('shows its children when signed in, and does not redirect', () => {
    const session = createTestSession()
    render(guarded(session))
    expect(screen.getByText('the map')).toBeTruthy()
    expect(session.redirects).toEqual([])
  })

  it('signed out: redirects once (StrictMode double effects included) back to this page', () => {
    const session = createTestSession({ signedIn: false })
    render(guarded(session))
    expect(screen.getByText('waiting')).toBeTruthy()
    expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/maps/42?zoom=3' }])
  })

  it('passes the returnPath it was given', () => {
    const session = createTestSession({ signedIn: false })
    render(guarded(session, '/projects/7?tab=layers'))
    expect(session.redirects).toEqual([
      { subSite: 'citystream', returnPath: '/projects/7?tab=layers' },
    ])
  })

  it('two guards on one page, re-renders and repeated signed-out news: still one redirect', () => {
    const session = createTestSession({ signedIn: false })
    const page = (label: string) => (
      <PlatformSessionProvider session={session} apiOrigins={[]}>
        <RequireSession subSite="citystream">{label}</RequireSession>
        <RequireSession subSite="citystream" returnPath="/other">
          {label}
        </RequireSession>
      </PlatformSessionProvider>
    )
    const { rerender } = render(page('a'))
    rerender(page('b'))
    act(() => session.endSession())
    act(() => session.endSession())
    expect(session.redirects).toHaveLength(1)
  })

  it('never redirects while signing out, even when the guard renders again meanwhile', async () => {
    const session = createTestSession()
    function SignOut() {
      const { signOut } = useSession()
      return (
        <button onClick={() => void signOut({ returnTo: 'https://citystream.example.com/' })}>
          Sign out
        </button>
      )
    }
    const page = (returnPath: string) => (
      <PlatformSessionProvider session={session} apiOrigins={[]}>
        <SignOut />
        <RequireSession subSite="citystream" returnPath={returnPath}>
          the map
        </RequireSession>
      </PlatformSessionProvider>
    )
    const { rerender } = render(page('/a'))
    await act(async () => screen.getByRole('button').click())
    rerender(page('/b'))
    expect(session.getSnapshot().status).toBe('signingOut')
    expect(screen.queryByText('the map')).toBeNull()
    expect(session.redirects).toEqual([])
  })

  it('redirects again after the person was signed in and the session ended', () => {
    const session = createTestSession({ signedIn: false })
    render(guarded(session))
    act(() => session.signIn())
    expect(screen.getByText('the map')).toBeTruthy()
    act(() => session.endSession())
    expect(session.redirects).toHaveLength(2)
  })
})

describe('RequireSession keeps what the person was doing', () => {
  function Counter() {
    const [count, setCount] = useState(0)
    return <button onClick={() => setCount((value) => value + 1)}>count {count}</button>
  }
  function page(session: TestSession) {
    return (
      <PlatformSessionProvider session={session} apiOrigins={[]}>
        <RequireSession subSite="citystream" fallback={<p>waiting</p>}>
          <Counter />
        </RequireSession>
      </PlatformSessionProvider>
    )
  }

  it('another person signing in elsewhere: the children are mounted afresh (no state of the previous person)', () => {
    const session = createTestSession()
    render(page(session))
    fireEvent.click(screen.getByRole('button'))
    act(() => session.signIn({ subject: 'ada@example.com', email: 'ada@example.com' }))
    expect(screen.getByRole('button').textContent).toBe('count 1')
    act(() => session.signIn({ subject: 'bob@example.com', email: 'bob@example.com' }))
    expect(screen.getByRole('button').textContent).toBe('count 0')
  })

  it('signed out then in again: the fallback, then fresh children', () => {
    const session = createTestSession()
    render(page(session))
    fireEvent.click(screen.getByRole('button'))
    act(() => session.endSession())
    expect(screen.getByText('waiting')).toBeTruthy()
    act(() => session.signIn())
    expect(screen.getByRole('button').textContent).toBe('count 0')
  })
})
