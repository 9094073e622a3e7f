import { useContext } from 'react'
import { SessionContext } from './sessionContext'
import type { SessionContextValue } from './sessionContext'
import type { SessionState } from './sessionState'

/**
 * The platform session as a component sees it: `status` (`loading`, `signedIn`, `signedOut`,
 * `signingOut`, `error`), `user` when signed in, `error` on an error, and the session's
 * `getAccessToken`, `signOut`, `redirectToSignIn` and an authenticated `fetch`. The object is the
 * same until the session changed.
 * @throws Error when no {@link PlatformSessionProvider} is above the component (a programming error).
 */
export function useSession(): SessionState {
  return useSessionContext().state
}

/** The provider's value; throws when there is none. */
export function useSessionContext(): SessionContextValue {
  const value = useContext(SessionContext)
  if (value === null)
    throw new Error('useSession() needs a <PlatformSessionProvider> above this component.')
  return value
}
