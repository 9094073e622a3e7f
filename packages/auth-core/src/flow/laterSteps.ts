import type { LaterSteps } from './signInFlow'
import { onCallback } from './steps/onCallback'
import { onCode } from './steps/onCode'
import { onDone } from './steps/onDone'
import { onEnrollActivate } from './steps/onEnrollActivate'
import { onFactorChoice } from './steps/onFactorChoice'
import { onGoogleReturn } from './steps/onGoogleReturn'
import { onLocked } from './steps/onLocked'
import { onPasswordExpired } from './steps/onPasswordExpired'
import { onSignedIn } from './steps/onSignedIn'
import { onUnlockSent } from './steps/onUnlockSent'

/**
 * The handlers of the steps only an answer from Okta leads to: the code step, the factor choice
 * and activation of enrolment, the expired password (with its rule checks), the locked account
 * and "Check your email"; and the returns from the providers once their answer is in (the token
 * exchange and the product API's cookies: writing the cookies, the logout, deep links), as those
 * answers come through the same chunk; and the already-signed-in question, which waits for the
 * check of the session that runs in that chunk. Passed to {@link createSignInFlow} as its second argument. Apart from
 * the rest of the flow so a page can load them with the provider clients instead of before its
 * first step is interactive (the sign-in page does: `apps/signin`'s `networkEffects` chunk).
 * @see https://developer.okta.com/docs/reference/api/authn/#transaction-state
 */
export const laterSteps: LaterSteps = {
  code: onCode,
  factorChoice: onFactorChoice,
  enrollActivate: onEnrollActivate,
  passwordExpired: onPasswordExpired,
  locked: onLocked,
  unlockSent: onUnlockSent,
  callback: onCallback,
  googleReturn: onGoogleReturn,
  done: onDone,
  signedIn: onSignedIn,
}
