import type { createAuthenticatedFetch } from '@mapping-platform/auth-core/session'
import { createContext } from 'react'
import type { SessionState } from './sessionState'

/** What the provider gives its descendants. */
export interface SessionContextValue {
  readonly state: SessionState
  /**
   * Sends the person to sign in unless this page already did: one redirect per page, however many
   * guards ask (StrictMode's double effects, two `<RequireSession>`s); allowed again after the
   * session was seen signed in. Without `subSite`, the provider's (with neither, the session's
   * `redirectToSignIn` throws `usage_error`).
   */
  readonly redirectOnce: (subSite: string | undefined, returnPath: string | undefined) => void
}

export const SessionContext = createContext<SessionContextValue | null>(null)

/**
 * How the provider makes `useSession().fetch`: `createAuthenticatedFetch` unless a provider of
 * this (the test helpers' wrapper, internal) gives another with the same signature.
 */
export const FetchFactoryContext = createContext<typeof createAuthenticatedFetch | null>(null)
