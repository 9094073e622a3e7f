import { render, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { MemoryRouter, RouterProvider, createMemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { createTestSession } from '../testing/createTestSession'
import { sessionWrapper } from '../testing/sessionWrapper'
import { RequireSession } from './RequireSession'

// The page itself (happy-dom) is at /maps/42?zoom=3 (vitest.config.ts): a return path taken from
// `window.location` instead of the router's would be that one.
describe('RequireSession (router entry): the router’s location is the page to come back to', () => {
  it('under MemoryRouter: the router’s path and query, not the window’s', () => {
    const session = createTestSession({ signedIn: false })
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/projects/42?tab=layers#legend']}>
          <RequireSession subSite="citystream" fallback={<p>waiting</p>}>
            <p>the project</p>
          </RequireSession>
        </MemoryRouter>
      </StrictMode>,
      { wrapper: sessionWrapper(session) },
    )
    expect(screen.getByText('waiting')).toBeTruthy()
    expect(session.redirects).toEqual([
      { subSite: 'citystream', returnPath: '/projects/42?tab=layers' },
    ])
  })

  it('under a basename: the whole path of the page, basename included', () => {
    const session = createTestSession({ signedIn: false })
    render(
      <MemoryRouter basename="/maps" initialEntries={['/maps/projects/7']}>
        <RequireSession subSite="citystream" />
      </MemoryRouter>,
      { wrapper: sessionWrapper(session) },
    )
    expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/maps/projects/7' }])
  })

  it('in a data router’s route element, and a returnPath given wins', async () => {
    const session = createTestSession({ signedIn: false })
    const router = createMemoryRouter(
      [
        {
          path: '/projects/:id',
          element: (
            <RequireSession subSite="citystream" returnPath="/projects">
              project
            </RequireSession>
          ),
        },
      ],
      { initialEntries: ['/projects/9'] },
    )
    render(<RouterProvider router={router} />, { wrapper: sessionWrapper(session) })
    expect(session.redirects).toEqual([{ subSite: 'citystream', returnPath: '/projects' }])
  })

  it('signed in: its children, no redirect', () => {
    const session = createTestSession()
    render(
      <MemoryRouter initialEntries={['/projects/42']}>
        <RequireSession subSite="citystream">
          <p>the project</p>
        </RequireSession>
      </MemoryRouter>,
      { wrapper: sessionWrapper(session) },
    )
    expect(screen.getByText('the project')).toBeTruthy()
    expect(session.redirects).toEqual([])
  })
})
