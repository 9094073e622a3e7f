import {
  browserSessionDeps,
  createAuthenticatedFetch,
  createPlatformSession,
  isAuthError,
  AuthError,
} from '@mapping-platform/auth-core/session'
import type {
  AuthenticatedFetchSession,
  PlatformSession,
  SessionConfig,
  SessionConfigResult,
  SessionDeps,
  SessionSnapshot,
} from '@mapping-platform/auth-core/session'
import { useContext, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import { FetchFactoryContext, SessionContext } from './sessionContext'
import type { SessionContextValue } from './sessionContext'
import { rememberedView, SERVER_SNAPSHOT } from './sessionState'
import type { SessionState } from './sessionState'

/** Props of {@link PlatformSessionProvider}: a session, or what to create one from. */
export type PlatformSessionProviderProps = {
  /** The components that read the session. */
  readonly children?: ReactNode
  /**
   * This sub-site's name (as the sign-in app allows it): `useSession().fetch` redirects to sign
   * in for it when there is no session. Without it, that fetch only rejects.
   */
  readonly subSite?: string
  /**
   * The origins of the APIs that take the platform token (`createAuthenticatedFetch`'s
   * `apiOrigins`): `useSession().fetch` sends the token only there, e.g.
   * `['https://api.example.com']`; a relative URL counts as the page's own origin, so name
   * `window.location.origin` for same-origin APIs. Any other request goes without it.
   */
  readonly apiOrigins: readonly string[]
} & (
  | {
      /** The session to share (e.g. created once in a module of your app). */
      readonly session: PlatformSession
      readonly config?: undefined
      readonly deps?: undefined
      /** Local mode, as the session's config says: `apiOrigins` may name `http://localhost`. */
      readonly localMode?: boolean
    }
  | {
      readonly session?: undefined
      /**
       * Creates the session in the browser on first render (never on the server). Also takes
       * `readSessionConfig(import.meta.env)`'s result as it is, so a config module never throws at
       * import (a test rendering with `signedIn()` never reads it): with problems, rendering the
       * provider throws an `AuthError` `configuration_error` naming every variable.
       */
      readonly config: SessionConfig | SessionConfigResult
      /** Its dependencies, called once in the browser. Default: `browserSessionDeps(window)`. */
      readonly deps?: () => SessionDeps
      readonly localMode?: undefined
    }
)

/** Server render with `config`: no session yet (nothing may touch `window` there). */
const NO_SESSION: Pick<PlatformSession, 'getAccessToken' | 'signOut' | 'redirectToSignIn'> = {
  getAccessToken: async () => null,
  signOut: async () => {},
  redirectToSignIn: () => {},
}

const noSubscription = () => () => {}
const serverSnapshot = () => SERVER_SNAPSHOT

/** The page to come back to after sign-in: the current path and query (no fragment). */
export const currentPath = () => window.location.pathname + window.location.search

/**
 * Shares the platform session with the components below it, which read it with `useSession()`,
 * `<SignedIn>`, `<SignedOut>` and `<RequireSession>`. One subscription for the whole tree
 * (`useSyncExternalStore(session.subscribe, session.getSnapshot, …)`): a component re-renders
 * only when the session's snapshot changed. On the server and during hydration the status is
 * `loading`. The session refreshes in the background before the token expires
 * (`refreshAheadSeconds`, on by default), so a signed-in page sees nothing of it: the same
 * `useSession()` object, no re-render. An access token that the session calls expired, by the
 * provider's clock (the session measures its offset from the device's), with a refresh token is
 * refreshed once (a hidden page does not refresh ahead): the person shown signed in stays shown
 * meanwhile (`loading` only when nobody was shown yet; a failure shows `error`): never a loop, and a device clock hours off does not make
 * fresh tokens look expired. A failure for a transient reason is retried by the session itself
 * (back-off with jitter, and on `online`/`focus`/`visibilitychange`); the status leaves `error`
 * once a retry, here or in another tab, brings a new token.
 */
export function PlatformSessionProvider(props: PlatformSessionProviderProps): ReactNode {
  const { deps, subSite } = props
  const config = configOf(props.config)
  const localMode = config?.localMode ?? props.localMode ?? false
  // By value: an inline array (a new one each render) must not make a new fetch each render.
  const apiOrigins = JSON.stringify(props.apiOrigins ?? null)
  const [created] = useState(() =>
    props.session !== undefined || config === undefined || typeof window === 'undefined'
      ? null
      : createPlatformSession(config, deps === undefined ? browserSessionDeps(window) : deps()),
  )
  const session = props.session ?? created
  const snapshot = useSyncExternalStore<SessionSnapshot | typeof SERVER_SNAPSHOT>(
    session === null ? noSubscription : session.subscribe,
    session === null ? serverSnapshot : session.getSnapshot,
    serverSnapshot,
  )

  // The one refresh of an expired snapshot, and its failure (for that snapshot only).
  const refreshed = useRef<object | null>(null)
  const [failure, setFailure] = useState<{ snapshot: object; error: AuthError } | null>(null)
  useEffect(() => {
    if (session === null || snapshot.status !== 'expired' || !snapshot.refreshable) return
    if (refreshed.current === snapshot) return
    refreshed.current = snapshot
    session.getAccessToken().catch((error: unknown) => {
      setFailure({
        snapshot,
        error: isAuthError(error) ? error : new AuthError('unknown_error', String(error)),
      })
    })
  }, [session, snapshot])

  // One redirect per page; again allowed once the session was seen signed in.
  const redirected = useRef(false)
  useEffect(() => {
    if (snapshot.status === 'signedIn') redirected.current = false
  }, [snapshot])

  const actions = session ?? NO_SESSION
  // With the page to come back to (`post_login_path`).
  const redirectToSignIn: AuthenticatedFetchSession['redirectToSignIn'] = actions.redirectToSignIn
  const fetchFactory = useContext(FetchFactoryContext) ?? createAuthenticatedFetch
  const fetch = useMemo(
    () =>
      fetchFactory(actions, {
        // Stryker disable next-line StringLiteral: without a subSite, onSignedOut is 'none' and the fetch never reads this name
        subSite: subSite ?? '',
        apiOrigins: JSON.parse(apiOrigins) as readonly string[],
        localMode,
        onSignedOut: subSite === undefined ? 'none' : 'redirect',
        currentPath,
      }),
    [fetchFactory, actions, subSite, apiOrigins, localMode],
  )
  // Remembers the view shown last: a refresh that changes only the token keeps it (the same
  // object), so nothing below re-renders, and an expired token being refreshed keeps showing
  // the person.
  const [viewOf] = useState(rememberedView)
  const view = viewOf(snapshot, failure?.snapshot === snapshot ? failure.error : null)
  const value = useMemo<SessionContextValue>(() => {
    const state = {
      ...view,
      getAccessToken: actions.getAccessToken,
      // Back to the sub-site's home unless told otherwise.
      signOut: (options) => actions.signOut(options ?? { returnTo: `${location.origin}/` }),
      redirectToSignIn,
      fetch,
    } as SessionState
    return {
      state,
      // Without a sub-site anywhere, the session's redirectToSignIn throws usage_error.
      redirectOnce(name = subSite as string, returnPath) {
        if (redirected.current) return
        redirected.current = true
        redirectToSignIn(name, returnPath === undefined ? undefined : { returnPath })
      },
    }
  }, [view, actions, redirectToSignIn, fetch, subSite])
  return <SessionContext.Provider value={value}>{props.children}</SessionContext.Provider>
}

/** The config, from a `readSessionConfig` result too; its problems are thrown (at render). */
function configOf(
  config: SessionConfig | SessionConfigResult | undefined,
): SessionConfig | undefined {
  if (config === undefined || !('ok' in config)) return config
  if (config.ok) return config.config
  throw new AuthError('configuration_error', config.problems.map((p) => p.message).join(' '))
}
