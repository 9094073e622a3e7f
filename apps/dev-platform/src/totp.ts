/**
 * Real TOTP (RFC 6238 over RFC 4226 HOTP, SHA-1, 30 s steps) with the `otpauth` package, as Okta
 * Verify and Google Authenticator compute it.
 * @see https://www.rfc-editor.org/rfc/rfc6238
 * @see https://developer.okta.com/docs/reference/api/authn/#totp-factor-activation-object
 */
import { HOTP, Secret } from 'otpauth'
import { safeEqual } from './safeEqual'

/** Time step in seconds (Okta's `activation.timeStep`). */
export const TOTP_PERIOD_SECONDS = 30
/** Code length (Okta's `activation.keyLength`). */
export const TOTP_DIGITS = 6

/** How a secret is given: base32 (Okta's `encoding: base32`) or raw bytes. */
export type TotpSecret = string | Uint8Array

function toSecret(secret: TotpSecret): Secret {
  return typeof secret === 'string'
    ? Secret.fromBase32(secret)
    : new Secret({ buffer: secret.slice().buffer })
}

/** The RFC 6238 time-step counter `T = floor(unixSeconds / 30)`. */
export function totpCounter(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS)
}

/**
 * The code for `secret` at time `nowMs`.
 * @see https://www.rfc-editor.org/rfc/rfc6238#section-4
 */
export function totpCode(secret: TotpSecret, nowMs: number, digits = TOTP_DIGITS): string {
  return totpCodeAt(secret, totpCounter(nowMs), digits)
}

/** The code for a given time-step counter. */
export function totpCodeAt(secret: TotpSecret, counter: number, digits = TOTP_DIGITS): string {
  return HOTP.generate({ secret: toSecret(secret), algorithm: 'SHA1', digits, counter })
}

/**
 * Finds which time step `code` belongs to, accepting the current and the previous step (a code
 * typed just before the step changed), as RFC 6238 section 5.2 allows. Returns the counter so the
 * caller can refuse a second use of the same code; null when the code matches neither step.
 * @see https://www.rfc-editor.org/rfc/rfc6238#section-5.2
 */
export function matchTotp(secret: TotpSecret, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null
  const current = totpCounter(nowMs)
  for (const counter of [current, current - 1]) {
    if (safeEqual(totpCodeAt(secret, counter), code)) return counter
  }
  return null
}

/**
 * The `otpauth://` URI an authenticator app scans (Key Uri Format).
 * @see https://github.com/google/google-authenticator/wiki/Key-Uri-Format
 */
export function otpauthUri(issuer: string, account: string, secretBase32: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  })
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`
}
