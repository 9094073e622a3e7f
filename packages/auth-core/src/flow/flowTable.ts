import type { SignInEvent, SignInStep } from './signInFlow.types'

/** One step of the flow: the events it handles and the steps it may lead to. */
export interface FlowTableRow {
  /** Every other event leaves the step as it is: same state, no effects. */
  readonly handles: readonly SignInEvent['type'][]
  /** Where its transitions may go, itself included when it may stay. */
  readonly leadsTo: readonly SignInStep[]
}

/**
 * The sign-in flow as a table (spec section 4), one row per step of `createSignInFlow`'s reducer
 * and one file per step in `steps/` (`on<Step>`). The reducer's tests hold it to this table: an
 * event a step handles that its row does not list, or a step it leads to that its row does not
 * name, fails them. A clock tick (`clockTicked`) reaches every step; those without a rate-limit
 * wait only stop the clock, so only the steps that wait list it. The auth-core README shows it
 * (`pnpm --filter @mapping-platform/auth-core flow:update` renders it there).
 */
export const FLOW_TABLE: Readonly<Record<SignInStep, FlowTableRow>> = {
  booting: {
    handles: ['pageLoaded'],
    leadsTo: ['email', 'password', 'resuming', 'signedIn', 'callback', 'googleReturn', 'done'],
  },
  email: {
    handles: ['emailChanged', 'emailSubmitted', 'googleSignInClicked', 'hashChanged'],
    leadsTo: ['email', 'password', 'redirectingToGoogle'],
  },
  password: {
    handles: [
      'passwordSubmitted',
      'authnTransactionReceived',
      'authnCallFailed',
      'changeEmailClicked',
      'forgotPasswordClicked',
      'hashChanged',
      'clockTicked',
    ],
    leadsTo: [
      'password',
      'email',
      'authorizing',
      'code',
      'factorChoice',
      'enrollActivate',
      'passwordExpired',
      'locked',
    ],
  },
  code: {
    handles: [
      'codeEdited',
      'codeSubmitted',
      'rememberDeviceChanged',
      'authnTransactionReceived',
      'authnCallFailed',
      'hashChanged',
      'storageFailed',
      'clockTicked',
    ],
    leadsTo: ['code', 'authorizing', 'passwordExpired', 'locked', 'password', 'email'],
  },
  factorChoice: {
    handles: [
      'factorChosen',
      'authnTransactionReceived',
      'authnCallFailed',
      'hashChanged',
      'storageFailed',
    ],
    leadsTo: ['factorChoice', 'enrollActivate', 'password', 'email'],
  },
  enrollActivate: {
    handles: [
      'codeEdited',
      'codeSubmitted',
      'authnTransactionReceived',
      'authnCallFailed',
      'hashChanged',
      'storageFailed',
      'clockTicked',
    ],
    leadsTo: ['enrollActivate', 'authorizing', 'passwordExpired', 'locked', 'password', 'email'],
  },
  passwordExpired: {
    handles: [
      'newPasswordSubmitted',
      'authnTransactionReceived',
      'authnCallFailed',
      'startOverClicked',
      'hashChanged',
      'storageFailed',
      'clockTicked',
    ],
    leadsTo: [
      'passwordExpired',
      'authorizing',
      'code',
      'factorChoice',
      'enrollActivate',
      'locked',
      'password',
      'email',
    ],
  },
  locked: {
    handles: [
      'unlockClicked',
      'authnTransactionReceived',
      'authnCallFailed',
      'startOverClicked',
      'hashChanged',
      'clockTicked',
    ],
    leadsTo: ['locked', 'unlockSent', 'email'],
  },
  unlockSent: {
    handles: ['startOverClicked', 'hashChanged'],
    leadsTo: ['email'],
  },
  signedIn: {
    handles: [
      'sessionVerified',
      'sessionUnverified',
      'continueClicked',
      'switchAccountClicked',
      'sessionEnded',
    ],
    leadsTo: ['signedIn', 'done', 'email'],
  },
  resuming: {
    handles: ['authnTransactionReceived', 'authnCallFailed'],
    leadsTo: [
      'authorizing',
      'code',
      'factorChoice',
      'enrollActivate',
      'passwordExpired',
      'locked',
      'email',
    ],
  },
  authorizing: {
    handles: [
      'authorizationPrepared',
      'timerElapsed',
      'authorizationFailed',
      'storageFailed',
      'hashChanged',
    ],
    leadsTo: ['authorizing', 'password', 'email'],
  },
  redirectingToGoogle: {
    handles: ['googleRedirectPrepared', 'googleRedirectFailed', 'storageFailed'],
    leadsTo: ['redirectingToGoogle', 'email'],
  },
  callback: {
    handles: ['tokensReceived', 'tokensIncomplete', 'tokenExchangeFailed'],
    leadsTo: ['done', 'email'],
  },
  googleReturn: {
    handles: ['googleCookiesReceived', 'googleSignInFailed'],
    leadsTo: ['done', 'email'],
  },
  done: {
    handles: ['storageFailed'],
    leadsTo: ['done'],
  },
}
