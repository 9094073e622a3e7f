import type { AuthConfig } from '../config/authConfig'
import type { FlowContext } from './flowContext'
import { unchanged } from './flowOutcomes'
import type {
  AttemptId,
  SignInEffect,
  SignInEvent,
  SignInState,
  SignInTransition,
  StepEffect,
  StepTransition,
  UnboundEffect,
} from './signInFlow.types'
import { loadPage } from './steps/loadPage'
import { onAuthorizing } from './steps/onAuthorizing'
import { onCallback } from './steps/onCallback'
import { onCode, onEnrollActivate } from './steps/onCodeSteps'
import { onEmail } from './steps/onEmail'
import { onFactorChoice } from './steps/onFactorChoice'
import { onGoogleReturn, onRedirectingToGoogle } from './steps/onGoogle'
import { onPassword } from './steps/onPassword'
import { onResuming } from './steps/onResuming'
import { onLocked, onUnlockSent } from './steps/onLocked'
import { onPasswordExpired } from './steps/onPasswordExpired'
import { onSignedIn } from './steps/onSignedIn'

/** The sign-in flow for one configuration. */
export interface SignInFlow {
  /** The state before the page has been read: only `pageLoaded` moves it. */
  readonly initialState: SignInState
  /**
   * The pure step reducer: the next state and the effects for the shell to run, as data. An
   * event a step does not handle, and a result for an attempt that is no longer current, return
   * the same state object and no effects.
   */
  transition(state: SignInState, event: SignInEvent): SignInTransition
}

/** The asynchronous effects: each belongs to an attempt, and its result echoes it. */
const ATTEMPT_BOUND: Readonly<Record<UnboundEffect['type'], true>> = {
  callAuthn: true,
  prepareAuthorization: true,
  prepareGoogleRedirect: true,
  startTimer: true,
  exchangeCode: true,
  callGoogleAuth: true,
}

function isUnbound(effect: StepEffect): effect is UnboundEffect {
  return Object.hasOwn(ATTEMPT_BOUND, effect.type)
}

/**
 * Creates the sign-in flow: a pure `transition(state, event) → [state, effects]` over the steps
 * of spec section 4, closed over the (immutable) configuration.
 *
 * One attempt at a time, by identity: every state carries `attempt`. A transition that starts
 * asynchronous work (a request, WebCrypto, the 1000 ms timer) or leaves its step begins a new
 * attempt, `attempt + 1`, and tags that work with it; each result event echoes the attempt of
 * its effect, and a result whose attempt is not the state's is ignored, whatever it says.
 * @see https://stately.ai/docs/pure-transitions
 */
export function createSignInFlow(config: AuthConfig): SignInFlow {
  const context: FlowContext = { config }
  return {
    initialState: { step: 'booting', attempt: 0 },
    transition: (state, event) => transition(context, state, event),
  }
}

function transition(
  context: FlowContext,
  state: SignInState,
  event: SignInEvent,
): SignInTransition {
  // An answer for an attempt that is no longer current: a later attempt replaced it, or its step
  // was left. Checked before any step sees it.
  if ('attempt' in event && event.attempt !== state.attempt) return [state, []]
  const [next, stepEffects] = onStep(context, state, event)
  const starts = stepEffects.some(isUnbound) || next.step !== state.step
  if (next === state && !starts) return [state, stepEffects as readonly SignInEffect[]]
  const attempt: AttemptId = starts ? state.attempt + 1 : state.attempt
  const effects = stepEffects.map((effect): SignInEffect =>
    isUnbound(effect) ? { ...effect, attempt } : effect,
  )
  return [{ ...next, attempt }, effects]
}

function onStep(context: FlowContext, state: SignInState, event: SignInEvent): StepTransition {
  // A tick of the page's clock reaches only a step counting down a rate-limit wait; anywhere else
  // the clock is stopped (the wait's step was left).
  if (event.type === 'clockTicked' && !('retry' in state && state.retry))
    return [state, [{ type: 'stopClock' }]]
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
    case 'passwordExpired':
      return onPasswordExpired(state, event)
    case 'locked':
      return onLocked(state, event)
    case 'unlockSent':
      return onUnlockSent(state, event)
    case 'signedIn':
      return onSignedIn(context, state, event)
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
