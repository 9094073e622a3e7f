import type { Transaction } from '../store'
import type { AuthnKit } from './authnKit'

/** Starts an UNAUTHENTICATED transaction (what Okta's hosted sign-in page would hold). */
export function startUnauthenticated(kit: AuthnKit): string {
  const { store, clock, random, config } = kit
  const txn: Transaction = {
    stateToken: random.token(),
    userId: null,
    status: 'UNAUTHENTICATED',
    expiresAt: clock.now() + config.stateTokenTtlSeconds * 1000,
    pending: null,
  }
  store.transactions.set(txn.stateToken, txn)
  return txn.stateToken
}
