import type { ReactNode } from 'react'
import { PlatformSessionProvider } from '../PlatformSessionProvider'
import { createTestSession } from './createTestSession'
import type { TestSession } from './createTestSession'
import type { SessionUser } from '@mapping-platform/auth-core/session'

/** A component that wraps what a test renders (Testing Library's `wrapper` option). */
export type SessionWrapper = (props: { readonly children?: ReactNode }) => ReactNode

/**
 * Wraps the rendered component in a `PlatformSessionProvider` over `session`:
 * `render(<Page />, { wrapper: sessionWrapper(session) })`. `useSession().fetch` sends the test
 * token only to `apiOrigins` (default: none), as in the app.
 */
export function sessionWrapper(
  session: TestSession,
  options: { readonly subSite?: string; readonly apiOrigins?: readonly string[] } = {},
): SessionWrapper {
  const apiOrigins = options.apiOrigins ?? []
  return function TestSessionProvider({ children }) {
    return (
      <PlatformSessionProvider session={session} subSite={options.subSite} apiOrigins={apiOrigins}>
        {children}
      </PlatformSessionProvider>
    )
  }
}

/** Renders signed in (as `user`, default Ada Lovelace): `render(<Page />, { wrapper: signedIn() })`. */
export function signedIn(user?: Partial<SessionUser>): SessionWrapper {
  return sessionWrapper(createTestSession({ user }))
}

/** Renders signed out: `render(<Page />, { wrapper: signedOut() })`. */
export function signedOut(): SessionWrapper {
  return sessionWrapper(createTestSession({ signedIn: false }))
}
