/**
 * The org's password rules (`_embedded.policy.complexity` of `PASSWORD_EXPIRED`) as a checklist:
 * which rules apply, whether a password meets each, and the first refusal before anything is sent.
 * @see https://developer.okta.com/docs/reference/api/authn/#password-complexity-object
 */
import type { AuthnUserProfile, PasswordComplexity } from '../authn/authn.types'
import type { AuthErrorCode } from '../errors/authError'

/** One rule of the checklist. */
export type PasswordRule =
  | {
      readonly id: 'minLength' | 'minLowerCase' | 'minUpperCase' | 'minNumber' | 'minSymbol'
      readonly count: number
    }
  | { readonly id: 'excludeUsername' | 'excludeFirstName' | 'excludeLastName' }

/** The rule's id. */
export type PasswordRuleId = PasswordRule['id']

/** A name shorter than this is not checked (Okta does not refuse "Al" inside a password). */
const MIN_NAME_LENGTH = 3

/** The rules that apply, in the order the checklist shows them; a rule of 0 or false is left out. */
export function passwordRules(complexity: PasswordComplexity): PasswordRule[] {
  const counted = (['minLength', 'minLowerCase', 'minUpperCase', 'minNumber', 'minSymbol'] as const)
    .filter((id) => complexity[id] > 0)
    .map((id): PasswordRule => ({ id, count: complexity[id] }))
  return [
    ...counted,
    ...(complexity.excludeUsername ? [{ id: 'excludeUsername' } as const] : []),
    ...(complexity.excludeAttributes.includes('firstName')
      ? [{ id: 'excludeFirstName' } as const]
      : []),
    ...(complexity.excludeAttributes.includes('lastName')
      ? [{ id: 'excludeLastName' } as const]
      : []),
  ]
}

/**
 * Whether `password` meets `rule`. Characters are counted as code points; letters are ASCII
 * a–z / A–Z, numbers 0–9, symbols anything else (Okta's classes). A name rule is met when the
 * password does not contain the name (the email's part before `@` for the username), ignoring
 * case; an unknown or short name is met.
 */
export function meetsPasswordRule(
  rule: PasswordRule,
  password: string,
  user: AuthnUserProfile | null,
): boolean {
  const count = (pattern: RegExp): number => (password.match(pattern) ?? []).length
  switch (rule.id) {
    case 'minLength':
      return [...password].length >= rule.count
    case 'minLowerCase':
      return count(/[a-z]/g) >= rule.count
    case 'minUpperCase':
      return count(/[A-Z]/g) >= rule.count
    case 'minNumber':
      return count(/[0-9]/g) >= rule.count
    case 'minSymbol':
      return count(/[^A-Za-z0-9]/gu) >= rule.count
    case 'excludeUsername':
      return !contains(password, user?.login.split('@')[0] ?? null)
    case 'excludeFirstName':
      return !contains(password, user?.firstName ?? null)
    case 'excludeLastName':
      return !contains(password, user?.lastName ?? null)
  }
}

function contains(password: string, name: string | null): boolean {
  if (name === null || name.length < MIN_NAME_LENGTH) return false
  return password.toLowerCase().includes(name.toLowerCase())
}

/**
 * Why a new password must not be sent yet, or null when it may: the first unmet rule (length,
 * then character kinds, then names), then a confirmation that differs.
 */
export function newPasswordProblem(
  complexity: PasswordComplexity | null,
  user: AuthnUserProfile | null,
  newPassword: string,
  confirmation: string,
): AuthErrorCode | null {
  for (const rule of complexity === null ? [] : passwordRules(complexity)) {
    if (meetsPasswordRule(rule, newPassword, user)) continue
    if (rule.id === 'minLength') return 'new_password_too_short'
    if (rule.id.startsWith('exclude')) return 'new_password_contains_name'
    return 'new_password_too_simple'
  }
  if (newPassword === '') return 'new_password_too_short'
  return newPassword === confirmation ? null : 'new_password_mismatch'
}
