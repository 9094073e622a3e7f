/** The platform's clock: the injected `now()` plus an offset that test controls can advance. */
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Moves the clock forward (expire codes and tokens without waiting). */
  advance(ms: number): void
  /** Removes any advance. */
  reset(): void
}

/** Wraps an injected time source. */
export function createClock(source: () => number): Clock {
  let offset = 0
  return {
    now: () => source() + offset,
    advance: (ms) => {
      offset += ms
    },
    reset: () => {
      offset = 0
    },
  }
}

/** Seconds since the epoch, as JWT and rate-limit headers count time. */
export function epochSeconds(ms: number): number {
  return Math.floor(ms / 1000)
}
