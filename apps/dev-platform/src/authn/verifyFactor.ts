import { rememberDeviceMinutes } from '../authnResponses'
import { oktaError } from '../oktaErrors'
import { MINUTE_MS } from './authnKit'
import type { AuthnKit, AuthnOutcome, Body } from './authnKit'

/**
 * `POST /api/v1/authn/factors/{id}/verify`: checks a TOTP code in MFA_REQUIRED.
 * Push cannot be delivered here, so verifying the push factor answers E0000006.
 * @see https://developer.okta.com/docs/reference/api/authn/#verify-totp-factor
 */
export function verifyFactor(
  kit: AuthnKit,
  factorId: string,
  body: Body,
  remember: { readonly rememberDevice: boolean; readonly deviceToken?: string } = {
    rememberDevice: false,
  },
): AuthnOutcome {
  const { store, clock, random, fromError, respond, succeed, inState, checkPasscode, notFound } =
    kit
  const found = inState(body.stateToken, ['MFA_REQUIRED'])
  if (!('txn' in found)) return found
  const { txn, user } = found
  const factor = user.factors.find((candidate) => candidate.id === factorId)
  if (!factor) return notFound(`${factorId} (UserFactor)`)
  if (factor.factorType === 'push') return fromError(oktaError(random, 'E0000006'), user)
  const refused = checkPasscode(user, txn, factorId, factor.secret, body.passCode)
  if (refused) return refused
  // `rememberDevice=true` remembers this browser's device token for the policy's lifetime,
  // only where the policy allows it (Okta ignores it otherwise).
  const lifetime = rememberDeviceMinutes(user)
  if (remember.rememberDevice && lifetime !== null && remember.deviceToken !== undefined)
    store.rememberedDevices.set(
      `${user.id}:${remember.deviceToken}`,
      lifetime === 0 ? Number.POSITIVE_INFINITY : clock.now() + lifetime * MINUTE_MS,
    )
  // Okta challenges MFA first, then reports the expired password.
  if (user.passwordExpired) {
    txn.status = 'PASSWORD_EXPIRED'
    return respond(txn)
  }
  return succeed(user, ['pwd', 'otp'], txn)
}
