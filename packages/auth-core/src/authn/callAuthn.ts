import type { AuthConfig } from '../config/authConfig'
import { toAuthError } from '../errors/toAuthError'
import type { HttpOptions } from '../http/httpOptions'
import type { AuthnCall, AuthnTransaction } from './authn.types'
import { authnRequest } from './authnRequest'
import { processAuthnResponse } from './processAuthnResponse'

/**
 * Makes one Authn call and checks its answer: {@link authnRequest} then
 * {@link processAuthnResponse}. Every failure is an `AuthError` (`fetch` rejections become
 * `network_error` or `timeout` via `toAuthError`).
 * @see https://developer.okta.com/docs/reference/api/authn/
 */
export async function callAuthn(
  config: AuthConfig,
  call: AuthnCall,
  options: HttpOptions = {},
): Promise<AuthnTransaction> {
  try {
    const response = await authnRequest(config, call, options)
    return await processAuthnResponse(config, response)
  } catch (error) {
    throw toAuthError(error, options.signal)
  }
}
