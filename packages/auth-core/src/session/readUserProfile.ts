import * as v from 'valibot'
import type { UserProfile } from './session.types'

/** A display claim: a non-empty string, anything else read as absent. */
const DisplayClaim = v.fallback(v.optional(v.pipe(v.string(), v.nonEmpty())), undefined)

/** The standard claims a person is shown by; everything else in the claims is ignored. */
export const ProfileClaimsSchema = v.object({ name: DisplayClaim, email: DisplayClaim })

/**
 * The `name` and `email` of a set of OpenID Connect claims (a validated ID token's, or a
 * userinfo answer's): each a non-empty string, else null (absent, or of another type).
 * @see https://openid.net/specs/openid-connect-core-1_0.html#StandardClaims
 */
export function readUserProfile(claims: unknown): UserProfile {
  const result = v.safeParse(ProfileClaimsSchema, claims)
  return {
    name: result.success ? (result.output.name ?? null) : null,
    email: result.success ? (result.output.email ?? null) : null,
  }
}
