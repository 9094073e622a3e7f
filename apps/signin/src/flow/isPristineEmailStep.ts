import type { SignInState } from '@mapping-platform/auth-core'

/**
 * Whether `state` is the plain email step every first visit starts on (nothing typed, no error):
 * the one screen that is prerendered, so the only one the client hydrates.
 */
export function isPristineEmailStep(state: SignInState): boolean {
  return state.step === 'email' && state.email === '' && !state.attempted && state.error === null
}
