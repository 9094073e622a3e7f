/**
 * Small builders shared by the step handlers: the email step with an error, reports, and the
 * effects that end a transaction. Keeping them here keeps every handler a short switch.
 */
import type { CookieScopeConfig } from '../cookies/cookieRules'
import { COOKIE_NAMES } from '../cookies/cookie.types'
import { planCookieRemoval } from '../cookies/planCookieRemoval'
import type { AuthErrorCode } from '../errors/authError'
import type {
  StepEffect,
  SignInStepState,
  SignInStep,
  StepTransition,
  StoredItem,
} from './signInFlow.types'
import { STEP_HASHES } from './signInFlow.types'

/** No effects. */
export const NO_EFFECTS: readonly StepEffect[] = []

/** The state unchanged, with no effects: what every step answers to an event it does not handle. */
export function unchanged(state: SignInStepState): StepTransition {
  return [state, NO_EFFECTS]
}

/** Errors the person caused or can fix; reported as warnings. Everything else is an error. */
const EXPECTED_ERRORS: ReadonlySet<AuthErrorCode> = new Set<AuthErrorCode>([
  'invalid_credentials',
  'access_denied',
  'session_expired',
  'mfa_verification_failed',
  'invalid_verification_code',
  'passcode_replayed',
  'rate_limited',
  'account_locked',
  'password_expired',
  'activation_invalid_code',
  'missing_mfa_data',
  'missing_verification_data',
  'google_not_found',
  'google_cancelled',
  'sign_in_interrupted',
])

/**
 * A report of a failure: its code and step only, never a value the person typed or a token. A
 * warning when the person caused it or can fix it, or when `warning` says so (what anyone can cause
 * with a link).
 */
export function report(code: AuthErrorCode, step: SignInStep, warning?: boolean): StepEffect {
  return {
    type: 'reportFailure',
    code,
    step,
    severity: warning || EXPECTED_ERRORS.has(code) ? 'warning' : 'error',
  }
}

/** Forget each of these stored items. */
export function forget(...items: StoredItem[]): StepEffect[] {
  return items.map((item) => ({ type: 'forget', item }))
}

/**
 * Removes `post_login_redirect` and `post_login_path` on the Domain and Path sub-sites write them
 * with: both are read once, when the person is sent on, and go together whether the path was
 * used, ignored as invalid or absent.
 * @see ../../../../shared/docs/contracts.md (post_login_redirect, post_login_path)
 */
export function consumePostLoginCookies(config: CookieScopeConfig): StepEffect[] {
  return [COOKIE_NAMES.postLoginRedirect, COOKIE_NAMES.postLoginPath].map((name) => ({
    type: 'removeCookie',
    cookie: planCookieRemoval(config, name),
  }))
}

/** The email step, showing `error` (spec section 4: a failed sign-in returns to the email step). */
export function emailStep(email: string, error: AuthErrorCode | null = null): SignInStepState {
  return { step: 'email', email, error, attempted: false }
}

/**
 * The empty email step with the address reset to the root path, replacing the entry: what a step
 * hash set while the email is not valid leads to (spec section 2).
 */
export function resetToEmail(extra: readonly StepEffect[] = NO_EFFECTS): StepTransition {
  return [
    emailStep(''),
    [...extra, { type: 'setLocation', hash: STEP_HASHES.email, email: null, mode: 'replace' }],
  ]
}

/**
 * Back to the email step with an error: the transaction is forgotten, the address goes back to
 * the root (replacing the entry, so Back does not return to a dead step), and the failure is
 * reported (as a warning when `warning`, see {@link report}).
 */
export function failToEmail(
  from: SignInStep,
  email: string | null,
  error: AuthErrorCode,
  extra: readonly StepEffect[] = NO_EFFECTS,
  warning?: boolean,
): StepTransition {
  return [
    emailStep(email ?? '', error),
    [
      ...extra,
      ...forget('stateToken', 'mfaRedirect'),
      { type: 'setLocation', hash: STEP_HASHES.email, email, mode: 'replace' },
      report(error, from, warning),
    ],
  ]
}
