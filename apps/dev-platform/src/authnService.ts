/**
 * The Okta classic Authn state machine: primary authentication, transactions with sliding
 * stateTokens, TOTP enrolment, activation and verification, one-time session tokens, lockout
 * and rate limits. HTTP lives in `authnRoutes.ts`; this returns status, body and headers.
 * @see https://developer.okta.com/docs/reference/api/authn/
 */
import type { PlatformContext } from './context'
import { createAuthnKit } from './authn/authnKit'
import { primaryAuthentication } from './authn/primaryAuthentication'
import { enrollFactor } from './authn/enrollFactor'
import { activateFactor } from './authn/activateFactor'
import { verifyFactor } from './authn/verifyFactor'
import { changePassword } from './authn/changePassword'
import { unlockAccount, redeemUnlock } from './authn/unlockAccount'
import { previousStep } from './authn/previousStep'
import { skipStep } from './authn/skipStep'
import { introspectTransaction } from './authn/introspectTransaction'
import { cancelTransaction } from './authn/cancelTransaction'
import { startUnauthenticated } from './authn/startUnauthenticated'
import { qrEnrolment } from './authn/qrEnrolment'

export type { AuthnOutcome } from './authn/authnKit'
export { MAX_FAILED_PASSCODES } from './authn/authnKit'

/** Builds the Authn operations over the platform's store and clock: one function per endpoint. */
export function createAuthnService(ctx: PlatformContext) {
  const kit = createAuthnKit(ctx)
  return {
    primary: primaryAuthentication.bind(undefined, kit),
    enroll: enrollFactor.bind(undefined, kit),
    activate: activateFactor.bind(undefined, kit),
    verify: verifyFactor.bind(undefined, kit),
    changePassword: changePassword.bind(undefined, kit),
    unlock: unlockAccount.bind(undefined, kit),
    redeemUnlock: redeemUnlock.bind(undefined, kit),
    previous: previousStep.bind(undefined, kit),
    skip: skipStep.bind(undefined, kit),
    introspect: introspectTransaction.bind(undefined, kit),
    cancel: cancelTransaction.bind(undefined, kit),
    startUnauthenticated: startUnauthenticated.bind(undefined, kit),
    qrEnrolment: qrEnrolment.bind(undefined, kit),
    notFound: kit.notFound,
  }
}

export type AuthnService = ReturnType<typeof createAuthnService>
