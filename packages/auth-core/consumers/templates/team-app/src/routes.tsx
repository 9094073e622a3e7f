/**
 * The app's routes, made from the guard and the fetch they use, so that a test builds them over
 * a test session (src/session.ts needs the build's variables and a browser).
 */
import { useEffect, useRef, useState } from 'react'
import { useSession } from '@mapping-platform/auth-react'
import { RequireSession } from '@mapping-platform/auth-react/router'
import type { SessionGuard } from '@mapping-platform/auth-react/router'
import { Link, Outlet, useLoaderData, useRouteError } from 'react-router'
import type { RouteObject } from 'react-router'

export const SUB_SITE = 'citystream'

export interface Project {
  readonly id: string
  readonly name: string
}

/** The routes of the app: a public home, and projects behind the session. */
export function createRoutes(requireSession: SessionGuard, api: typeof fetch): RouteObject[] {
  return [
    {
      path: '/',
      Component: Layout,
      HydrateFallback: () => <p>Loading…</p>,
      ErrorBoundary: Failure,
      children: [
        { index: true, Component: Home },
        {
          path: 'projects',
          element: (
            <RequireSession subSite={SUB_SITE} fallback={<p>Loading…</p>}>
              <Outlet />
            </RequireSession>
          ),
          children: [
            {
              path: ':id',
              loader: requireSession(async ({ params }) => {
                const response = await api(`/api/projects/${params.id}`)
                if (!response.ok) throw new Error(`The API answered ${response.status}`)
                return (await response.json()) as Project
              }),
              Component: ProjectPage,
              ErrorBoundary: Failure,
            },
          ],
        },
      ],
    },
  ]
}

function Layout() {
  const { status, user, signOut } = useSession()
  return (
    <>
      <header>
        {status === 'signedIn' ? (
          <>
            <span data-testid="who">{user.email}</span>{' '}
            <button onClick={() => void signOut({ returnTo: `${window.location.origin}/` })}>
              Sign out
            </button>
          </>
        ) : (
          <span data-testid="who">{status === 'signedOut' ? 'Signed out' : 'Loading…'}</span>
        )}
      </header>
      <Outlet />
    </>
  )
}

function Home() {
  return (
    <main>
      <h1>Projects</h1>
      <Link to="/projects/42?tab=layers">Open project 42</Link>
    </main>
  )
}

let mounts = 0

function ProjectPage() {
  const project = useLoaderData<Project>()
  const { fetch } = useSession()
  // What a person was doing: it must survive token refreshes.
  const [count, setCount] = useState(0)
  const [answer, setAnswer] = useState('')
  const mounted = useRef(0)
  useEffect(() => {
    mounts += 1
    mounted.current = mounts
  }, [])
  const callApi = async () => {
    const response = await fetch('/api/me')
    const body = (await response.json()) as { subject?: string; error?: string }
    setAnswer(`${response.status} ${body.subject ?? body.error ?? ''}`)
  }
  return (
    <main>
      <h1>{project.name}</h1>
      <button onClick={() => setCount(count + 1)}>Count {count}</button>
      <button onClick={() => void callApi()}>Call the API</button>
      <p data-testid="api-answer">{answer}</p>
      <p data-testid="mounts">{mounts}</p>
    </main>
  )
}

function Failure() {
  const error = useRouteError()
  return <p role="alert">Something went wrong: {String(error)}</p>
}
