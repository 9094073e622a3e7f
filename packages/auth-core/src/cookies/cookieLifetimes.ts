/**
 * How long the platform's cookies live, in seconds.
 */

/**
 * Lifetime of the `refresh_token` cookie: 7 days. Okta's default refresh-token policy for
 * single-page apps expires an unused refresh token after 7 days of idle time (the custom
 * authorization server's "refresh token lifetime is unlimited but expires if not used every
 * 7 days" default), so the cookie never outlives a token the provider would still accept.
 * The README documents this value as the contract's refresh-token lifetime.
 * @see https://developer.okta.com/docs/guides/refresh-tokens/main/#refresh-token-lifetime
 */
export const REFRESH_TOKEN_MAX_AGE_SECONDS = 7 * 24 * 60 * 60

/** Upper bound for any token-bearing cookie whose lifetime comes from the provider: one day. */
export const MAX_ACCESS_TOKEN_MAX_AGE_SECONDS = 24 * 60 * 60

/**
 * A provider-given lifetime as a cookie Max-Age: whole seconds, clamped to
 * `[1, MAX_ACCESS_TOKEN_MAX_AGE_SECONDS]` so a zero, negative or absurd value can neither delete
 * the cookie at once nor keep a token around for years. Returns null for NaN.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.2.2
 */
export function clampMaxAge(seconds: number): number | null {
  if (Number.isNaN(seconds)) return null
  return Math.min(MAX_ACCESS_TOKEN_MAX_AGE_SECONDS, Math.max(1, Math.floor(seconds)))
}
