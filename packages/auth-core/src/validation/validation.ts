/**
 * Validation rules of spec section 5 and the business constants of section 9.
 */

/** Minimum password length for `Sign in` to enable (spec section 9). */
export const PASSWORD_MIN_LENGTH = 4
/** Number of digits in an authenticator code (spec section 9). */
export const CODE_LENGTH = 6

/*
 * A standard address pattern: the WHATWG `input type=email` local part, and a domain of at least
 * two DNS labels. Tested on the lowercased, trimmed text, so `A@Example.COM ` is valid.
 */
const EMAIL_PATTERN =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/

/** The email as it is submitted: trimmed (autofill and paste often add spaces). Case is kept. */
export function normalizeEmail(email: string): string {
  return email.trim()
}

/**
 * Whether the email matches the standard address pattern, tested on the lowercased text.
 * @see ../../../../shared/spec/signin-spec.md section 5
 */
export function isValidEmail(email: string): boolean {
  const candidate = normalizeEmail(email).toLowerCase()
  return candidate.length <= 254 && EMAIL_PATTERN.test(candidate)
}

/**
 * Whether the password is long enough for `Sign in` to enable. The password is never trimmed or
 * case-folded (ASVS 6.2.8); length counts characters, not UTF-16 units.
 */
export function isValidPassword(password: string): boolean {
  return [...password].length >= PASSWORD_MIN_LENGTH
}

/** Whether the text is exactly six ASCII digits. */
export function isValidCode(code: string): boolean {
  return /^[0-9]{6}$/.test(code)
}
