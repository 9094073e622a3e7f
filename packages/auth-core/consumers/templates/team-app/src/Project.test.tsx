/**
 * The tests a sub-site team writes for its pages, with auth-react's test helpers: the routes made
 * over a test session (no cookies, no requests, no navigation), in a memory router.
 */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { createSessionGuard } from '@mapping-platform/auth-react/router'
import { createStubSession, sessionWrapper } from '@mapping-platform/auth-react/testing'
import type { StubFetch, StubSession } from '@mapping-platform/auth-react/testing'
import { RouterProvider, createMemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createRoutes, SUB_SITE } from './routes.tsx'

afterEach(cleanup)

/** Our API as the loader calls it: relative URLs, answered here. */
function stubApi() {
  return vi.fn(async (input: string | URL | Request) => {
    const url = String(input instanceof Request ? input.url : input)
    const id = /\/api\/projects\/(\w+)$/.exec(url)?.[1]
    if (id === undefined) return new Response(null, { status: 404 })
    return Response.json({ id, name: `Project ${id}` })
  })
}

function openAt(path: string, session: StubSession, api = stubApi(), network?: StubFetch) {
  const requireSession = createSessionGuard(session, { subSite: SUB_SITE })
  const router = createMemoryRouter(createRoutes(requireSession, api), { initialEntries: [path] })
  render(<RouterProvider router={router} />, {
    wrapper: sessionWrapper(session, {
      subSite: SUB_SITE,
      apiOrigins: [window.location.origin],
      ...(network === undefined ? {} : { fetch: network }),
    }),
  })
  return { api, router }
}

describe('the project page', () => {
  it('signed in: the deep link shows the project our API answered', async () => {
    const session = createStubSession()
    const { api } = openAt('/projects/42?tab=layers', session)
    expect(await screen.findByRole('heading', { name: 'Project 42' })).toBeTruthy()
    expect(api).toHaveBeenCalledWith('/api/projects/42')
    expect(screen.getByTestId('who').textContent).toBe('ada@example.com')
    expect(session.redirects).toEqual([])
  })

  it('signed out: the deep link sends the person to sign in, back to the same page; no API call, no error page', async () => {
    const session = createStubSession({ signedIn: false })
    const { api } = openAt('/projects/42?tab=layers', session)
    await waitFor(() =>
      expect(session.redirects).toEqual([
        { subSite: SUB_SITE, returnPath: '/projects/42?tab=layers' },
      ]),
    )
    expect(api).not.toHaveBeenCalled()
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('signed out elsewhere while on the page: the page goes, the person is sent to sign in back to it', async () => {
    const session = createStubSession()
    openAt('/projects/7', session)
    await screen.findByRole('heading', { name: 'Project 7' })
    act(() => session.endSession())
    expect(screen.queryByRole('heading', { name: 'Project 7' })).toBeNull()
    expect(session.redirects).toEqual([{ subSite: SUB_SITE, returnPath: '/projects/7' }])
  })

  it('"Call the API": useSession().fetch with a relative URL carries the token to our origin', async () => {
    const session = createStubSession()
    const network = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      void input
      void init
      return Response.json({ subject: 'ada@example.com' })
    })
    vi.stubGlobal('fetch', network)
    try {
      openAt('/projects/42', session)
      ;(await screen.findByRole('button', { name: 'Call the API' })).click()
      await waitFor(() =>
        expect(screen.getByTestId('api-answer').textContent).toBe('200 ada@example.com'),
      )
      const [input, init] = network.mock.calls[0]!
      const request = new Request(
        input instanceof Request ? input : new URL(String(input), window.location.href),
        init,
      )
      expect(request.url).toBe(`${window.location.origin}/api/me`)
      expect(request.headers.get('authorization')).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/)
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('"Call the API": the network stub sees the call as the component wrote it, a relative URL', async () => {
    const session = createStubSession()
    const network = vi.fn<StubFetch>(async () => Response.json({ subject: 'ada@example.com' }))
    openAt('/projects/42', session, stubApi(), network)
    ;(await screen.findByRole('button', { name: 'Call the API' })).click()
    await waitFor(() =>
      expect(screen.getByTestId('api-answer').textContent).toBe('200 ada@example.com'),
    )
    expect(network).toHaveBeenCalledWith('/api/me', undefined)
  })
})
