import type { ReactNode } from 'react'
import { useHref, useLocation } from 'react-router'
import { RequireSession as RequireSessionOfPage } from '../RequireSession'
import type { RequireSessionProps } from '../RequireSession'

/**
 * `<RequireSession>` inside a React Router 7 router (`createBrowserRouter`, `<BrowserRouter>`,
 * `<MemoryRouter>`): the same guard, but the page to come back to after sign-in is the router's
 * location (`useLocation()`, path and query, with the router's basename), not `window.location`:
 * under `<MemoryRouter>` in a test it is the router's path. A `returnPath` given still wins.
 * @see https://reactrouter.com/api/hooks/useLocation
 */
export function RequireSession(props: RequireSessionProps): ReactNode {
  const { pathname, search } = useLocation()
  // useLocation's pathname is below the basename; useHref puts the basename back.
  const here = useHref({ pathname, search })
  return <RequireSessionOfPage {...props} returnPath={props.returnPath ?? here} />
}
