import { lockedOutBody } from '../authnResponses'
import { safeEqual } from '../safeEqual'
import { isTransaction } from './authnKit'
import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn`: primary authentication, or with only `{stateToken}` the current
 * transaction state.
 * @see https://developer.okta.com/docs/reference/api/authn/#primary-authentication
 * @see https://developer.okta.com/docs/reference/api/authn/#get-transaction-state
 */
export function primaryAuthentication(
  kit: AuthnKit,
  body: Body,
  deviceToken?: string,
): AuthnOutcome {
  const { store, clock, okta, fail, live, respond, startTransaction, succeed, rateLimit } = kit
  const { username, password, stateToken, options } = body
  if (stateToken !== undefined) {
    const txn = live(stateToken)
    if (!isTransaction(txn)) return txn
    if (username === undefined) return respond(txn)
    store.transactions.delete(txn.stateToken)
  }
  if (typeof username !== 'string' || typeof password !== 'string') return fail('E0000004')
  const user = store.userByLogin(username)
  const { headers, limited } = rateLimit(username, user)
  const withLimits = (outcome: AuthnOutcome): AuthnOutcome => ({
    ...outcome,
    headers: { ...outcome.headers, ...headers },
    ...(user && { user }),
  })
  if (limited) return withLimits(fail('E0000047'))
  if (!user || !safeEqual(user.password, password)) return withLimits(fail('E0000004'))
  if (user.locked)
    return withLimits({ status: 200, body: lockedOutBody(okta, user.selfServiceUnlock) })
  const warn =
    typeof options === 'object' &&
    options !== null &&
    (options as Body).warnBeforePasswordExpired === true
  // Okta challenges MFA before reporting an expired password, unless this browser's device
  // token was remembered for the user (verify with rememberDevice=true) and is still in time.
  const remembered =
    deviceToken === undefined ? undefined : store.rememberedDevices.get(`${user.id}:${deviceToken}`)
  const mfaRemembered = remembered !== undefined && remembered > clock.now()
  if (user.factors.length > 0 && !mfaRemembered)
    return withLimits(respond(startTransaction(user, 'MFA_REQUIRED')))
  if (user.behaviour === 'enroll') return withLimits(respond(startTransaction(user, 'MFA_ENROLL')))
  if (user.passwordExpired) return withLimits(respond(startTransaction(user, 'PASSWORD_EXPIRED')))
  if (user.behaviour === 'warn' && warn)
    return withLimits(respond(startTransaction(user, 'PASSWORD_WARN')))
  return withLimits(succeed(user, ['pwd']))
}
