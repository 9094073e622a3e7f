import { isTransaction } from './authnKit'
import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn/introspect`: the transaction of `{stateToken}` in its current state,
 * as "get transaction state" answers it (Okta's SDK calls it for `tx.introspect()`); an
 * unknown, finished or expired stateToken is 401 E0000011.
 * @see https://github.com/okta/okta-auth-js/blob/master/lib/authn/api.ts (transactionStep)
 */
export function introspectTransaction(kit: AuthnKit, body: Body): AuthnOutcome {
  const { live, respond } = kit
  const txn = live(body.stateToken)
  return isTransaction(txn) ? respond(txn) : txn
}
