import { unchanged } from '../flowOutcomes'
import type { SignInEvent, SignInState, StepTransition } from '../signInFlow.types'

type DoneState = Extract<SignInState, { step: 'done' }>

/**
 * Leaving: only a refused deep link (`storageFailed` for the `returnTo` the shell could not
 * keep, which stopped the rest of the transition) changes anything. The sign-in goes on without
 * it, to the sub-site's root, and a warning says so: the person is never left on
 * "Signing you in…". Once: the state forgets the plan.
 */
export function onDone(state: DoneState, event: SignInEvent): StepTransition {
  if (event.type !== 'storageFailed' || state.withoutDeepLink === undefined) return unchanged(state)
  return [
    { step: 'done', via: state.via },
    [{ type: 'reportDeepLinkDropped' }, state.withoutDeepLink],
  ]
}
