import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn/previous`: from MFA_ENROLL_ACTIVATE back to MFA_ENROLL.
 * @see https://developer.okta.com/docs/reference/api/authn/#previous-transaction-state
 */
export function previousStep(kit: AuthnKit, body: Body): AuthnOutcome {
  const { respond, inState } = kit
  const found = inState(body.stateToken, ['MFA_ENROLL_ACTIVATE'])
  if (!('txn' in found)) return found
  found.txn.status = 'MFA_ENROLL'
  found.txn.pending = null
  return respond(found.txn)
}
