import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn/factors`: enrol a TOTP factor (Okta Verify or Google Authenticator)
 * with a fresh secret; answers MFA_ENROLL_ACTIVATE.
 * @see https://developer.okta.com/docs/reference/api/authn/#enroll-okta-verify-totp-factor
 */
export function enrollFactor(kit: AuthnKit, body: Body): AuthnOutcome {
  const { random, fail, respond, inState } = kit
  const found = inState(body.stateToken, ['MFA_ENROLL'])
  if (!('txn' in found)) return found
  const { provider, factorType } = body
  if (factorType !== 'token:software:totp' || (provider !== 'OKTA' && provider !== 'GOOGLE'))
    return fail('E0000001', { detail: 'factorEnrollRequest' })
  found.txn.pending = {
    factorId: random.oktaId(provider === 'OKTA' ? 'ost' : 'uft'),
    provider,
    secret: random.base32Secret(),
    qrToken: random.token(),
  }
  found.txn.status = 'MFA_ENROLL_ACTIVATE'
  return respond(found.txn)
}
