import { isTransaction } from './authnKit'
import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn/cancel`: revokes the stateToken.
 * @see https://developer.okta.com/docs/reference/api/authn/#cancel-transaction
 */
export function cancelTransaction(kit: AuthnKit, body: Body): AuthnOutcome {
  const { store, live } = kit
  const txn = live(body.stateToken)
  if (!isTransaction(txn)) return txn
  store.transactions.delete(txn.stateToken)
  return { status: 200, body: { _embedded: {} } }
}
