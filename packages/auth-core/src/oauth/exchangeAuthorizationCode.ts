import { toAuthError } from '../errors/toAuthError'
import type { HttpOptions } from '../http/httpOptions'
import type { TokenExchangeResult } from './oauth.types'
import { processTokenResponse } from './processTokenResponse'
import type { TokenResponseConfig } from './processTokenResponse'
import { tokenRequest } from './tokenRequest'
import type { TokenRequestConfig, TokenRequestInput } from './tokenRequest'

/** What the exchange needs: the callback, and the `state`, verifier and `nonce` this tab kept. */
export interface ExchangeAuthorizationCodeInput extends TokenRequestInput {
  /** The `nonce` this tab sent to `/authorize`; the ID token must carry it. */
  readonly nonce: string
}

/**
 * Exchanges the authorization code from the callback for tokens: {@link tokenRequest} (which
 * refuses a callback whose `state` is missing, different or duplicated before any request) then
 * {@link processTokenResponse}. Never retried: the code and the verifier are single-use.
 *
 * @throws AuthError for every failure (via {@link toAuthError}).
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3
 * @see https://www.rfc-editor.org/rfc/rfc7636#section-4.5
 */
export async function exchangeAuthorizationCode(
  config: TokenRequestConfig & TokenResponseConfig,
  input: ExchangeAuthorizationCodeInput,
  options: HttpOptions = {},
): Promise<TokenExchangeResult> {
  try {
    const response = await tokenRequest(config, input, options)
    return await processTokenResponse(config, response, { nonce: input.nonce })
  } catch (error) {
    throw toAuthError(error, options.signal)
  }
}
