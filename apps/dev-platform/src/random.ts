/**
 * Identifiers and secrets shaped like Okta's, from an injectable source of random bytes.
 * Okta ids are 20 alphanumeric characters with a type prefix (`00u` user, `ost` Okta Verify TOTP,
 * `uft` Google Authenticator); state and session tokens are 42 URL-safe characters starting `00`.
 * @see https://developer.okta.com/docs/reference/api/authn/#tokens
 */
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const URL_SAFE = `${ALNUM}-_`
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** Random strings for every kind of token the platform mints. */
export interface RandomSource {
  /** `length` characters drawn uniformly from `alphabet` (rejection sampling, no modulo bias). */
  string(alphabet: string, length: number): string
  /** An Okta-style id: `prefix` + alphanumerics, 20 characters in all. */
  oktaId(prefix: string): string
  /** An opaque URL-safe token (`00` + 40 characters, like Okta's stateToken/sessionToken). */
  token(): string
  /** A base32 TOTP secret of `length` characters (32 = 160 bits, RFC 4226 R6). */
  base32Secret(length?: number): string
  /** An Okta errorId (`oae` + 22 characters). */
  errorId(): string
  /** An opaque URL-safe secret of `length` characters (codes, refresh tokens, session ids). */
  opaque(length?: number): string
}

/** Builds a {@link RandomSource} over `randomBytes` (node:crypto by default; tests may inject). */
export function createRandom(randomBytes: (size: number) => Uint8Array): RandomSource {
  const string = (alphabet: string, length: number): string => {
    const limit = 256 - (256 % alphabet.length)
    let out = ''
    while (out.length < length) {
      for (const byte of randomBytes(length * 2)) {
        if (byte < limit) out += alphabet[byte % alphabet.length]
        if (out.length === length) break
      }
    }
    return out
  }
  return {
    string,
    oktaId: (prefix) => prefix + string(ALNUM, 20 - prefix.length),
    token: () => `00${string(URL_SAFE, 40)}`,
    base32Secret: (length = 32) => string(BASE32, length),
    errorId: () => `oae${string(URL_SAFE, 22)}`,
    opaque: (length = 43) => string(URL_SAFE, length),
  }
}
