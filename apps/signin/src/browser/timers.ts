/**
 * Time: the flow's timer, request deadlines and idle callbacks. Globals are looked up on each call
 * so fake timers in tests take effect.
 */

export interface Timers {
  /** Calls `callback` after `ms`; returns a cancel function. */
  readonly start: (callback: () => void, ms: number) => () => void
  /** A signal that aborts with a `TimeoutError` after `ms`. */
  readonly deadline: (ms: number) => AbortSignal
  /** Calls `callback` when the browser is idle (or soon, where idle callbacks are missing). */
  readonly whenIdle: (callback: () => void) => void
  /** Epoch milliseconds. */
  readonly now: () => number
}

/** The browser's timers. */
export function createTimers(): Timers {
  return {
    start(callback, ms) {
      const id = setTimeout(callback, ms)
      return () => clearTimeout(id)
    },
    deadline: (ms) => AbortSignal.timeout(ms),
    whenIdle(callback) {
      if (typeof requestIdleCallback === 'function')
        requestIdleCallback(() => callback(), { timeout: 3000 })
      else setTimeout(callback, 1)
    },
    now: () => Date.now(),
  }
}
