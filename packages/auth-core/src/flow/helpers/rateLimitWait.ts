import type { AuthErrorCode } from '../../errors/authError'
import type { StepEffect, RetryWait } from '../signInFlow.types'
import { DEFAULT_RATE_LIMIT_WAIT_MS, MAX_RATE_LIMIT_WAIT_MS } from '../signInFlow.types'

/** A state that can wait out a rate limit. */
interface Waiting {
  readonly retry?: RetryWait | null
  readonly error: AuthErrorCode | null
}

/**
 * The wait after Okta's `E0000047`: until `X-Rate-Limit-Reset` (epoch seconds) when Okta gave
 * one, else fixed at the first tick to {@link DEFAULT_RATE_LIMIT_WAIT_MS} from then.
 * @see https://developer.okta.com/docs/reference/rl-best-practices/
 */
export function startWait(rateLimitReset: number | undefined): RetryWait {
  return { until: rateLimitReset === undefined ? null : rateLimitReset * 1000, secondsLeft: null }
}

/** Whether a rate-limit wait is running: nothing may be sent. */
export function isWaiting(state: Waiting): boolean {
  return state.retry !== undefined && state.retry !== null
}

/**
 * One tick of the page's clock: counts the wait down in whole seconds, ends it (and stops the
 * clock) when it is over, and stops a clock that ticks with no wait running. The first tick
 * bounds the end to at most {@link MAX_RATE_LIMIT_WAIT_MS} away (a skewed or absurd reset).
 */
export function tickWait<S extends Waiting>(
  state: S,
  now: number,
): readonly [S, readonly StepEffect[]] {
  const retry = state.retry
  if (retry === undefined || retry === null) return [state, [{ type: 'stopClock' }]]
  const first = retry.secondsLeft === null
  const until = first
    ? Math.min(retry.until ?? now + DEFAULT_RATE_LIMIT_WAIT_MS, now + MAX_RATE_LIMIT_WAIT_MS)
    : (retry.until ?? now)
  const secondsLeft = Math.ceil((until - now) / 1000)
  if (secondsLeft <= 0) return [{ ...state, retry: null, error: null }, [{ type: 'stopClock' }]]
  // After the first tick `until` is the stored end, so only the seconds can differ.
  if (!first && secondsLeft === retry.secondsLeft) return [state, []]
  return [{ ...state, retry: { until, secondsLeft } }, []]
}
