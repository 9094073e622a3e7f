import type { CookieJar } from '../cookies/cookie.types'
import { AuthError } from '../errors/authError'
import { readSessionSnapshot } from './readSessionSnapshot'
import { REFRESH_LEASE_COOKIE_NAME } from './session.types'
import type { SessionSnapshot } from './session.types'

/**
 * The session the cookies describe, read after `duplicatedNames()` expired the copies tossed in at
 * the page's ancestor paths; a token still duplicated is `error`. Says once to `warn` when tokens
 * live no longer than the skew.
 * @see ../../README.md (How the session works: Cookie tossing)
 */
export function createSnapshotReader(
  cookies: CookieJar,
  duplicatedNames: () => string[],
  providerNow: () => number,
  skewMs: number,
  warn: ((message: string) => void) | undefined,
): () => SessionSnapshot {
  return () => {
    // A token cookie still duplicated (a copy out of reach) is `error`, not `signedOut`: neither
    // value can be trusted, and sending the person to sign in could not remove it.
    const duplicated = duplicatedNames().find((name) => name !== REFRESH_LEASE_COOKIE_NAME)
    if (duplicated !== undefined)
      return {
        status: 'error',
        error: new AuthError(
          'unknown_error',
          `The ${duplicated} cookie has a copy from another Domain or Path that this page cannot remove.`,
        ),
      }
    const snapshot = readSessionSnapshot(cookies, {
      nowMs: providerNow(),
      skewSeconds: skewMs / 1000,
    })
    // A token living no longer than the skew: handled (capped), and said once.
    const claims = 'claims' in snapshot ? snapshot.claims : null
    const lifeS = claims?.issuedAt == null ? Infinity : claims.expiresAt - claims.issuedAt
    if (warn !== undefined && lifeS * 1000 <= skewMs) {
      warn(
        `Access tokens live ${lifeS} s, not more than clockSkewSeconds (${skewMs / 1000} s): the margins are capped at a fifth of that.`,
      )
      warn = undefined
    }
    return snapshot
  }
}
