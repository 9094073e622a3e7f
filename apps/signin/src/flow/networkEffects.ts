/**
 * The effects that talk to a provider or need WebCrypto, each turned into the event that reports
 * its result. Loaded as its own chunk (oauth4webapi and the response schemas are not needed to
 * show the email step); `runEffect` is still the only place that runs them.
 */
import {
  browserRandomId,
  callAuthn,
  callGoogleAuth,
  changeSessionCookies,
  createAuthorizationRequest,
  createGoogleAuthorizationRequest,
  exchangeAuthorizationCode,
  toAuthError,
} from '@mapping-platform/auth-core'
import type {
  AttemptResultEvent,
  HttpOptions,
  RefreshLeaseEnv,
  SignInEffect,
  UnboundResultEvent,
} from '@mapping-platform/auth-core'
import type { Warning } from '../telemetry/sendWarningEnvelope'
import type { EffectAdapters, LeasedEffect, WarningEffect } from './runEffect'
import { verifySession } from './verifySession'

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
      | 'verifySession'
  }
>

/**
 * The text of a warning sent as the page leaves: here, not in the first load, as the
 * `finishSignIn` that follows each of them loads this chunk anyway.
 */
export function warningOf(effect: WarningEffect): Warning {
  // The key must not look sensitive ("cookie", "token"...) to any scrubber.
  return effect.type === 'reportIgnoredCookies'
    ? {
        message: 'Google sign-in: names outside the allow-list were ignored',
        tags: { step: 'googleReturn' },
        extra: { ignored_names: effect.names.join(',') },
      }
    : {
        message: 'Sign-in: storage refused the deep link; sent to the sub-site root',
        tags: { auth_error_code: 'storage_unavailable', step: 'callback' },
        extra: {},
      }
}

/**
 * The platform-wide refresh lease over this page's adapters: the page's cookie jar (which sees a
 * duplicate `refresh_lease` as every sub-site does); the flow's clock and timers; holder ids from
 * the CSPRNG.
 */
function refreshLeaseEnv(adapters: EffectAdapters): RefreshLeaseEnv {
  const { cookies, timers, randomBytes } = adapters
  return {
    config: adapters.config,
    cookies,
    now: timers.now,
    sleep: (ms) => new Promise((resolve) => void timers.start(resolve, ms)),
    randomId: browserRandomId({ getRandomValues: (array) => randomBytes(array.length) }),
  }
}

/**
 * Runs `finishSignIn` (the final write of the token cookies) or `endSession` ("Sign in with a
 * different account": the tokens removed and revoked) with auth-core's `changeSessionCookies`, the
 * one a sub-site's `signOut` uses, over this page's adapters.
 */
export function runLeasedEffect(effect: LeasedEffect, adapters: EffectAdapters): Promise<void> {
  return changeSessionCookies(
    {
      config: adapters.config,
      cookies: adapters.cookies,
      http: () => httpOptions(adapters),
      lease: refreshLeaseEnv(adapters),
    },
    effect.type === 'endSession'
      ? { remove: effect.cookies, revoke: true }
      : { remove: effect.removals, write: effect.cookies },
  )
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
    case 'verifySession':
      return verifySession(adapters)
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
