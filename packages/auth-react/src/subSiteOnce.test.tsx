import { act, render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PlatformSessionProvider } from './PlatformSessionProvider'
import { RequireSession } from './RequireSession'
import { useSession } from './useSession'
import { createStubSession } from './testing/createStubSession'

// The sub-site's name is given once, to the provider; sign-out comes back to the sub-site's home.

describe('subSite given once', () => {
  it('<RequireSession> without subSite redirects for the provider’s', () => {
    const session = createStubSession({ signedIn: false })
    render(
      <PlatformSessionProvider session={session} subSite="citystream" apiOrigins={[]}>
        <RequireSession fallback="waiting">private</RequireSession>
      </PlatformSessionProvider>,
    )
    expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/maps/42?zoom=3' }])
  })

  it('its own (deprecated) subSite still wins', () => {
    const session = createStubSession({ signedIn: false })
    render(
      <PlatformSessionProvider session={session} subSite="citystream" apiOrigins={[]}>
        <RequireSession subSite="roads">private</RequireSession>
      </PlatformSessionProvider>,
    )
    expect(session.redirects).toEqual([{ subSite: 'roads', returnPath: '/maps/42?zoom=3' }])
  })
})

describe('signOut() with no returnTo', () => {
  it('comes back to the sub-site’s home (this page’s origin)', async () => {
    const session = createStubSession()
    let signOut: (() => Promise<void>) | null = null
    function Button() {
      const state = useSession()
      signOut = () => state.signOut()
      return null
    }
    render(
      <PlatformSessionProvider session={session} subSite="citystream" apiOrigins={[]}>
        <Button />
      </PlatformSessionProvider>,
    )
    await act(async () => signOut?.())
    expect(session.signOuts).toEqual([{ returnTo: 'https://citystream.example.com/' }])
  })
})
