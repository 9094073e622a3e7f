/**
 * Test helpers for the sign-in flow: a page snapshot builder and a runner that folds events
 * through `transition`, collecting every effect.
 */
import { expect } from 'vitest'
import type { AuthnTransaction } from '../authn/authn.types'
import type { AuthConfig } from '../config/authConfig'
import { laterSteps } from '../flow/laterSteps'
import { createSignInFlow } from '../flow/signInFlow'
import type { LaterSteps } from '../flow/signInFlow'
import type {
  PageSnapshot,
  SignInEffect,
  SignInEvent,
  SignInState,
  UnboundResultEvent,
} from '../flow/signInFlow.types'
import { testConfig } from './testConfig'

export const STATE_TOKEN = '00stateTokenValue_abcdefghijklmnopqrstuv'
export const SESSION_TOKEN = '20111TheSessionToken0123456789'
export const OAUTH_STATE = 'S'.repeat(43)
export const OAUTH_NONCE = 'N'.repeat(43)
export const CODE_VERIFIER = 'V'.repeat(43)
export const NOW = 1_790_000_000_000

/** A page snapshot: the email step on a fresh load unless overridden. */
export function page(
  overrides: Partial<Omit<PageSnapshot, 'stored'>> & {
    stored?: Partial<PageSnapshot['stored']>
  } = {},
): PageSnapshot {
  const { stored, ...rest } = overrides
  return {
    hash: '',
    search: '',
    host: 'signin.example.com',
    historyEmail: null,
    postLoginRedirect: null,
    now: NOW,
    ...rest,
    stored: {
      pkceVerifier: null,
      stateToken: null,
      mfaRedirect: null,
      oauthState: null,
      returnTo: null,
      ...stored,
    },
  }
}

/** A stored OAuth transaction as the app would have persisted it. */
export function storedOAuth(provider: 'okta' | 'google', createdAt = NOW - 5_000): string {
  return JSON.stringify({ provider, state: OAUTH_STATE, nonce: OAUTH_NONCE, createdAt })
}

/**
 * An event as the tests write it: a result may leave out its `attempt`, and then answers the
 * attempt current when it is sent (what a shell echoing the effect's attempt does).
 */
export type TestEvent = SignInEvent | UnboundResultEvent

const RESULT_TYPES: Readonly<Record<UnboundResultEvent['type'], true>> = {
  authnTransactionReceived: true,
  authnCallFailed: true,
  authorizationPrepared: true,
  authorizationFailed: true,
  timerElapsed: true,
  tokensReceived: true,
  tokensIncomplete: true,
  tokenExchangeFailed: true,
  googleRedirectPrepared: true,
  googleRedirectFailed: true,
  googleCookiesReceived: true,
  googleSignInFailed: true,
  sessionVerified: true,
  sessionUnverified: true,
}

/** `event` as the shell would send it in `state`: a result without an attempt answers the current one. */
export function answering(state: SignInState, event: TestEvent): SignInEvent {
  if ('attempt' in event || !Object.hasOwn(RESULT_TYPES, event.type)) return event as SignInEvent
  return { ...event, attempt: state.attempt } as SignInEvent
}

/** Runs events from a state, returning the final state, every effect, and the effects of the last event. */
export function run(
  events: readonly TestEvent[],
  options: { config?: AuthConfig; from?: SignInState; laterSteps?: LaterSteps | null } = {},
): { state: SignInState; effects: SignInEffect[]; last: readonly SignInEffect[] } {
  const flow = createSignInFlow(
    options.config ?? testConfig(),
    options.laterSteps === undefined ? laterSteps : options.laterSteps,
  )
  let state = options.from ?? flow.initialState
  const effects: SignInEffect[] = []
  let last: readonly SignInEffect[] = []
  for (const event of events) {
    const [next, produced] = flow.transition(state, answering(state, event))
    state = next
    last = produced
    effects.push(...produced)
  }
  return { state, effects, last }
}

/** Events that bring a fresh page to the password step for `email`. */
export function toPassword(email = 'pat@example.com'): TestEvent[] {
  return [
    { type: 'pageLoaded', page: page() },
    { type: 'emailChanged', email },
    { type: 'emailSubmitted' },
  ]
}

/** Events that submit a password and answer with `transaction`. */
export function signIn(transaction: AuthnTransaction, email = 'pat@example.com'): TestEvent[] {
  return [
    ...toPassword(email),
    { type: 'passwordSubmitted', password: 'hunter22' },
    { type: 'authnTransactionReceived', call: 'primary', transaction },
  ]
}

export const MFA_REQUIRED: Extract<AuthnTransaction, { status: 'MFA_REQUIRED' }> = {
  status: 'MFA_REQUIRED',
  stateToken: STATE_TOKEN,
  expiresAt: null,
  factors: [
    { id: 'opfPush0001', factorType: 'push', provider: 'OKTA' },
    { id: 'ostTotp0001', factorType: 'token:software:totp', provider: 'OKTA' },
    { id: 'ostTotp0002', factorType: 'token:software:totp', provider: 'GOOGLE' },
  ],
  rememberDevice: null,
}

/** `PASSWORD_EXPIRED` with the recorded fixture's policy. */
export const PASSWORD_EXPIRED: Extract<AuthnTransaction, { status: 'PASSWORD_EXPIRED' }> = {
  status: 'PASSWORD_EXPIRED',
  stateToken: STATE_TOKEN,
  expiresAt: null,
  complexity: {
    minLength: 8,
    minLowerCase: 1,
    minUpperCase: 1,
    minNumber: 1,
    minSymbol: 0,
    excludeUsername: true,
    excludeAttributes: ['firstName', 'lastName'],
  },
  user: { login: 'pat@example.com', firstName: 'Pat', lastName: 'Example' },
}

export const LOCKED_OUT: Extract<AuthnTransaction, { status: 'LOCKED_OUT' }> = {
  status: 'LOCKED_OUT',
  canUnlock: true,
}

export const RECOVERY_CHALLENGE: Extract<AuthnTransaction, { status: 'RECOVERY_CHALLENGE' }> = {
  status: 'RECOVERY_CHALLENGE',
  recoveryType: 'UNLOCK',
}

export const MFA_ENROLL: Extract<AuthnTransaction, { status: 'MFA_ENROLL' }> = {
  status: 'MFA_ENROLL',
  stateToken: STATE_TOKEN,
  expiresAt: null,
  factors: [
    { id: 'mblSms0001', factorType: 'sms', provider: 'OKTA', status: 'NOT_SETUP' },
    {
      id: 'ostTotp0001',
      factorType: 'token:software:totp',
      provider: 'GOOGLE',
      status: 'NOT_SETUP',
    },
    { id: 'ostTotp0002', factorType: 'token:software:totp', provider: 'OKTA', status: 'ACTIVE' },
    { id: 'ostTotp0003', factorType: 'token:software:totp', provider: 'OKTA', status: 'NOT_SETUP' },
    { id: 'ostTotp0004', factorType: 'token:software:totp', provider: 'RSA', status: 'NOT_SETUP' },
  ],
}

export const ENROLL_ACTIVATE: Extract<AuthnTransaction, { status: 'MFA_ENROLL_ACTIVATE' }> = {
  status: 'MFA_ENROLL_ACTIVATE',
  stateToken: STATE_TOKEN,
  expiresAt: null,
  factor: { id: 'ostNew0001', factorType: 'token:software:totp', provider: 'OKTA' },
  activation: {
    sharedSecret: 'KBMTM32UJZSXQ2DW',
    qrCodeUrl: 'https://login.example.com/api/v1/users/u1/factors/ostNew0001/qr/abc',
    timeStep: 30,
    keyLength: 6,
    encoding: 'base32',
  },
  factorResult: null,
}

export const SUCCESS: Extract<AuthnTransaction, { status: 'SUCCESS' }> = {
  status: 'SUCCESS',
  sessionToken: SESSION_TOKEN,
}

/** Typing a whole code into the first box. */
export function typeCode(code: string): SignInEvent {
  return { type: 'codeEdited', input: { type: 'textEntered', index: 0, text: code } }
}

/** Matches the failure report effect for `code` naming the step it happened in. */
export function reportOf(code: string, step: string): unknown {
  return expect.objectContaining({ type: 'reportFailure', code, step })
}
