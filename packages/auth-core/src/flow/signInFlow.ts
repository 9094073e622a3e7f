import type { AuthConfig } from '../config/authConfig'
import type { FlowContext } from './flowContext'
import { emailStep, failToEmail, unchanged } from './flowOutcomes'
import type {
  AttemptId,
  SignInEffect,
  SignInEvent,
  SignInState,
  SignInStep,
  SignInTransition,
  StepEffect,
  StepTransition,
  UnboundEffect,
} from './signInFlow.types'
import { onBooting } from './steps/onBooting'
import { onAuthorizing } from './steps/onAuthorizing'
import { onEmail } from './steps/onEmail'
import { onRedirectingToGoogle } from './steps/onRedirectingToGoogle'
import { onPassword } from './steps/onPassword'
import { onResuming } from './steps/onResuming'

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
  verifySession: true,
}

function isUnbound(effect: StepEffect): effect is UnboundEffect {
  return Object.hasOwn(ATTEMPT_BOUND, effect.type)
}

/** The steps only an answer from Okta leads to, whose handlers are {@link LaterSteps}. */
export type LaterStep =
  | 'code'
  | 'factorChoice'
  | 'enrollActivate'
  | 'passwordExpired'
  | 'locked'
  | 'unlockSent'
  | 'callback'
  | 'googleReturn'
  | 'signedIn'

/**
 * The handlers of the {@link LaterStep}s, one per step (auth-core's `laterSteps`): a record of its
 * own so a page can load it after its first step is interactive. Also `done`'s, for what only a
 * sign-in they finished leaves to do there (a refused deep link); without them `done` ignores all.
 */
export type LaterSteps = {
  readonly [Step in LaterStep | 'done']: (
    state: Extract<SignInState, { step: Step }>,
    event: SignInEvent,
    context: FlowContext,
  ) => StepTransition
}

const LATER: Readonly<Record<SignInStep, boolean>> = {
  booting: false,
  email: false,
  password: false,
  code: true,
  factorChoice: true,
  enrollActivate: true,
  passwordExpired: true,
  locked: true,
  unlockSent: true,
  signedIn: true,
  resuming: false,
  authorizing: false,
  redirectingToGoogle: false,
  callback: true,
  googleReturn: true,
  done: false,
}

/**
 * Whether `state` is at a step whose handler is in {@link LaterSteps}: a flow created without
 * them must not be given an event (`event`, when known) in such a state. A provider's return that
 * failed, and a session check that vouched for nobody, are handled without them. No step before
 * the first answer from Okta (or from the session check, which runs in their chunk) is, so a page
 * that fetches them with its provider clients has them before it can be in one.
 */
export function needsLaterSteps(state: SignInState, event?: SignInEvent): boolean {
  // A session check that vouched for nobody is handled without them too (it ran in their chunk,
  // which may be what could not be fetched): the plain email step.
  if (state.step === 'signedIn' && event?.type === 'sessionUnverified') return false
  return LATER[state.step] && !(event !== undefined && isReturnFailure(state, event))
}

/**
 * A provider's return that failed (the token exchange, the product API): handled without the
 * later steps, as their chunk (which carries the provider clients) may be what could not be
 * fetched; the person is told on the email step instead of waiting for it.
 */
function isReturnFailure(
  state: SignInState,
  event: SignInEvent,
): event is Extract<SignInEvent, { type: 'tokenExchangeFailed' | 'googleSignInFailed' }> {
  return (
    (state.step === 'callback' && event.type === 'tokenExchangeFailed') ||
    (state.step === 'googleReturn' && event.type === 'googleSignInFailed')
  )
}

/**
 * Creates the sign-in flow: a pure `transition(state, event) → [state, effects]` over the steps
 * of spec section 4, closed over the (immutable) configuration and the handlers of the later
 * steps: `laterSteps`, or `null` for a flow that stops before them (the sign-in page's first
 * load, until its provider clients arrive). Such a flow throws on an event in a state for which
 * {@link needsLaterSteps} is true: the caller must hold the event until it has them, never drop it.
 *
 * One attempt at a time, by identity: every state carries `attempt`. A transition that starts
 * asynchronous work (a request, WebCrypto, the 1000 ms timer) or leaves its step begins a new
 * attempt, `attempt + 1`, and tags that work with it; each result event echoes the attempt of
 * its effect, and a result whose attempt is not the state's is ignored, whatever it says.
 * @see https://stately.ai/docs/pure-transitions
 */
export function createSignInFlow(config: AuthConfig, laterSteps: LaterSteps | null): SignInFlow {
  const context: FlowContext = { config, laterSteps }
  return {
    initialState: { step: 'booting', attempt: 0 },
    transition: (state, event) => transition(context, state, event),
  }
}

/** The later steps' handlers, which a flow given an event in one of them must have. */
function later(context: FlowContext, step: LaterStep): LaterSteps {
  if (context.laterSteps === null)
    throw new Error(`createSignInFlow: the ${step} step needs laterSteps, which were not given`)
  return context.laterSteps
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
  // A tick of the page's clock reaches only a step that can wait out a rate limit (its tickWait
  // stops the clock when no wait runs); anywhere else the clock is stopped (the wait's step was left).
  if (event.type === 'clockTicked' && !('retry' in state)) return [state, [{ type: 'stopClock' }]]
  switch (state.step) {
    case 'booting':
      return onBooting(context, state, event)
    case 'email':
      return onEmail(state, event)
    case 'password':
      return onPassword(context, state, event)
    case 'code':
      return later(context, state.step).code(state, event, context)
    case 'factorChoice':
      return later(context, state.step).factorChoice(state, event, context)
    case 'enrollActivate':
      return later(context, state.step).enrollActivate(state, event, context)
    case 'passwordExpired':
      return later(context, state.step).passwordExpired(state, event, context)
    case 'locked':
      return later(context, state.step).locked(state, event, context)
    case 'unlockSent':
      return later(context, state.step).unlockSent(state, event, context)
    case 'signedIn':
      // Nobody the provider vouched for: the plain email step, nobody named.
      if (event.type === 'sessionUnverified')
        return state.checking === null ? unchanged(state) : [emailStep(''), []]
      return later(context, state.step).signedIn(state, event, context)
    case 'resuming':
      return onResuming(state, event)
    case 'authorizing':
      return onAuthorizing(state, event)
    case 'redirectingToGoogle':
      return onRedirectingToGoogle(state, event)
    case 'callback':
      if (isReturnFailure(state, event)) return failToEmail(state.step, null, event.error)
      return later(context, state.step).callback(state, event, context)
    case 'googleReturn':
      if (isReturnFailure(state, event)) return failToEmail(state.step, null, event.error)
      return later(context, state.step).googleReturn(state, event, context)
    case 'done':
      // Only a sign-in the later steps finished (the token exchange) can still change course.
      return context.laterSteps?.done(state, event, context) ?? unchanged(state)
  }
}
