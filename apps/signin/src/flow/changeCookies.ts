import type { CookieJar } from '../browser/cookies'
import type { LeasedEffect } from './runEffect'

/**
 * Removes (`endSession`) or writes (`finishSignIn`) the token cookies of `effect`; a sign-in
 * first removes the token cookies it does not write (its `removals`), so it leaves no earlier
 * person's token behind.
 */
export function changeCookies(effect: LeasedEffect, cookies: CookieJar): void {
  const removals = effect.type === 'endSession' ? effect.cookies : effect.removals
  for (const cookie of removals) cookies.remove(cookie)
  if (effect.type === 'finishSignIn') for (const cookie of effect.cookies) cookies.set(cookie)
}
