import { useEffect } from 'react'
import type { ReactNode } from 'react'
import { currentPath } from './PlatformSessionProvider'
import { useSessionContext } from './useSession'

/** Props of {@link RequireSession}. */
export interface RequireSessionProps {
  /** This sub-site's name, as the sign-in app allows it: where sign-in brings the person back. */
  readonly subSite: string
  /** The page to come back to (a path with an optional query). Default: the current one. */
  readonly returnPath?: string
  /** Shown instead of the children while loading, signing out, redirecting or on an error. */
  readonly fallback?: ReactNode
  /** What only a signed-in person sees. */
  readonly children?: ReactNode
}

/**
 * Renders its children only when signed in; when signed out, sends the person to sign in and
 * back to this page. It redirects once per page (StrictMode's double effects and several guards
 * included), never while loading or signing out, and never on an error (damaged cookies or a
 * failed refresh: a redirect would not fix them, and could loop). Token copies a sibling tossed in
 * at this page's ancestor paths do not make it redirect: the session's snapshot expires them
 * before it decides (and is `invalid`, an error, while one stays out of reach).
 */
export function RequireSession(props: RequireSessionProps): ReactNode {
  const { state, redirectOnce } = useSessionContext()
  const { status } = state
  const { subSite, returnPath } = props
  useEffect(() => {
    if (status === 'signedOut') redirectOnce(subSite, returnPath ?? currentPath())
  }, [status, subSite, returnPath, redirectOnce])
  return status === 'signedIn' ? props.children : (props.fallback ?? null)
}
