import { complexityProblem, PASSWORD_COMPLEXITY } from '../authnResponses'
import { safeEqual } from '../safeEqual'
import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn/credentials/change_password` in PASSWORD_EXPIRED or PASSWORD_WARN:
 * a wrong `oldPassword` is 403 E0000014 ("oldPassword: The credentials provided were
 * incorrect."), a `newPassword` outside the policy 403 E0000080 with the policy as its cause,
 * the current password again 403 E0000014 ("Password has been used too recently"); else the
 * password changes and the transaction ends in SUCCESS.
 * @see https://developer.okta.com/docs/reference/api/authn/#change-password
 */
export function changePassword(kit: AuthnKit, body: Body): AuthnOutcome {
  const { clock, fail, succeed, inState } = kit
  const found = inState(body.stateToken, ['PASSWORD_EXPIRED', 'PASSWORD_WARN'])
  if (!('txn' in found)) return found
  const { txn, user } = found
  const { oldPassword, newPassword } = body
  if (typeof oldPassword !== 'string') return fail('E0000001', { detail: 'oldPassword' })
  if (typeof newPassword !== 'string') return fail('E0000001', { detail: 'newPassword' })
  if (!safeEqual(user.password, oldPassword))
    return fail('E0000014', {
      causes: ['oldPassword: The credentials provided were incorrect.'],
    })
  if (newPassword === oldPassword)
    return fail('E0000014', { causes: ['password: Password has been used too recently'] })
  if (complexityProblem(PASSWORD_COMPLEXITY, user, newPassword))
    return fail('E0000080', { causes: [complexityCause()] })
  user.password = newPassword
  user.passwordExpired = false
  user.passwordChanged = new Date(Math.floor(clock.now() / 1000) * 1000).toISOString()
  return succeed(user, ['pwd'], txn)
}

/** The policy as Okta words it in an E0000080 cause. */
function complexityCause(): string {
  const { minLength, minLowerCase, minUpperCase, minNumber, minSymbol } = PASSWORD_COMPLEXITY
  const parts = [
    `at least ${minLength} characters`,
    ...(minLowerCase > 0 ? ['a lowercase letter'] : []),
    ...(minUpperCase > 0 ? ['an uppercase letter'] : []),
    ...(minNumber > 0 ? ['a number'] : []),
    ...(minSymbol > 0 ? ['a symbol'] : []),
    'no parts of your username',
  ]
  return `Passwords must have ${parts.join(', ')}`
}
