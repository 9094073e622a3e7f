// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, it, vi } from 'vitest'
import { useSession } from '../useSession'
import type { SessionState } from '../sessionState'
import { createStubSession } from './createStubSession'
import { sessionWrapper } from './sessionWrapper'

describe('sessionWrapper outside a browser (a node test environment, no location)', () => {
  it('relative URLs resolve against http://localhost, an API origin in local mode: the token goes there', async () => {
    expect(globalThis.location).toBeUndefined()
    const session = createStubSession()
    const Wrapper = sessionWrapper(session)
    let fetch: SessionState['fetch'] | undefined
    function Capture() {
      fetch = useSession().fetch
      return null
    }
    renderToString(
      <Wrapper>
        <Capture />
      </Wrapper>,
    )
    const send = vi.fn(async (_request: Request) => new Response('{}'))
    vi.stubGlobal('fetch', send)
    try {
      await fetch?.('/api/maps')
    } finally {
      vi.unstubAllGlobals()
    }
    const [request] = send.mock.calls[0] ?? []
    expect(request?.url).toBe('http://localhost/api/maps')
    expect(request?.headers.get('authorization')).toBe(`Bearer ${await session.getAccessToken()}`)
  })
})
