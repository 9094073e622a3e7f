import type { OktaUser } from '../store'
import type { AuthnKit } from './authnKit'

/** The pending enrolment behind a QR link, while its transaction lives; else null. */
export function qrEnrolment(kit: AuthnKit, userId: string, factorId: string, qrToken: string) {
  const { store, clock } = kit
  for (const txn of store.transactions.values()) {
    const pending = txn.pending
    if (
      pending?.qrToken === qrToken &&
      pending.factorId === factorId &&
      txn.userId === userId &&
      txn.expiresAt > clock.now()
    )
      return { pending, user: store.users.get(userId) as OktaUser }
  }
  return null
}
