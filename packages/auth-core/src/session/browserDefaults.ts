/**
 * The browser side of `@mapping-platform/auth-core/session`: factories that wrap the `document`, `navigator` and
 * `location` objects the CALLER passes in. auth-core itself never reaches for a DOM global (ESLint
 * keeps `src/` DOM-free), so these run unchanged in tests with plain objects, and a framework can
 * swap any one of them.
 */
import { serializeCookie, serializeCookieRemoval } from '../cookies/serializeCookie'
import { createMemoryLock } from './createMemoryLock'
import type { CookieJar, CookieWatch, Schedule, SessionDeps, SessionLock } from './session.types'
import { readCookieHeader } from '../cookies/readCookieHeader'

/** What {@link browserCookieJar} needs of `document`. */
export interface CookieDocument {
  cookie: string
}

/** What {@link browserLock} needs of `navigator`: Web Locks, when the browser has them. */
export interface LocksNavigator {
  readonly locks?: {
    request<T>(name: string, callback: () => Promise<T>): Promise<T>
  }
}

/** What {@link browserNavigate} needs of `location` (and `pathname`, for sign-out's clean-up). */
export interface AssignableLocation {
  assign(url: string): void
  readonly pathname?: string
}

/** What {@link browserSleep} needs: `setTimeout` (e.g. `window`). */
export interface TimerHost {
  /** Calls `handler` once after `timeout` milliseconds. */
  setTimeout(handler: () => void, timeout: number): unknown
}

/** What {@link browserSchedule} needs: `setTimeout` and `clearTimeout` (e.g. `window`). */
export interface CancellableTimerHost extends TimerHost {
  /** Cancels a call planned by `setTimeout`. */
  clearTimeout(handle: unknown): void
}

/** Something that dispatches events by name (`window`, `cookieStore`). */
export interface ListenerHost {
  addEventListener(type: string, listener: () => void): void
  removeEventListener(type: string, listener: () => void): void
}

/** What {@link browserIsVisible} needs of `document`. */
export interface VisibilityDocument {
  /** `'visible'` or `'hidden'`; absent reads as visible. */
  readonly visibilityState?: string
}

/**
 * What {@link browserWatchCookies} needs: `window`'s events (`focus`, and `visibilitychange`,
 * which bubbles from `document` to `window`), `document.visibilityState`, timers for the poll,
 * and `cookieStore` where the browser has it.
 */
export interface CookieWatchHost extends ListenerHost, CancellableTimerHost {
  readonly document: VisibilityDocument
  /** The Cookie Store API: a `change` event for every cookie written or expired. */
  readonly cookieStore?: ListenerHost
}

/**
 * What {@link browserRandomId} needs of `crypto`. Not generic, and over `Uint8Array<ArrayBuffer>`
 * (what `new Uint8Array(16)` is), so the `crypto` of every `lib.dom` fits: TypeScript 5.9's
 * `<T extends ArrayBufferView | null>`, and 6.0's and 7.0's
 * `<T extends Exclude<BufferSource, ArrayBuffer>>`, which a `Uint8Array` over a `SharedArrayBuffer`
 * does not satisfy.
 */
export interface RandomSource {
  /** Fills `array` with cryptographically strong random bytes and returns it. */
  getRandomValues(array: Uint8Array<ArrayBuffer>): Uint8Array
}

/**
 * The browser objects: `window` itself, or `{ document, navigator, location, crypto, setTimeout }`.
 * `crypto` and `setTimeout` give the platform-wide refresh lease its holder ids and waits.
 */
export interface BrowserGlobals extends TimerHost {
  /** Cookies ({@link browserCookieJar}) and visibility ({@link browserIsVisible}). */
  readonly document: CookieDocument & VisibilityDocument
  /** Web Locks ({@link browserLock}). */
  readonly navigator: LocksNavigator
  /** Navigation and the page path ({@link browserNavigate}). */
  readonly location: AssignableLocation
  /** Holder ids of the refresh lease ({@link browserRandomId}). */
  readonly crypto: RandomSource
  /** With `addEventListener` / `removeEventListener`: change events ({@link browserWatchCookies}). */
  readonly cookieStore?: ListenerHost
  /** With `removeEventListener`: focus and visibility changes ({@link browserWatchCookies}). */
  addEventListener?(type: string, listener: () => void): void
  removeEventListener?(type: string, listener: () => void): void
  /** With it: the expiry timer and the proactive refresh ({@link browserSchedule}). */
  clearTimeout?(handle: unknown): void
}

/**
 * A {@link CookieJar} over `document.cookie`: `get` returns the one cookie of that name without
 * decoding it, and `undefined` when the name appears more than once: a second `access_token` or
 * `refresh_token` can only come from another Domain or Path (a sibling sub-domain tossing its own
 * with `Path=/deeper`, which the browser lists first), so neither value can be trusted and the
 * session counts as signed out. `getAll` returns every copy's value in `document.cookie` order
 * (longer paths first). `set` and `remove` write the strings of `serializeCookie` /
 * `serializeCookieRemoval`.
 * @see https://html.spec.whatwg.org/multipage/dom.html#dom-document-cookie
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.4 (cookie order)
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-8.6 (weak integrity)
 */
export function browserCookieJar(doc: CookieDocument): CookieJar {
  return {
    get: (name) => readCookieHeader(doc.cookie).get(name),
    getAll: (name) => readCookieHeader(doc.cookie).getAll(name),
    set(write) {
      doc.cookie = serializeCookie(write)
    },
    remove(removal) {
      doc.cookie = serializeCookieRemoval(removal)
    },
  }
}

/**
 * A cross-tab {@link SessionLock}: `navigator.locks.request(name, task)` where Web Locks exist
 * (secure contexts), else an in-memory lock that covers this page only.
 * @see https://w3c.github.io/web-locks/#api-lock-manager-request
 */
export function browserLock(nav: LocksNavigator): SessionLock {
  const locks = nav.locks
  if (locks === undefined) return createMemoryLock()
  return (name, task) => locks.request(name, task)
}

/**
 * Navigation by `location.assign(url)`: the sub-site page stays in history, so Back after
 * sign-in or sign-out returns to it.
 * @see https://html.spec.whatwg.org/multipage/nav-history-apis.html#dom-location-assign
 */
export function browserNavigate(loc: AssignableLocation): (url: string) => void {
  return (url) => loc.assign(url)
}

/**
 * A `sleep` over the caller's `setTimeout`: resolves after `ms` milliseconds (the refresh lease's
 * waits).
 * @see https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#dom-settimeout
 */
export function browserSleep(timers: TimerHost): (ms: number) => Promise<void> {
  return (ms) =>
    new Promise((resolve) => {
      timers.setTimeout(resolve, ms)
    })
}

/**
 * A {@link Schedule} over the caller's `setTimeout` / `clearTimeout`: runs `task` once after `ms`
 * milliseconds; the returned function cancels it.
 * @see https://html.spec.whatwg.org/multipage/timers-and-user-prompts.html#dom-cleartimeout
 */
export function browserSchedule(timers: CancellableTimerHost): Schedule {
  return (task, ms) => {
    const handle = timers.setTimeout(task, ms)
    return () => timers.clearTimeout(handle)
  }
}

/**
 * Whether the page is visible: `document.visibilityState` is not `'hidden'`.
 * @see https://html.spec.whatwg.org/multipage/interaction.html#dom-document-visibilitystate
 */
export function browserIsVisible(doc: VisibilityDocument): () => boolean {
  return () => doc.visibilityState !== 'hidden'
}

/**
 * How often {@link browserWatchCookies} re-reads the cookies without the Cookie Store API, while
 * the page is visible: 1 s (a sign-out in another tab shows within a second; a read is two
 * cookie values and, when they changed, one JWT decode).
 */
export const COOKIE_POLL_MS = 1000

/**
 * A {@link CookieWatch} for a browser page. `onChange` runs on `focus` and `visibilitychange`
 * (another tab may have changed the cookies meanwhile), and besides:
 * - where the browser has the Cookie Store API: on every `cookieStore` `change` event;
 * - else: every {@link COOKIE_POLL_MS} while the page is visible (the poll stops while hidden
 *   and restarts, with a re-read, when it shows again).
 * The returned function removes every listener and cancels the poll.
 * @see https://wicg.github.io/cookie-store/#CookieStore-change-event
 * @see https://html.spec.whatwg.org/multipage/interaction.html#page-visibility
 */
export function browserWatchCookies(host: CookieWatchHost): CookieWatch {
  const visible = browserIsVisible(host.document)
  return (onChange) => {
    const { cookieStore } = host
    let poll: unknown = null
    const cancelPoll = () => {
      // Stryker disable next-line ConditionalExpression: clearTimeout of null cancels nothing
      if (poll !== null) host.clearTimeout(poll)
      poll = null
    }
    const armPoll = () => {
      if (cookieStore !== undefined || poll !== null || !visible()) return
      poll = host.setTimeout(() => {
        poll = null
        // Armed first: an `onChange` that throws must not end the watch.
        armPoll()
        onChange()
      }, COOKIE_POLL_MS)
    }
    const onVisibility = () => {
      if (visible()) armPoll()
      else cancelPoll()
      onChange()
    }
    host.addEventListener('focus', onChange)
    host.addEventListener('visibilitychange', onVisibility)
    cookieStore?.addEventListener('change', onChange)
    armPoll()
    return () => {
      host.removeEventListener('focus', onChange)
      host.removeEventListener('visibilitychange', onVisibility)
      cookieStore?.removeEventListener('change', onChange)
      cancelPoll()
    }
  }
}

/**
 * A `randomId` over the caller's `crypto`: 16 random bytes as 32 lowercase hex digits (a refresh
 * lease's holder id).
 * @see https://w3c.github.io/webcrypto/#Crypto-method-getRandomValues
 */
export function browserRandomId(source: RandomSource): () => string {
  return () =>
    Array.from(source.getRandomValues(new Uint8Array(16)), (byte) =>
      byte.toString(16).padStart(2, '0'),
    ).join('')
}

/**
 * A `random` over the caller's `crypto`: a uniform number in [0, 1) from 32 random bits (the
 * jitter of the refresh back-off).
 * @see https://w3c.github.io/webcrypto/#Crypto-method-getRandomValues
 */
export function browserRandom(source: RandomSource): () => number {
  return () =>
    source.getRandomValues(new Uint8Array(4)).reduce((sum, byte) => sum * 256 + byte, 0) / 2 ** 32
}

/**
 * The moments to retry a refresh that failed for a transient reason: `online` (the network is
 * back), `focus`, and `visibilitychange` to visible (the person is back). Returns the function
 * that stops listening.
 * @see https://html.spec.whatwg.org/multipage/system-state.html#event-online
 */
export function browserRetrySignals(host: ListenerHost, doc: VisibilityDocument): CookieWatch {
  const visible = browserIsVisible(doc)
  return (onSignal) => {
    const onVisibility = () => {
      if (visible()) onSignal()
    }
    host.addEventListener('online', onSignal)
    host.addEventListener('focus', onSignal)
    host.addEventListener('visibilitychange', onVisibility)
    return () => {
      host.removeEventListener('online', onSignal)
      host.removeEventListener('focus', onSignal)
      host.removeEventListener('visibilitychange', onVisibility)
    }
  }
}

/**
 * Every {@link SessionDeps} a browser page needs, from the objects it passes in:
 * `createPlatformSession(config, browserSessionDeps(window))`. With `window`'s
 * `addEventListener` / `removeEventListener` and `clearTimeout` (an object without them gets
 * no watching), also the change watcher ({@link browserWatchCookies}), the timer
 * ({@link browserSchedule}), the visibility ({@link browserIsVisible}) and the retry signals
 * ({@link browserRetrySignals}) that `subscribe` uses. The back-off's jitter comes from `crypto`
 * ({@link browserRandom}); `onError` (a listener that threw, an ID token that failed its check, the refresh ceiling) is
 * `console.error`.
 * `overrides` replaces any of them (e.g. a `fetch` with telemetry, or `timeoutMs`).
 * @see https://w3c.github.io/web-locks/
 */
export function browserSessionDeps(
  browser: BrowserGlobals,
  overrides: Partial<SessionDeps> = {},
): SessionDeps {
  return {
    cookies: browserCookieJar(browser.document),
    lock: browserLock(browser.navigator),
    navigate: browserNavigate(browser.location),
    // Stryker disable next-line StringLiteral: no ancestor path of '/' or of '' is a removal to make
    pagePath: () => browser.location.pathname ?? '/',
    sleep: browserSleep(browser),
    randomId: browserRandomId(browser.crypto),
    random: browserRandom(browser.crypto),
    onError: browserReportError,
    ...watchDeps(browser),
    ...overrides,
  }
}

/** The default `onError`: the console, where a developer sees it (and error trackers pick it up). */
function browserReportError(error: unknown): void {
  console.error(error)
}

/** The watching deps, when `browser` can remove listeners and cancel timers. */
function watchDeps(
  browser: BrowserGlobals,
): Pick<SessionDeps, 'watchCookies' | 'schedule' | 'isVisible' | 'watchRetrySignals'> {
  const { addEventListener, removeEventListener, clearTimeout } = browser
  if (addEventListener === undefined || removeEventListener === undefined) return {}
  if (clearTimeout === undefined) return {}
  const host: CookieWatchHost = {
    document: browser.document,
    cookieStore: browser.cookieStore,
    addEventListener: (type, listener) => addEventListener.call(browser, type, listener),
    removeEventListener: (type, listener) => removeEventListener.call(browser, type, listener),
    setTimeout: (handler, timeout) => browser.setTimeout(handler, timeout),
    clearTimeout: (handle) => clearTimeout.call(browser, handle),
  }
  return {
    watchCookies: browserWatchCookies(host),
    schedule: browserSchedule(host),
    isVisible: browserIsVisible(browser.document),
    watchRetrySignals: browserRetrySignals(host, browser.document),
  }
}
