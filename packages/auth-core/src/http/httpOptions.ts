/**
 * Options every HTTP call of auth-core accepts: the `fetch` to use (tests pass a stub) and an
 * `AbortSignal` (the shell passes `AbortSignal.timeout(ms)`).
 */
export interface HttpOptions {
  /** Defaults to `globalThis.fetch`. */
  readonly fetch?: typeof fetch
  /** Aborts the request; a `TimeoutError` reason maps to the `timeout` error code. */
  readonly signal?: AbortSignal
}
