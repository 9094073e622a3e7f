import { act } from '@testing-library/react'
import { hydrateRoot } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { PlatformSessionProvider } from './PlatformSessionProvider'
import { RequireSession } from './RequireSession'
import { useSession } from './useSession'
import { createTestSession } from './testing/createTestSession'
import type { TestSession } from './testing/createTestSession'

function Page({ session }: { session: TestSession }) {
  return (
    <PlatformSessionProvider session={session} apiOrigins={[]}>
      <Name />
      <RequireSession subSite="citystream" fallback={<p>checking</p>}>
        <p>the map</p>
      </RequireSession>
    </PlatformSessionProvider>
  )
}

function Name() {
  const { status, user } = useSession()
  return <h1>{status === 'signedIn' ? user.name : status}</h1>
}

describe('hydration of the server render', () => {
  it('matches the server HTML (loading), then shows the session', async () => {
    const session = createTestSession({ user: { name: 'Ada' } })
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Page session={session} />)
    document.body.append(container)
    expect(container.textContent).toBe('loadingchecking')

    const onRecoverableError = vi.fn()
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const root = await act(async () =>
      hydrateRoot(container, <Page session={session} />, { onRecoverableError }),
    )
    expect(container.textContent).toBe('Adathe map')
    expect(onRecoverableError).not.toHaveBeenCalled()
    expect(consoleError).not.toHaveBeenCalled()
    act(() => root.unmount())
    container.remove()
  })

  it('signed out: the redirect happens after hydration, once', async () => {
    const session = createTestSession({ signedIn: false })
    const container = document.createElement('div')
    container.innerHTML = renderToString(<Page session={session} />)
    expect(session.redirects).toEqual([])
    const root = await act(async () => hydrateRoot(container, <Page session={session} />))
    expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/maps/42?zoom=3' }])
    act(() => root.unmount())
  })
})
