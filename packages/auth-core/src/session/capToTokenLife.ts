import type { AccessTokenClaims } from './session.types'

/**
 * A time margin before a token's `exp` (the clock-skew allowance, the refresh leeway, the
 * refresh ahead), capped at a fifth of the token's life (`exp - iat`), as the dev platform's demo
 * sub-site caps its settings: a token that lives less than the margin (5 s tokens against the
 * default 60 s skew) is then used for four fifths of its life instead of counting as expired the
 * moment it is issued, which left pages loading and refreshing with no end. Without `iat` the
 * life is unknown and the margin is kept.
 */
export function capToTokenLife(
  marginMs: number,
  claims: Pick<AccessTokenClaims, 'issuedAt' | 'expiresAt'> | null,
): number {
  // A fifth of the life in seconds, in milliseconds: × 200.
  return claims?.issuedAt == null
    ? marginMs
    : Math.min(marginMs, Math.max(0, (claims.expiresAt - claims.issuedAt) * 200))
}
