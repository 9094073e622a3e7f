/**
 * A sample of every event type, and a fast-check arbitrary of events, for the "ignored events"
 * table and the property tests.
 */
import fc from 'fast-check'
import type { AuthnTransaction } from '../authn/authn.types'
import type { AuthErrorCode } from '../errors/authError'
import { AUTH_ERROR_CODES } from '../errors/authError'
import {
  ENROLL_ACTIVATE,
  LOCKED_OUT,
  MFA_ENROLL,
  MFA_REQUIRED,
  NOW,
  PASSWORD_EXPIRED,
  RECOVERY_CHALLENGE,
  OAUTH_NONCE,
  OAUTH_STATE,
  page,
  storedOAuth,
  SUCCESS,
} from './flowHarness'
import type { TestEvent } from './flowHarness'

/** One example of each event type (results answer whichever attempt is current, see `answering`). */
export const SAMPLE_EVENTS: Readonly<Record<TestEvent['type'], TestEvent>> = {
  pageLoaded: { type: 'pageLoaded', page: page() },
  hashChanged: { type: 'hashChanged', hash: '#nowhere', historyEmail: null },
  emailChanged: { type: 'emailChanged', email: 'someone@example.com' },
  emailSubmitted: { type: 'emailSubmitted' },
  googleSignInClicked: { type: 'googleSignInClicked' },
  changeEmailClicked: { type: 'changeEmailClicked' },
  forgotPasswordClicked: { type: 'forgotPasswordClicked' },
  passwordSubmitted: { type: 'passwordSubmitted', password: 'hunter22' },
  factorChosen: { type: 'factorChosen', provider: 'OKTA' },
  codeEdited: { type: 'codeEdited', input: { type: 'textEntered', index: 0, text: '1' } },
  codeSubmitted: { type: 'codeSubmitted' },
  authnTransactionReceived: {
    type: 'authnTransactionReceived',
    call: 'primary',
    transaction: SUCCESS,
  },
  authnCallFailed: { type: 'authnCallFailed', call: 'primary', error: 'unknown_error' },
  authorizationPrepared: {
    type: 'authorizationPrepared',
    request: { url: 'https://login.example.com/a', codeVerifier: 'v', state: 's', nonce: 'n' },
    now: NOW,
  },
  authorizationFailed: { type: 'authorizationFailed', error: 'crypto_unavailable' },
  timerElapsed: { type: 'timerElapsed', id: 'authorizeRedirect' },
  tokensReceived: {
    type: 'tokensReceived',
    now: NOW,
    tokens: {
      accessToken: 'a',
      tokenType: 'Bearer',
      expiresIn: 60,
      refreshToken: null,
      idToken: null,
      scope: null,
    },
  },
  tokensIncomplete: { type: 'tokensIncomplete', idToken: null },
  tokenExchangeFailed: { type: 'tokenExchangeFailed', error: 'unknown_error' },
  googleRedirectPrepared: {
    type: 'googleRedirectPrepared',
    url: 'https://accounts.google.com/x',
    state: OAUTH_STATE,
    nonce: OAUTH_NONCE,
    now: NOW,
  },
  googleRedirectFailed: { type: 'googleRedirectFailed', error: 'crypto_unavailable' },
  googleCookiesReceived: { type: 'googleCookiesReceived', cookies: { a: 'b' }, now: NOW },
  googleSignInFailed: { type: 'googleSignInFailed', error: 'google_failed' },
  sessionVerified: { type: 'sessionVerified', who: 'pat@example.com' },
  sessionUnverified: { type: 'sessionUnverified' },
  storageFailed: { type: 'storageFailed' },
  rememberDeviceChanged: { type: 'rememberDeviceChanged', remember: true },
  newPasswordSubmitted: {
    type: 'newPasswordSubmitted',
    oldPassword: 'hunter22',
    newPassword: 'Fresh-start-22',
    confirmation: 'Fresh-start-22',
  },
  unlockClicked: { type: 'unlockClicked' },
  startOverClicked: { type: 'startOverClicked' },
  continueClicked: { type: 'continueClicked' },
  switchAccountClicked: { type: 'switchAccountClicked' },
  clockTicked: { type: 'clockTicked', now: NOW },
  sessionEnded: { type: 'sessionEnded' },
}

const errorCode: fc.Arbitrary<AuthErrorCode> = fc.constantFrom(...AUTH_ERROR_CODES)
const callKind = fc.constantFrom(
  'primary' as const,
  'resume' as const,
  'enroll' as const,
  'activate' as const,
  'verify' as const,
  'changePassword' as const,
  'unlock' as const,
)
const transaction: fc.Arbitrary<AuthnTransaction> = fc.constantFrom<AuthnTransaction>(
  SUCCESS,
  MFA_REQUIRED,
  { ...MFA_REQUIRED, rememberDevice: { lifetimeMinutes: 10080, byDefault: true } },
  MFA_ENROLL,
  ENROLL_ACTIVATE,
  { ...ENROLL_ACTIVATE, activation: null },
  PASSWORD_EXPIRED,
  LOCKED_OUT,
  { ...LOCKED_OUT, canUnlock: false },
  RECOVERY_CHALLENGE,
)
const hash = fc.constantFrom(
  '',
  '#',
  '#sign-in',
  '#verify',
  '#setup',
  '#activate',
  '#new-password',
  '#locked',
  '#unlock-sent',
  '#x',
  `#code=c&state=${OAUTH_STATE}`,
)
const email = fc.oneof(
  fc.constantFrom('pat@example.com', 'PAT@EXAMPLE.COM', 'nope', ''),
  fc.string({ maxLength: 20 }),
)

/** Any event, with payloads that reach the interesting branches. */
export const anyEvent: fc.Arbitrary<TestEvent> = fc.oneof(
  fc.record({
    type: fc.constant('pageLoaded' as const),
    page: fc
      .record({
        hash,
        search: fc.constantFrom(
          '',
          '?error=unknown_error',
          `?code=g&state=${OAUTH_STATE}`,
          '?error=access_denied',
        ),
        historyEmail: fc.option(email, { nil: null }),
        postLoginRedirect: fc.option(fc.constantFrom('roads', 'evil.com/', 'signin', ''), {
          nil: null,
        }),
        stateToken: fc.option(fc.constant('00state'), { nil: null }),
        mfaRedirect: fc.option(fc.constant('1'), { nil: null }),
        pkceVerifier: fc.option(fc.constant('V'.repeat(43)), { nil: null }),
        oauthState: fc.option(fc.constantFrom(storedOAuth('okta'), storedOAuth('google'), '{bad'), {
          nil: null,
        }),
        live: fc.boolean(),
      })
      .map(
        ({
          hash: h,
          search,
          historyEmail,
          postLoginRedirect,
          stateToken,
          mfaRedirect,
          pkceVerifier,
          oauthState,
          live,
        }) =>
          page({
            hash: h,
            search,
            historyEmail,
            postLoginRedirect,
            stored: { stateToken, mfaRedirect, pkceVerifier, oauthState },
            session: live ? { status: 'live', who: 'pat@example.com' } : { status: 'none' },
          }),
      ),
  }),
  fc.record({
    type: fc.constant('hashChanged' as const),
    hash,
    historyEmail: fc.option(email, { nil: null }),
  }),
  fc.record({ type: fc.constant('emailChanged' as const), email }),
  fc.record({
    type: fc.constant('passwordSubmitted' as const),
    password: fc.string({ maxLength: 10 }),
  }),
  fc.record({
    type: fc.constant('factorChosen' as const),
    provider: fc.constantFrom('OKTA' as const, 'GOOGLE' as const),
  }),
  fc.record({
    type: fc.constant('codeEdited' as const),
    input: fc.oneof(
      fc.record({
        type: fc.constant('textEntered' as const),
        index: fc.integer({ min: 0, max: 5 }),
        text: fc.constantFrom('1', '123456', 'x', '12'),
      }),
      fc.record({
        type: fc.constant('backspacePressed' as const),
        index: fc.integer({ min: 0, max: 5 }),
      }),
    ),
  }),
  fc.record({
    type: fc.constant('authnTransactionReceived' as const),
    call: callKind,
    transaction,
  }),
  fc.record({ type: fc.constant('authnCallFailed' as const), call: callKind, error: errorCode }),
  fc.record({
    type: fc.constant('authnCallFailed' as const),
    call: callKind,
    error: fc.constant('rate_limited' as const),
    rateLimitReset: fc.integer({ min: NOW / 1000 - 5, max: NOW / 1000 + 90 }),
  }),
  fc.record({
    type: fc.constant('clockTicked' as const),
    now: fc.integer({ min: NOW - 1000, max: NOW + 200_000 }),
  }),
  fc.record({
    type: fc.constant('newPasswordSubmitted' as const),
    oldPassword: fc.constantFrom('', 'hunter22'),
    newPassword: fc.constantFrom('', 'short', 'Fresh-start-22', 'Pat-rules-22'),
    confirmation: fc.constantFrom('Fresh-start-22', 'other'),
  }),
  fc.record({ type: fc.constant('rememberDeviceChanged' as const), remember: fc.boolean() }),
  fc.record({ type: fc.constant('authorizationFailed' as const), error: errorCode }),
  fc.record({ type: fc.constant('tokenExchangeFailed' as const), error: errorCode }),
  fc.record({ type: fc.constant('googleSignInFailed' as const), error: errorCode }),
  fc.record({ type: fc.constant('googleRedirectFailed' as const), error: errorCode }),
  fc.constantFrom(...Object.values(SAMPLE_EVENTS)),
)
