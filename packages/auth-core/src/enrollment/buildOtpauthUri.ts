/** What an `otpauth://` link for a TOTP enrolment names. */
export interface OtpauthUriInput {
  /** The activation's `sharedSecret` (base32; spaces, lowercase and `=` padding are tolerated). */
  readonly secret: string
  /** Who issues the account, shown by the authenticator app ("Mapping Platform"). */
  readonly issuer: string
  /** The account, usually the email; `null` when the page no longer knows it (after a reload). */
  readonly account: string | null
}

const BASE32 = /^[A-Z2-7]+$/

/**
 * The `otpauth://totp/…` link that adds the enrolment to an authenticator app on the same device,
 * for people who read the QR code on the phone that should scan it. Carries the same secret as the
 * provider's QR code, with the issuer both as the label's prefix and as the `issuer` parameter,
 * and the defaults (SHA1, 6 digits, 30 s) left implicit, as Okta's own QR codes do, because some
 * apps refuse explicit parameters they do not support.
 *
 * Returns `null` when the secret is not base32: no link beats a link to a wrong key.
 *
 * @see https://github.com/google/google-authenticator/wiki/Key-Uri-Format
 * @see https://datatracker.ietf.org/doc/html/rfc6238 (TOTP)
 */
export function buildOtpauthUri({ secret, issuer, account }: OtpauthUriInput): string | null {
  // Stryker disable next-line Regex: with the g flag, deleting each space or each run of spaces gives the same key
  const compact = secret.replace(/\s+/g, '')
  const key = compact.replace(/=+$/, '').toUpperCase()
  if (!BASE32.test(key)) return null
  const name = issuer.trim()
  const label = [name, account?.trim()]
    .filter((part): part is string => Boolean(part))
    .map(encodeURIComponent)
    .join(':')
  const query = new URLSearchParams({ secret: key })
  if (name) query.set('issuer', name)
  // URLSearchParams writes spaces as '+', which authenticator apps read literally; use %20.
  return `otpauth://totp/${label}?${query.toString().replace(/\+/g, '%20')}`
}
