// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import * as authReact from './index'
import { createTestSession } from './testing/createTestSession'

const config = {
  oktaOrgUrl: 'https://login.example.com',
  authServerId: 'default',
  clientId: '0oa1abc',
  parentDomain: '.example.com',
  localMode: false,
  signInUrl: 'https://signin.example.com/',
}

function Status() {
  const { status } = authReact.useSession()
  return <p>status: {status}</p>
}

function page(provider: Partial<authReact.PlatformSessionProviderProps>) {
  const { PlatformSessionProvider, RequireSession, SignedIn, SignedOut } = authReact
  return (
    <PlatformSessionProvider
      {...({
        apiOrigins: ['https://api.example.com'],
        ...provider,
      } as authReact.PlatformSessionProviderProps)}
    >
      <Status />
      <SignedIn>in</SignedIn>
      <SignedOut>out</SignedOut>
      <RequireSession subSite="citystream" fallback={<p>checking</p>}>
        private
      </RequireSession>
    </PlatformSessionProvider>
  )
}

describe('server render (node, no window)', () => {
  it('has no window here, and importing the package needed none', () => {
    expect(typeof window).toBe('undefined')
    expect(Object.keys(authReact).sort()).toEqual([
      'PlatformSessionProvider',
      'RequireSession',
      'SignedIn',
      'SignedOut',
      'useSession',
    ])
  })

  it('with config: renders loading, creates no session, touches no window', () => {
    const html = renderToString(page({ config }))
    expect(html).toContain('status: <!-- -->loading')
    expect(html).toContain('checking')
    expect(html).not.toContain('private')
    expect(html).not.toMatch(/>(in|out)</)
  })

  it('with a session (even a signed-in one): renders loading, as hydration will', () => {
    const session = createTestSession()
    const html = renderToString(page({ session }))
    expect(html).toContain('status: <!-- -->loading')
    expect(html).not.toContain('private')
    expect(session.redirects).toEqual([])
    expect(session.tokenRequests).toEqual([])
  })

  it('with config: what a component calls during the server render does nothing (no token, no sign-out, no redirect)', async () => {
    let seen: ReturnType<typeof authReact.useSession> | null = null
    function Capture() {
      seen = authReact.useSession()
      return null
    }
    const { PlatformSessionProvider } = authReact
    renderToString(
      <PlatformSessionProvider apiOrigins={['https://api.example.com']} config={config}>
        <Capture />
      </PlatformSessionProvider>,
    )
    const state = seen as ReturnType<typeof authReact.useSession> | null
    if (state === null) throw new Error('not rendered')
    await expect(state.getAccessToken()).resolves.toBeNull()
    await expect(state.signOut({ returnTo: 'https://citystream.example.com/' })).resolves.toBe(
      undefined,
    )
    expect(state.redirectToSignIn('citystream')).toBeUndefined()
  })
})
