/**
 * The effects that talk to a provider or need WebCrypto, each turned into the event that reports
 * its result. Loaded as its own chunk (oauth4webapi and the response schemas are not needed to
 * show the email step); `runEffect` is still the only place that runs them.
 */
import {
  callAuthn,
  callGoogleAuth,
  createAuthorizationRequest,
  createGoogleAuthorizationRequest,
  exchangeAuthorizationCode,
  revokeRefreshToken,
  toAuthError,
} from '@mapping-platform/auth-core'
import type {
  AttemptResultEvent,
  HttpOptions,
  SignInEffect,
  UnboundResultEvent,
} from '@mapping-platform/auth-core'
import type { EffectAdapters } from './runEffect'

/**
 * The handlers of the steps only an answer from Okta leads to (code, enrolment, expired password,
 * locked), in this chunk because every such answer comes through it: the store has them before
 * its state can need them, and they are not in the first load.
 */
export { laterSteps } from '@mapping-platform/auth-core'

/** The effects this module runs. */
export type NetworkEffect = Extract<
  SignInEffect,
  {
    type:
      | 'callAuthn'
      | 'prepareAuthorization'
      | 'prepareGoogleRedirect'
      | 'exchangeCode'
      | 'callGoogleAuth'
  }
>

/**
 * Revokes the tokens of the session being ended, the refresh token and the access token side by
 * side (best effort, as `signOut` does): resolves whatever the answers, the cookies are removed
 * either way. A token that is `null` (its cookie was absent) is not sent.
 * @see https://www.rfc-editor.org/rfc/rfc7009
 */
export async function revokeSession(
  tokens: { readonly refreshToken: string | null; readonly accessToken: string | null },
  adapters: EffectAdapters,
): Promise<void> {
  const revoke = (token: string | null, hint: 'refresh_token' | 'access_token') =>
    token === null
      ? undefined
      : revokeRefreshToken(adapters.config, token, httpOptions(adapters), hint).catch(
          () => undefined,
        )
  await Promise.all([
    revoke(tokens.refreshToken, 'refresh_token'),
    revoke(tokens.accessToken, 'access_token'),
  ])
}

/** A fresh deadline for one request, and the injected fetch when there is one. */
function httpOptions(adapters: EffectAdapters): HttpOptions {
  return {
    signal: adapters.timers.deadline(adapters.config.requestTimeoutMs),
    ...(adapters.fetch ? { fetch: adapters.fetch } : {}),
  }
}

/**
 * Runs `effect`; the promise always resolves, with the success or failure event, which echoes
 * the effect's attempt.
 */
export async function runNetworkEffect(
  effect: NetworkEffect,
  adapters: EffectAdapters,
): Promise<AttemptResultEvent> {
  return { ...(await settle(effect, adapters)), attempt: effect.attempt }
}

async function settle(
  effect: NetworkEffect,
  adapters: EffectAdapters,
): Promise<UnboundResultEvent> {
  const { config, timers } = adapters
  const http = () => httpOptions(adapters)
  switch (effect.type) {
    case 'callAuthn': {
      const call = effect.call.kind
      try {
        const transaction = await callAuthn(config, effect.call, http())
        return { type: 'authnTransactionReceived', call, transaction }
      } catch (error) {
        const failure = toAuthError(error)
        const reset = failure.details.rateLimitReset
        return {
          type: 'authnCallFailed',
          call,
          error: failure.code,
          ...(reset === undefined ? {} : { rateLimitReset: reset }),
        }
      }
    }
    case 'prepareAuthorization':
      try {
        const request = await createAuthorizationRequest(
          config,
          effect.sessionToken,
          adapters.randomBytes,
        )
        return { type: 'authorizationPrepared', request, now: timers.now() }
      } catch (error) {
        return { type: 'authorizationFailed', error: toAuthError(error).code }
      }
    case 'prepareGoogleRedirect':
      try {
        const { url, state, nonce } = createGoogleAuthorizationRequest(config, adapters.randomBytes)
        return { type: 'googleRedirectPrepared', url, state, nonce, now: timers.now() }
      } catch (error) {
        return { type: 'googleRedirectFailed', error: toAuthError(error).code }
      }
    case 'exchangeCode':
      try {
        const { callback, expectedState, codeVerifier, nonce } = effect
        const result = await exchangeAuthorizationCode(
          config,
          { callback, expectedState, codeVerifier, nonce },
          http(),
        )
        return result.kind === 'tokens'
          ? { type: 'tokensReceived', tokens: result.tokens, now: timers.now() }
          : { type: 'tokensIncomplete', idToken: result.idToken }
      } catch (error) {
        return { type: 'tokenExchangeFailed', error: toAuthError(error).code }
      }
    case 'callGoogleAuth':
      try {
        const cookies = await callGoogleAuth(
          config,
          { code: effect.code, nonce: effect.nonce },
          http(),
        )
        return { type: 'googleCookiesReceived', cookies, now: timers.now() }
      } catch (error) {
        return { type: 'googleSignInFailed', error: toAuthError(error).code }
      }
  }
}
