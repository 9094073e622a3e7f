import type { AuthConfig } from '../config/authConfig'
import { AuthError } from '../errors/authError'
import type { AuthErrorCode } from '../errors/authError'
import type { HttpOptions } from '../http/httpOptions'
import { TOTP_FACTOR_TYPE } from './authn.types'
import type { AuthnCall } from './authn.types'
import { FACTOR_ID_PATTERN } from './authnSchemas'

/**
 * Sends one call of the Okta classic Authn API and returns the raw `Response` (check it with
 * `processAuthnResponse`):
 *
 * | kind | path | body |
 * |---|---|---|
 * | primary | `/api/v1/authn` | `{username, password, options: {multiOptionalFactorEnroll: false, warnBeforePasswordExpired: false}}` |
 * | resume | `/api/v1/authn` | `{stateToken}` (get transaction state) |
 * | enroll | `/api/v1/authn/factors` | `{stateToken, factorType: 'token:software:totp', provider}` |
 * | activate | `/api/v1/authn/factors/{factorId}/lifecycle/activate` | `{stateToken, passCode}` |
 * | verify | `/api/v1/authn/factors/{factorId}/verify` (`?rememberDevice=true` when chosen) | `{stateToken, passCode}` |
 * | changePassword | `/api/v1/authn/credentials/change_password` | `{stateToken, oldPassword, newPassword}` |
 * | unlock | `/api/v1/authn/recovery/unlock` | `{username, factorType: 'EMAIL'}` |
 *
 * The password is sent exactly as typed. Okta's own cookies travel (`credentials: 'include'`, as
 * Okta's SDK sends every Authn call with `withCredentials: true`): its device cookie (`DT`) lets
 * Okta recognise the device for its risk rules, new-device notices and remembered devices. This
 * needs the app's origin registered in Okta as a trusted origin with CORS. Nothing is cached,
 * redirects are refused and no Referer is sent. (The token, revoke and product-API calls keep
 * `credentials: 'omit'`.)
 *
 * @throws AuthError before any request when the call cannot be made: an unsafe factor id or an
 *   empty state token (`missing_state_token` for enroll, `missing_verification_data` for activate,
 *   `missing_mfa_data` for verify).
 * @see https://developer.okta.com/docs/reference/api/authn/#primary-authentication
 * @see https://developer.okta.com/docs/reference/api/authn/#get-transaction-state
 * @see https://developer.okta.com/docs/reference/api/authn/#enroll-okta-verify-totp-factor
 * @see https://developer.okta.com/docs/reference/api/authn/#activate-totp-factor
 * @see https://developer.okta.com/docs/reference/api/authn/#verify-totp-factor
 * @see https://developer.okta.com/docs/reference/api/authn/#change-password
 * @see https://developer.okta.com/docs/reference/api/authn/#unlock-account-with-email-factor
 * @see https://developer.okta.com/docs/guides/enable-cors/main/ (trusted origins, credentials)
 */
export function authnRequest(
  config: AuthConfig,
  call: AuthnCall,
  options: HttpOptions = {},
): Promise<Response> {
  const { path, body } = describeCall(call)
  return (options.fetch ?? fetch)(`${config.oktaOrgUrl}${path}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    credentials: 'include',
    cache: 'no-store',
    redirect: 'error',
    referrerPolicy: 'no-referrer',
    signal: options.signal ?? null,
  })
}

function describeCall(call: AuthnCall): { path: string; body: object } {
  switch (call.kind) {
    case 'primary':
      return {
        path: '/api/v1/authn',
        body: {
          username: call.username,
          password: call.password,
          options: { multiOptionalFactorEnroll: false, warnBeforePasswordExpired: false },
        },
      }
    case 'resume':
      return { path: '/api/v1/authn', body: { stateToken: call.stateToken } }
    case 'enroll':
      requireStateToken(call.stateToken, 'missing_state_token')
      return {
        path: '/api/v1/authn/factors',
        body: {
          stateToken: call.stateToken,
          factorType: TOTP_FACTOR_TYPE,
          provider: call.provider,
        },
      }
    case 'activate':
      return {
        path: `${factorPath(call, 'missing_verification_data')}/lifecycle/activate`,
        body: { stateToken: call.stateToken, passCode: call.passCode },
      }
    case 'verify':
      return {
        path: `${factorPath(call, 'missing_mfa_data')}/verify${call.rememberDevice === true ? '?rememberDevice=true' : ''}`,
        body: { stateToken: call.stateToken, passCode: call.passCode },
      }
    case 'changePassword':
      requireStateToken(call.stateToken, 'session_expired')
      return {
        path: '/api/v1/authn/credentials/change_password',
        body: {
          stateToken: call.stateToken,
          oldPassword: call.oldPassword,
          newPassword: call.newPassword,
        },
      }
    case 'unlock':
      return {
        path: '/api/v1/authn/recovery/unlock',
        body: { username: call.username, factorType: 'EMAIL' },
      }
  }
}

function factorPath(call: { stateToken: string; factorId: string }, code: AuthErrorCode): string {
  requireStateToken(call.stateToken, code)
  if (!FACTOR_ID_PATTERN.test(call.factorId))
    throw new AuthError(code, 'The factor id is missing or not a safe id.')
  return `/api/v1/authn/factors/${encodeURIComponent(call.factorId)}`
}

function requireStateToken(stateToken: string, code: AuthErrorCode): void {
  if (stateToken === '') throw new AuthError(code, 'The state token is missing.')
}
