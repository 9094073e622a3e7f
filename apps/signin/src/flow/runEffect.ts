/**
 * THE effect interpreter: the only place the flow's effects touch the browser (through the
 * adapters) and the network (through auth-core's clients, in `networkEffects`). Every result
 * comes back as an event.
 */
import type {
  AuthConfig,
  RandomBytes,
  SignInEffect,
  SignInEvent,
} from '@mapping-platform/auth-core'
import type { CookieJar } from '../browser/cookies'
import type { LocationAdapter } from '../browser/locationAdapter'
import type { SessionStore } from '../browser/sessionStore'
import type { Timers } from '../browser/timers'
import type { Reporter } from '../telemetry/reporter'
import type { NetworkEffect } from './networkEffects'

/** Everything an effect may use, injected so tests replace any of it. */
export interface EffectAdapters {
  readonly config: AuthConfig
  readonly session: SessionStore
  readonly cookies: CookieJar
  readonly location: LocationAdapter
  readonly timers: Timers
  readonly randomBytes: RandomBytes
  readonly reporter: Reporter
  /** Passed to auth-core's clients; `globalThis.fetch` when absent. */
  readonly fetch?: typeof fetch
}

export type Send = (event: SignInEvent) => void

/** The provider clients, in their own chunk; fetched when idle after load, or on first use. */
export const loadNetworkEffects = () => import('./networkEffects')

/**
 * Runs one effect. Synchronous effects (location, storage, cookies) are done before this returns,
 * so `clearUrl` has run before any request of the same transition starts.
 */
export function runEffect(effect: SignInEffect, send: Send, adapters: EffectAdapters): void {
  const { session, cookies, location } = adapters
  switch (effect.type) {
    case 'setLocation':
      return location.setStep(effect.hash, effect.email, effect.mode)
    case 'clearUrl':
      return location.clearUrl()
    case 'persist':
      try {
        session.write(effect.item, effect.value)
      } catch {
        send({ type: 'storageFailed' })
      }
      return
    case 'forget':
      return session.remove(effect.item)
    case 'startTimer': {
      const { id } = effect
      adapters.timers.start(() => send({ type: 'timerElapsed', id }), effect.ms)
      return
    }
    case 'navigate':
      return location.navigate(effect.url, effect.mode)
    case 'setCookies':
      for (const cookie of effect.cookies) cookies.write(cookie)
      return
    case 'removeCookie':
      return cookies.remove(effect.cookie)
    case 'reportFailure':
      return adapters.reporter.reportFailure(effect.code, effect.step, effect.severity)
    case 'callAuthn':
    case 'prepareAuthorization':
    case 'prepareGoogleRedirect':
    case 'exchangeCode':
    case 'callGoogleAuth':
      return void loadNetworkEffects().then(
        (network) => network.runNetworkEffect(effect, adapters).then(send),
        () => send(unreachable(effect)),
      )
  }
}

/** The failure event of a network effect whose code could not even be loaded (offline). */
function unreachable(effect: NetworkEffect): SignInEvent {
  const error = 'network_error'
  switch (effect.type) {
    case 'callAuthn':
      return { type: 'authnCallFailed', call: effect.call.kind, error }
    case 'prepareAuthorization':
      return { type: 'authorizationFailed', error }
    case 'prepareGoogleRedirect':
      return { type: 'googleRedirectFailed', error }
    case 'exchangeCode':
      return { type: 'tokenExchangeFailed', error }
    case 'callGoogleAuth':
      return { type: 'googleSignInFailed', error }
  }
}
