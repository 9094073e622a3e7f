/**
 * What the demo sub-site shows about the platform session, decided from `@mapping-platform/auth-core/session`
 * alone (DOM-free: the page renders it, the tests run it in Node).
 */
import { isAuthError, messageFor } from '@mapping-platform/auth-core/session'
import type { PlatformSession } from '@mapping-platform/auth-core/session'

/** The session as the page presents it. */
export type SessionView =
  /** No token cookie; `ended`: there was a session, but the provider refused to refresh it. */
  | { readonly kind: 'signedOut'; readonly ended: boolean }
  /** A token cookie is tampered with or truncated. */
  | { readonly kind: 'invalid' }
  /** The provider could not be reached or answered nonsense; the cookies were kept. */
  | { readonly kind: 'unavailable'; readonly message: string }
  | {
      readonly kind: 'signedIn'
      /** `email` of the access token, else its `sub` (decoded, not verified: display only). */
      readonly email: string
      /** A valid access token (refreshed when needed), for the product API. */
      readonly accessToken: string
      /** The access token's `exp`, in epoch milliseconds. */
      readonly expiresAt: number | null
      /** Whether getting this token took a refresh (it differs from the cookie read before). */
      readonly refreshed: boolean
    }

/**
 * Reads the session and, when there is one, gets a valid access token with `getAccessToken()`
 * (which refreshes an expired, missing or unreadable access token and rewrites both cookies).
 * Damaged cookies are `invalid` only when no refresh recovers them: a readable refresh token
 * still gets the person a fresh pair without signing in again. Never rejects: every outcome is a
 * {@link SessionView}.
 */
export async function describeSession(
  session: Pick<PlatformSession, 'readSession' | 'getAccessToken'>,
): Promise<SessionView> {
  const before = session.readSession()
  // signingOut: this page started signing out and is about to leave.
  if (before.status === 'signedOut' || before.status === 'signingOut')
    return { kind: 'signedOut', ended: false }
  let accessToken: string | null
  try {
    accessToken = await session.getAccessToken()
  } catch (error) {
    if (before.status === 'invalid') return { kind: 'invalid' }
    return {
      kind: 'unavailable',
      message: messageFor(isAuthError(error) ? error.code : 'unknown_error'),
    }
  }
  if (accessToken === null)
    return before.status === 'invalid' ? { kind: 'invalid' } : { kind: 'signedOut', ended: true }
  const after = session.readSession()
  const claims = after.status === 'active' || after.status === 'expired' ? after.claims : null
  return {
    kind: 'signedIn',
    email: claims?.email ?? claims?.subject ?? '',
    accessToken,
    expiresAt: claims === null ? null : claims.expiresAt * 1000,
    refreshed: before.status === 'invalid' || accessToken !== before.accessToken,
  }
}
