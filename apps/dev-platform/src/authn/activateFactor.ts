import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn/factors/{id}/lifecycle/activate`: the first code activates the
 * enrolment (kept in memory until reset) and ends the transaction with SUCCESS.
 * @see https://developer.okta.com/docs/reference/api/authn/#activate-totp-factor
 */
export function activateFactor(kit: AuthnKit, factorId: string, body: Body): AuthnOutcome {
  const { succeed, inState, checkPasscode, notFound } = kit
  const found = inState(body.stateToken, ['MFA_ENROLL_ACTIVATE'])
  if (!('txn' in found)) return found
  const { txn, user } = found
  const pending = txn.pending
  if (!pending || pending.factorId !== factorId) return notFound(`${factorId} (UserFactor)`)
  const refused = checkPasscode(user, txn, factorId, pending.secret, body.passCode)
  if (refused) return refused
  user.factors.push({
    id: pending.factorId,
    factorType: 'token:software:totp',
    provider: pending.provider,
    secret: pending.secret,
  })
  return succeed(user, ['pwd', 'otp'], txn)
}
