/**
 * THE effect interpreter: the only place the flow's effects touch the browser (through the
 * adapters) and the network (through auth-core's clients, in `networkEffects`). Every result
 * comes back as an event.
 */
import { CLOCK_TICK_MS } from '@mapping-platform/auth-core'
import type {
  AuthConfig,
  RandomBytes,
  SignInEffect,
  SignInEvent,
} from '@mapping-platform/auth-core'
import type { CookieJar } from '../browser/cookies'
import type { LocationAdapter } from '../browser/locationAdapter'
import type { TransactionStorage } from '../browser/transactionStorage'
import type { Timers } from '../browser/timers'
import type { Reporter } from '../telemetry/reporter'
import { changeCookies } from './changeCookies'
import type { NetworkEffect } from './networkEffects'
import type * as NetworkEffects from './networkEffects'

/** Everything an effect may use, injected so tests replace any of it. */
export interface EffectAdapters {
  readonly config: AuthConfig
  readonly storage: TransactionStorage
  readonly cookies: CookieJar
  readonly location: LocationAdapter
  readonly timers: Timers
  readonly randomBytes: RandomBytes
  readonly reporter: Reporter
  /** Passed to auth-core's clients; `globalThis.fetch` when absent. */
  readonly fetch?: typeof fetch
}

export type Send = (event: SignInEvent) => void

/**
 * Whether the rest of the transition may run: `stop` after a `persist` that storage refused, so
 * nothing that relies on the stored item (above all a navigation to a provider) happens; the
 * `storageFailed` event it sent lets the flow say why.
 */
export type EffectOutcome = 'continue' | 'stop'

/** The provider clients' chunk once it has arrived. */
let arrived: typeof NetworkEffects | null = null

/**
 * The provider clients, in their own chunk; fetched when idle after load, or on first use. Once
 * it has arrived, an effect reaches it in the task of the action that caused it: a browser settles
 * every `import()` in a later task, which let a frame (the step's re-render) go first and the
 * request leave 10–15 ms after the click. A failed fetch is not kept: the next use tries again.
 */
export const loadNetworkEffects = (): Promise<typeof NetworkEffects> =>
  arrived
    ? Promise.resolve(arrived)
    : import('./networkEffects').then((module) => (arrived = module))

/**
 * Runs one effect. Synchronous effects (location, storage, cookies) are done before this returns,
 * so `clearUrl` has run before any request of the same transition starts. The result event of an
 * asynchronous effect echoes the effect's `attempt`, so the flow can ignore stale answers.
 * @returns `stop` when the effects after this one in its transition must not run.
 */
export function runEffect(
  effect: SignInEffect,
  send: Send,
  adapters: EffectAdapters,
): EffectOutcome {
  if (effect.type !== 'persist') {
    runOther(effect, send, adapters)
    return 'continue'
  }
  try {
    adapters.storage.write(effect.item, effect.value)
    return 'continue'
  } catch {
    send({ type: 'storageFailed' })
    return 'stop'
  }
}

function runOther(
  effect: Exclude<SignInEffect, { type: 'persist' }>,
  send: Send,
  adapters: EffectAdapters,
): void {
  const { storage, cookies, location } = adapters
  switch (effect.type) {
    case 'startClock': {
      // One clock per set of adapters (one page): a second start restarts it.
      stopClock(adapters)
      const tick = (): void => {
        clocks.set(adapters, adapters.timers.start(tick, CLOCK_TICK_MS))
        send({ type: 'clockTicked', now: adapters.timers.now() })
      }
      tick()
      return
    }
    case 'stopClock':
      return stopClock(adapters)
    case 'endSession':
    case 'finishSignIn': {
      const after = (): void =>
        effect.type === 'endSession'
          ? send({ type: 'sessionEnded' })
          : location.navigate(effect.url, effect.mode)
      // Offline (the chunk cannot load): no lease and nothing revoked, but the cookies change and
      // the person goes on either way.
      return void loadNetworkEffects()
        .then(
          (network) => network.runLeasedEffect(effect, adapters),
          () => changeCookies(effect, cookies),
        )
        .then(after, after)
    }
    case 'setLocation':
      return location.setStep(effect.hash, effect.email, effect.mode)
    case 'clearUrl':
      return location.clearUrl()
    case 'forget':
      return storage.remove(effect.item)
    case 'startTimer': {
      const { id, attempt } = effect
      adapters.timers.start(() => send({ type: 'timerElapsed', attempt, id }), effect.ms)
      return
    }
    case 'navigate':
      return location.navigate(effect.url, effect.mode)
    case 'removeCookie':
      return cookies.remove(effect.cookie)
    case 'reportFailure':
      return adapters.reporter.reportFailure(effect.code, effect.step, effect.severity)
    case 'reportIgnoredCookies':
    case 'reportDeepLinkDropped':
      // Sent before the navigation of the finishSignIn that follows: both wait for this chunk.
      return void loadNetworkEffects().then(
        (network) => adapters.reporter.reportWarning(network.warningOf(effect)),
        () => undefined,
      )
    case 'callAuthn':
    case 'prepareAuthorization':
    case 'prepareGoogleRedirect':
    case 'exchangeCode':
    case 'callGoogleAuth':
    case 'verifySession': {
      const handedOver = loadNetworkEffects().then(
        (network) => void network.runNetworkEffect(effect, adapters).then(send),
        () => send(unreachable(effect)),
      )
      const before = sent.get(adapters)
      sent.set(
        adapters,
        Promise.all([before, handedOver]).then(
          () => undefined,
          () => undefined,
        ),
      )
      return
    }
  }
}

/** Per page (its adapters): the network effects run so far, handed to the provider clients. */
const sent = new WeakMap<EffectAdapters, Promise<void>>()

/**
 * Settles once every network effect run so far on this page has been handed to auth-core's
 * clients (its request sent: they `fetch` without waiting on anything else) or has failed to load;
 * at once when there was none. Never rejects.
 */
export function requestsSent(adapters: EffectAdapters): Promise<void> {
  return sent.get(adapters) ?? Promise.resolve()
}

/** The effects that change the token cookies, under the platform-wide refresh lease. */
export type LeasedEffect = Extract<SignInEffect, { type: 'endSession' | 'finishSignIn' }>

/** The warnings sent as the page leaves, their texts in the provider clients' chunk. */
export type WarningEffect = Extract<
  SignInEffect,
  { type: 'reportIgnoredCookies' | 'reportDeepLinkDropped' }
>

/** The running clock of each page (its cancel function). */
const clocks = new WeakMap<EffectAdapters, () => void>()

function stopClock(adapters: EffectAdapters): void {
  clocks.get(adapters)?.()
  clocks.delete(adapters)
}

/** The failure event of a network effect whose code could not even be loaded (offline). */
function unreachable(effect: NetworkEffect): SignInEvent {
  const error = 'network_error'
  const { attempt } = effect
  switch (effect.type) {
    case 'callAuthn':
      return { type: 'authnCallFailed', attempt, call: effect.call.kind, error }
    case 'prepareAuthorization':
      return { type: 'authorizationFailed', attempt, error }
    case 'prepareGoogleRedirect':
      return { type: 'googleRedirectFailed', attempt, error }
    case 'exchangeCode':
      return { type: 'tokenExchangeFailed', attempt, error }
    case 'callGoogleAuth':
      return { type: 'googleSignInFailed', attempt, error }
    case 'verifySession':
      // Nobody can be vouched for offline: the plain email step.
      return { type: 'sessionUnverified', attempt }
  }
}
