/**
 * Okta's per-endpoint rate limits on the code steps: the org-wide, per-minute buckets of
 * `/api/v1/authn/factors/{id}/verify` (its own bucket in Okta's table) and of the enrolment's
 * `/lifecycle/activate`. Every call counts, answered or refused; over the limit the call is
 * 429 E0000047 and does nothing. Every answer of those endpoints carries `X-Rate-Limit-Limit`,
 * `X-Rate-Limit-Remaining` and `X-Rate-Limit-Reset` (epoch seconds when the window ends).
 * A test control (`POST /__test/rate-limits`) lowers a bucket's limit and window until the next
 * reset, so the e2e suite shows a countdown of a few seconds.
 * @see https://developer.okta.com/docs/reference/rl-global-enduser/
 * @see https://developer.okta.com/docs/reference/rl-best-practices/
 * @see https://developer.okta.com/docs/reference/api/authn/#response-parameters
 */
import type { Clock } from './clock'

/** The rate-limited endpoints of the code steps. */
export type RateLimitedEndpoint = 'verify' | 'activate'

export const RATE_LIMITED_ENDPOINTS: readonly RateLimitedEndpoint[] = ['verify', 'activate']

/** A bucket's rule: `limit` calls per window of `windowSeconds`. */
export interface RateLimitRule {
  readonly limit: number
  readonly windowSeconds: number
}

/**
 * Okta's per-minute limit of "Verify a factor" for a Developer (free) org; the activate
 * endpoint is given the same (it is not listed: the rate-limit dashboard shows it per org).
 */
export const DEFAULT_RATE_LIMIT: RateLimitRule = { limit: 100, windowSeconds: 60 }

/** A bucket's current window. */
export interface RateLimitWindow {
  /** When the window started (ms). */
  readonly startedAt: number
  /** Calls counted in it, refused ones included. */
  count: number
}

/** The mutable state of the buckets (kept in the store, cleared by reset). */
export interface RateLimitState {
  rules: Map<RateLimitedEndpoint, RateLimitRule>
  windows: Map<RateLimitedEndpoint, RateLimitWindow>
}

/** What a counted call gets: its headers, and whether it is over the limit. */
export interface RateLimitDecision {
  readonly limited: boolean
  readonly headers: Readonly<Record<string, string>>
}

/** The rule of `endpoint` (the default unless a test control changed it). */
export function ruleOf(state: RateLimitState, endpoint: RateLimitedEndpoint): RateLimitRule {
  return state.rules.get(endpoint) ?? DEFAULT_RATE_LIMIT
}

/**
 * Counts one call to `endpoint` at the clock's time: a fixed window that starts with the first
 * call after the previous one ended, as Okta's per-minute buckets reset at a stated time.
 */
export function countCall(
  state: RateLimitState,
  clock: Clock,
  endpoint: RateLimitedEndpoint,
): RateLimitDecision {
  const now = clock.now()
  const { limit, windowSeconds } = ruleOf(state, endpoint)
  const windowMs = windowSeconds * 1000
  let window = state.windows.get(endpoint)
  if (!window || now >= window.startedAt + windowMs) {
    window = { startedAt: now, count: 0 }
    state.windows.set(endpoint, window)
  }
  window.count += 1
  return {
    limited: window.count > limit,
    headers: {
      'X-Rate-Limit-Limit': String(limit),
      'X-Rate-Limit-Remaining': String(Math.max(0, limit - window.count)),
      // Rounded up: a client waiting until this second never comes back inside the window.
      'X-Rate-Limit-Reset': String(Math.ceil((window.startedAt + windowMs) / 1000)),
    },
  }
}

/** Parses `{endpoint, limit, windowSeconds?}` of the test control; a message on error. */
export function parseRateLimitRule(
  input: unknown,
): { endpoint: RateLimitedEndpoint; rule: RateLimitRule } | string {
  if (typeof input !== 'object' || input === null) return 'Expected a JSON object.'
  const { endpoint, limit, windowSeconds } = input as Record<string, unknown>
  if (!RATE_LIMITED_ENDPOINTS.includes(endpoint as RateLimitedEndpoint))
    return `endpoint must be one of ${RATE_LIMITED_ENDPOINTS.join(', ')}.`
  const whole = (value: unknown, min: number, max: number) =>
    typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
  if (!whole(limit, 0, 10_000)) return 'limit must be a whole number from 0 to 10000.'
  if (windowSeconds !== undefined && !whole(windowSeconds, 1, 3600))
    return 'windowSeconds must be a whole number of seconds from 1 to 3600.'
  return {
    endpoint: endpoint as RateLimitedEndpoint,
    rule: {
      limit: limit as number,
      windowSeconds: (windowSeconds as number | undefined) ?? DEFAULT_RATE_LIMIT.windowSeconds,
    },
  }
}
