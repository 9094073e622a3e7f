/** The first wait after a failed refresh, before jitter: 2 s. */
const FIRST_BACKOFF_MS = 2000
/** The longest wait between refresh attempts, before jitter: one minute. */
const MAX_BACKOFF_MS = 60_000

/**
 * How long to wait before the next refresh after `failures` transient failures in a row (network,
 * timeout, 5xx, the ceiling): 2 s doubling per failure up to 60 s, of which a random half
 * ("equal jitter": `random` in [0, 1)), so tabs and sub-sites that failed together do not all
 * come back at the same moment, and none waits less than half the step.
 * @see https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/
 */
export function refreshBackoffMs(failures: number, random: number): number {
  const step = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1))
  return step / 2 + (random * step) / 2
}
