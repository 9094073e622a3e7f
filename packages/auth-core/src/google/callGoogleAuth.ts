import type { AuthConfig } from '../config/authConfig'
import { toAuthError } from '../errors/toAuthError'
import type { HttpOptions } from '../http/httpOptions'
import { googleAuthRequest } from './googleAuthRequest'
import type { GoogleAuthInput } from './googleAuthRequest'
import { processGoogleAuthResponse } from './processGoogleAuthResponse'

/**
 * Sends Google's code to the product API and checks the answer: {@link googleAuthRequest} then
 * {@link processGoogleAuthResponse}. Every failure is an `AuthError` (offline → `network_error`,
 * timeout → `timeout`, via `toAuthError`). The code is single-use: never retry with it.
 * @see ../../../../shared/spec/signin-spec.md section 7 (Product API)
 */
export async function callGoogleAuth(
  config: AuthConfig,
  input: GoogleAuthInput,
  options: HttpOptions = {},
): Promise<Readonly<Record<string, string>>> {
  try {
    const response = await googleAuthRequest(config, input, options)
    return await processGoogleAuthResponse(response)
  } catch (error) {
    throw toAuthError(error, options.signal)
  }
}
