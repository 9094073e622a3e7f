import type { AuthConfig } from '../config/authConfig'
import type { FlowContext } from './flowContext'
import { unchanged } from './flowOutcomes'
import type { SignInEvent, SignInState, SignInTransition } from './signInFlow.types'
import { loadPage } from './steps/loadPage'
import { onAuthorizing } from './steps/onAuthorizing'
import { onCallback } from './steps/onCallback'
import { onCode, onEnrollActivate } from './steps/onCodeSteps'
import { onEmail } from './steps/onEmail'
import { onFactorChoice } from './steps/onFactorChoice'
import { onGoogleReturn, onRedirectingToGoogle } from './steps/onGoogle'
import { onPassword } from './steps/onPassword'
import { onResuming } from './steps/onResuming'

/** The sign-in flow for one configuration. */
export interface SignInFlow {
  /** The state before the page has been read: only `pageLoaded` moves it. */
  readonly initialState: SignInState
  /**
   * The pure step reducer: the next state and the effects for the shell to run, as data. An
   * event a step does not handle returns the same state object and no effects.
   */
  transition(state: SignInState, event: SignInEvent): SignInTransition
}

/**
 * Creates the sign-in flow: a pure `transition(state, event) → [state, effects]` over the steps
 * of spec section 4, closed over the (immutable) configuration.
 * @see https://stately.ai/docs/pure-transitions
 */
export function createSignInFlow(config: AuthConfig): SignInFlow {
  const context: FlowContext = { config }
  return {
    initialState: { step: 'booting' },
    transition: (state, event) => transition(context, state, event),
  }
}

function transition(
  context: FlowContext,
  state: SignInState,
  event: SignInEvent,
): SignInTransition {
  switch (state.step) {
    case 'booting':
      return event.type === 'pageLoaded' ? loadPage(context, event.page) : unchanged(state)
    case 'email':
      return onEmail(state, event)
    case 'password':
      return onPassword(context, state, event)
    case 'code':
      return onCode(state, event)
    case 'factorChoice':
      return onFactorChoice(state, event)
    case 'enrollActivate':
      return onEnrollActivate(state, event)
    case 'resuming':
      return onResuming(state, event)
    case 'authorizing':
      return onAuthorizing(state, event)
    case 'redirectingToGoogle':
      return onRedirectingToGoogle(state, event)
    case 'callback':
      return onCallback(context, state, event)
    case 'googleReturn':
      return onGoogleReturn(context, state, event)
    case 'done':
      return unchanged(state)
  }
}
