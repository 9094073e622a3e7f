import { AuthError, createAuthenticatedFetch } from '@mapping-platform/auth-core/session'
import { act, render, screen, waitFor } from '@testing-library/react'
import { Form, Link, RouterProvider, createMemoryRouter, useLoaderData } from 'react-router'
import type { RouteObject } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { createTestSession } from '../testing/createTestSession'
import type { TestSession } from '../testing/createTestSession'
import { sessionWrapper } from '../testing/sessionWrapper'
import { createSessionGuard } from './createSessionGuard'

/** What the routes rendered, in order: a flash of the error element would be in it. */
function routes(session: TestSession, seen: string[], loader = vi.fn()) {
  const requireSession = createSessionGuard(session, { subSite: 'citystream' })
  const action = vi.fn(async () => ({ saved: true }))
  const ErrorElement = () => {
    seen.push('error element')
    return <p>Something went wrong</p>
  }
  function Project() {
    const data = useLoaderData<{ name: string } | null>()
    seen.push(`project ${data?.name ?? 'without data'}`)
    return (
      <Form method="post">
        <p>Project {data?.name}</p>
        <button type="submit">Save</button>
      </Form>
    )
  }
  function Home() {
    seen.push('home')
    return <Link to="/projects/42?tab=layers">Open project 42</Link>
  }
  const table: RouteObject[] = [
    {
      path: '/',
      HydrateFallback: () => {
        seen.push('hydrate fallback')
        return <p>Loading…</p>
      },
      errorElement: <ErrorElement />,
      children: [
        { index: true, element: <Home /> },
        {
          path: 'projects/:id',
          loader: requireSession(loader),
          action: requireSession(action),
          element: <Project />,
          errorElement: <ErrorElement />,
        },
        { id: 'plain', path: 'plain', loader: requireSession(), element: <p>plain page</p> },
      ],
    },
  ]
  return { table, action, loader }
}

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)))

describe('createSessionGuard (React Router 7 loaders and actions)', () => {
  it('signed in: the loader runs with the router’s arguments and the route shows its data; nobody is sent anywhere', async () => {
    const session = createTestSession()
    const seen: string[] = []
    const loader = vi.fn(async ({ params }: { params: { id?: string } }) => ({
      name: `#${params.id}`,
    }))
    const { table } = routes(session, seen, loader)
    const router = createMemoryRouter(table, { initialEntries: ['/projects/42'] })
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    expect(await screen.findByText('Project #42')).toBeTruthy()
    expect(loader).toHaveBeenCalledTimes(1)
    expect(session.redirects).toEqual([])
    expect(seen).not.toContain('error element')
  })

  it('a signed-out deep link: sent to sign in back to the route’s own path and query; the loader, the page and the error element never run', async () => {
    const session = createTestSession({ signedIn: false })
    const seen: string[] = []
    const { table, loader } = routes(session, seen)
    const router = createMemoryRouter(table, { initialEntries: ['/projects/42?tab=layers'] })
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    await waitFor(() => expect(session.redirects).toHaveLength(1))
    await flush()
    expect(session.redirects).toEqual([
      { subSite: 'citystream', returnPath: '/projects/42?tab=layers' },
    ])
    expect(loader).not.toHaveBeenCalled()
    expect(new Set(seen)).toEqual(new Set(['hydrate fallback']))
    expect(router.state.errors).toBeNull()
  })

  it('a link followed after the session ended elsewhere: the page shown stays until the page leaves for sign-in, back to the link’s path', async () => {
    const session = createTestSession()
    const seen: string[] = []
    const { table, loader } = routes(session, seen)
    const router = createMemoryRouter(table, { initialEntries: ['/'] })
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    const link = await screen.findByText('Open project 42')
    act(() => session.endSession())
    act(() => link.click())
    await waitFor(() => expect(session.redirects).toHaveLength(1))
    await flush()
    expect(session.redirects).toEqual([
      { subSite: 'citystream', returnPath: '/projects/42?tab=layers' },
    ])
    expect(loader).not.toHaveBeenCalled()
    expect(screen.getByText('Open project 42')).toBeTruthy()
    expect(seen.filter((what) => what !== 'home')).toEqual([])
    expect(router.state.location.pathname).toBe('/')
  })

  it('an action submitted after the session ended: not run, sent to sign in back to the route, no error element', async () => {
    const session = createTestSession()
    const seen: string[] = []
    const { table, action } = routes(
      session,
      seen,
      vi.fn(async () => ({ name: 'A' })),
    )
    const router = createMemoryRouter(table, { initialEntries: ['/projects/7?tab=layers'] })
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    const save = await screen.findByText('Save')
    act(() => session.endSession())
    act(() => save.click())
    await waitFor(() => expect(session.redirects).toHaveLength(1))
    await flush()
    expect(action).not.toHaveBeenCalled()
    expect(session.redirects).toEqual([
      { subSite: 'citystream', returnPath: '/projects/7?tab=layers' },
    ])
    expect(seen).not.toContain('error element')
    expect(screen.getByText('Project A')).toBeTruthy()
  })

  it('without a loader of its own: signed in, the route renders (data null); signed out, sent to sign in', async () => {
    const session = createTestSession()
    const seen: string[] = []
    const { table } = routes(session, seen)
    const router = createMemoryRouter(table, { initialEntries: ['/plain'] })
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    expect(await screen.findByText('plain page')).toBeTruthy()
    expect(router.state.loaderData).toMatchObject({ plain: null })

    const out = createTestSession({ signedIn: false })
    const other = createMemoryRouter(routes(out, []).table, { initialEntries: ['/plain?x=1'] })
    render(<RouterProvider router={other} />, { wrapper: sessionWrapper(out) })
    await waitFor(() =>
      expect(out.redirects).toEqual([{ subSite: 'citystream', returnPath: '/plain?x=1' }]),
    )
  })

  it('under a basename, the return path is the whole path of the page (basename included)', async () => {
    const session = createTestSession({ signedIn: false })
    const { table } = routes(session, [])
    const router = createMemoryRouter(table, {
      basename: '/maps',
      initialEntries: ['/maps/projects/42?tab=layers'],
    })
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    await waitFor(() =>
      expect(session.redirects).toEqual([
        { subSite: 'citystream', returnPath: '/maps/projects/42?tab=layers' },
      ]),
    )
  })

  it('several guarded loaders of one navigation (nested routes): one redirect', async () => {
    const session = createTestSession({ signedIn: false })
    const requireSession = createSessionGuard(session, { subSite: 'citystream' })
    const router = createMemoryRouter(
      [
        {
          path: '/',
          loader: requireSession(),
          HydrateFallback: () => <p>Loading…</p>,
          element: <p>layout</p>,
          // The router's own argument types reach the handler (params, request, context).
          children: [{ path: 'a/:id', loader: requireSession(({ params }) => params.id ?? null) }],
        },
      ],
      { initialEntries: ['/a/1'] },
    )
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    await waitFor(() => expect(session.redirects).toHaveLength(1))
    await flush()
    expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/a/1' }])
  })

  it('a refresh that fails (offline): the route’s error element shows the AuthError; no redirect (it would not fix it)', async () => {
    const session = createTestSession()
    const failing: TestSession = {
      ...session,
      getAccessToken: async () => {
        throw new AuthError('network_error', 'offline')
      },
    }
    const seen: string[] = []
    const { table, loader } = routes(failing, seen)
    const router = createMemoryRouter(table, { initialEntries: ['/projects/42'] })
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    expect(await screen.findByText('Something went wrong')).toBeTruthy()
    expect(loader).not.toHaveBeenCalled()
    expect(session.redirects).toEqual([])
    expect(Object.values(router.state.errors ?? {})).toEqual([
      expect.objectContaining({ code: 'network_error' }),
    ])
  })

  it('the session ends while the loader’s authenticated fetch runs (session_expired): sent to sign in back to the route, no error element', async () => {
    const session = createTestSession()
    const api = createAuthenticatedFetch(session, {
      subSite: 'citystream',
      apiOrigins: ['https://api.example.com'],
      onSignedOut: 'none',
      fetch: async () => {
        session.endSession()
        return new Response(null, { status: 401 })
      },
    })
    const seen: string[] = []
    const loader = async () => (await api('https://api.example.com/projects/42')).json()
    const { table } = routes(session, seen, vi.fn(loader))
    const router = createMemoryRouter(table, { initialEntries: ['/projects/42?tab=layers'] })
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    await waitFor(() => expect(session.redirects).toHaveLength(1))
    await flush()
    expect(session.redirects).toEqual([
      { subSite: 'citystream', returnPath: '/projects/42?tab=layers' },
    ])
    expect(new Set(seen)).toEqual(new Set(['hydrate fallback']))
    expect(router.state.errors).toBeNull()
  })

  it('sends the person again once the session was seen signed in and ended again', async () => {
    const session = createTestSession({ signedIn: false })
    const requireSession = createSessionGuard(session, { subSite: 'citystream' })
    const guarded = requireSession(async () => 'data')
    const args = (path: string) => ({
      request: new Request(`https://citystream.example.com${path}`),
      params: {},
      context: undefined,
    })
    void guarded(args('/one'))
    void guarded(args('/two'))
    await flush()
    expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/one' }])
    act(() => session.signIn())
    expect(await guarded(args('/three'))).toBe('data')
    act(() => session.endSession())
    void guarded(args('/four'))
    await flush()
    expect(session.redirects).toEqual([
      { subSite: 'citystream', returnPath: '/one' },
      { subSite: 'citystream', returnPath: '/four' },
    ])
  })
})

describe('createSessionGuard, called directly', () => {
  const args = { request: new Request('https://app.example.com/projects/42?tab=layers') }

  it('a loader failing with anything but session_expired (another AuthError, any other error, even one with that code): the route’s error to show, no redirect although the session is gone', async () => {
    const session = createTestSession()
    const requireSession = createSessionGuard(session, { subSite: 'citystream' })
    const failures = [
      new AuthError('network_error', 'offline'),
      new TypeError('project.name is undefined'),
      Object.assign(new Error('not an AuthError'), { code: 'session_expired' }),
    ]
    for (const failure of failures) {
      session.signIn()
      const loader = requireSession(async () => {
        session.endSession()
        throw failure
      })
      await expect(
        Promise.race([loader(args), new Promise((resolve) => setTimeout(resolve, 50, 'pending'))]),
      ).rejects.toBe(failure)
    }
    expect(session.redirects).toEqual([])
  })

  it('ensureSignedIn (for another router): resolves signed in; signed out, sends to sign in back to the path given and never settles', async () => {
    const session = createTestSession()
    const { ensureSignedIn } = createSessionGuard(session, { subSite: 'citystream' })
    await expect(ensureSignedIn('/projects/42')).resolves.toBeUndefined()
    session.endSession()
    const settled = vi.fn()
    void ensureSignedIn('/projects/42?tab=layers').then(settled, settled)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(settled).not.toHaveBeenCalled()
    expect(session.redirects).toEqual([
      { subSite: 'citystream', returnPath: '/projects/42?tab=layers' },
    ])
  })
})
