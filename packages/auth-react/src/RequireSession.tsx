import { Fragment, useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import { currentPath } from './PlatformSessionProvider'
import { useSessionContext } from './useSession'

/** Props of {@link RequireSession}. */
export interface RequireSessionProps {
  /**
   * This sub-site's name, as the sign-in app allows it: where sign-in brings the person back.
   * @deprecated Give it once, to `<PlatformSessionProvider subSite>`, which this reads.
   */
  readonly subSite?: string
  /** The page to come back to (a path with an optional query). Default: the current one. */
  readonly returnPath?: string
  /**
   * Shown instead of the children until someone was signed in (loading), and when signed out,
   * signing out or redirecting; on an error before the children were ever shown.
   */
  readonly fallback?: ReactNode
  /** What only a signed-in person sees. */
  readonly children?: ReactNode
}

/**
 * Renders its children once signed in; when signed out, sends the person to sign in and back to
 * this page. It redirects once per page (StrictMode's double effects and several guards
 * included), never while loading or signing out, and never on an error (damaged cookies or a
 * failed refresh: a redirect would not fix them, and could loop). Token copies a sibling tossed in
 * at this page's ancestor paths do not make it redirect: the session's snapshot expires them
 * before it decides (and is `error` while one stays out of reach).
 *
 * Once shown, the children stay mounted (their state kept) while the person stays signed in: a
 * refresh, an expired token being refreshed (`loading`) and a refresh that failed for now
 * (`error`, retried by the session: read `useSession().error` to say so) do not unmount them.
 * Sign-out and another person signing in do: a different person never sees the state of the
 * previous one (the children are mounted afresh, keyed by `user.subject`).
 */
export function RequireSession(props: RequireSessionProps): ReactNode {
  const { state, redirectOnce } = useSessionContext()
  const { status } = state
  const { subSite, returnPath } = props
  // Whose children are mounted: the subject shown signed in last, until signed out.
  const [mountedFor, setMountedFor] = useState<string | null>(null)
  const current =
    status === 'signedIn'
      ? state.user.subject
      : status === 'signedOut' || status === 'signingOut'
        ? null
        : mountedFor
  if (current !== mountedFor) setMountedFor(current)
  useEffect(() => {
    if (status === 'signedOut') redirectOnce(subSite, returnPath ?? currentPath())
  }, [status, subSite, returnPath, redirectOnce])
  return current === null ? (
    (props.fallback ?? null)
  ) : (
    <Fragment key={current}>{props.children}</Fragment>
  )
}
