/**
 * `@mapping-platform/auth-react/router`: the platform session in React Router 7's data APIs: a
 * guard for loaders and actions, and a `<RequireSession>` that comes back to the router's
 * location. Needs `react-router` 7 (an optional peer dependency of this package).
 *
 * ```tsx
 * const requireSession = createSessionGuard(session, { subSite: 'citystream' })
 * createBrowserRouter([{ path: '/maps/:id', loader: requireSession(loadMap), Component: MapPage }])
 * ```
 */
export { createSessionGuard } from './createSessionGuard'
export type {
  GuardedSession,
  RouteRequestArgs,
  SessionGuard,
  SessionGuardOptions,
} from './createSessionGuard'
export { RequireSession } from './RequireSession'
export type { RequireSessionProps } from '../RequireSession'
