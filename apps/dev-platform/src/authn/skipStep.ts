import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn/skip`: skips the password warning (PASSWORD_WARN → SUCCESS).
 * @see https://developer.okta.com/docs/reference/api/authn/#skip-transaction-state
 */
export function skipStep(kit: AuthnKit, body: Body): AuthnOutcome {
  const { succeed, inState } = kit
  const found = inState(body.stateToken, ['PASSWORD_WARN'])
  if (!('txn' in found)) return found
  return succeed(found.user, ['pwd'], found.txn)
}
