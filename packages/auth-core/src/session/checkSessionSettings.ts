/**
 * Everything `createPlatformSession` is given, checked when the object is created: a wrong
 * setting fails at once as `configuration_error`, naming every problem, instead of at the first
 * refresh (`…//oauth2/…`, `unknown_error`, a holder id the lease refuses).
 */
import { DEFAULT_REQUEST_TIMEOUT_MS } from '../config/authConfig'
import { platformFieldProblems } from '../config/platformFields'
import { AuthError } from '../errors/authError'
import { parseSessionUrl } from './parseSessionUrl'
import { isLeaseHolderId } from './refreshLease'
import {
  DEFAULT_CLOCK_SKEW_SECONDS,
  DEFAULT_REFRESH_AHEAD_SECONDS,
  DEFAULT_REFRESH_LEEWAY_SECONDS,
  MAX_SESSION_TIMEOUT_MS,
  REFRESH_LEASE_MS,
} from './session.types'
import type { SessionConfig, SessionDeps } from './session.types'

/** The checked settings, in milliseconds. */
interface SessionSettings {
  readonly signInUrl: string
  readonly skewMs: number
  /** The refresh leeway, at least `refreshAheadSeconds` when that is set. */
  readonly leewayMs: number
  /** `refreshAheadSeconds` in milliseconds (default {@link DEFAULT_REFRESH_AHEAD_SECONDS}), or null when 0 (off). */
  readonly refreshAheadMs: number | null
  readonly timeoutMs: number
  /** `deps.randomId`, whose first id (the one checked) is the first it hands out. */
  readonly randomId: (() => string) | undefined
}

/**
 * The settings of a session object, or a `configuration_error` whose message lists every
 * problem: the shared fields by the sign-in app's own rules (an `https://` origin without a
 * trailing `/` or path, the ids, `parentDomain` with its leading dot), `signInUrl` (absolute,
 * on the parent domain), the seconds, `timeoutMs`, and one id from `randomId` (8 to 64 of
 * `[A-Za-z0-9_-]`, as the refresh lease needs).
 * @throws AuthError `configuration_error`
 */
export function checkSessionSettings(config: SessionConfig, deps: SessionDeps): SessionSettings {
  const problems = platformFieldProblems(config)
  const signInUrl = parseSessionUrl(config, config.signInUrl)
  if (signInUrl === null) problems.push(urlProblem(config, 'signInUrl'))
  const seconds = (value: number | undefined, fallback: number, name: string): number => {
    const given = value ?? fallback
    if (Number.isFinite(given) && given >= 0) return given * 1000
    problems.push(`${name} must be a non-negative number of seconds.`)
    return 0
  }
  const skewMs = seconds(config.clockSkewSeconds, DEFAULT_CLOCK_SKEW_SECONDS, 'clockSkewSeconds')
  const aheadMs = seconds(
    config.refreshAheadSeconds,
    DEFAULT_REFRESH_AHEAD_SECONDS,
    'refreshAheadSeconds',
  )
  const refreshAheadMs = aheadMs === 0 ? null : aheadMs
  const leewayMs = Math.max(
    seconds(config.refreshLeewaySeconds, DEFAULT_REFRESH_LEEWAY_SECONDS, 'refreshLeewaySeconds'),
    refreshAheadMs ?? 0,
  )
  const timeoutMs = deps.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS
  if (!Number.isSafeInteger(timeoutMs) || timeoutMs <= 0)
    problems.push('timeoutMs must be a positive whole number.')
  else if (timeoutMs > MAX_SESSION_TIMEOUT_MS)
    problems.push(
      `timeoutMs must be at most ${MAX_SESSION_TIMEOUT_MS} ms: a refresh has to end inside the platform-wide refresh lease of ${REFRESH_LEASE_MS} ms.`,
    )
  const randomId = deps.randomId === undefined ? undefined : checkedIds(deps.randomId)
  if (randomId === null) problems.push('randomId must return 8 to 64 of A-Z, a-z, 0-9, _ and -.')
  if (problems.length > 0) throw new AuthError('configuration_error', problems.join(' '))
  return {
    signInUrl: signInUrl as string,
    skewMs,
    leewayMs,
    refreshAheadMs,
    timeoutMs,
    randomId: randomId ?? undefined,
  }
}

/**
 * `returnTo` of `signOut`, checked as `signInUrl` is.
 * @throws AuthError `usage_error` when it is not acceptable (a programming error of the caller).
 */
export function requireReturnTo(config: SessionConfig, returnTo: string): string {
  const url = parseSessionUrl(config, returnTo)
  if (url === null) throw new AuthError('usage_error', urlProblem(config, 'returnTo'))
  return url
}

function urlProblem(config: SessionConfig, name: string): string {
  return config.localMode
    ? `${name} must be an absolute http(s) URL without user info or fragment.`
    : `${name} must be an absolute https URL on ${config.parentDomain}, without user info or fragment.`
}

/**
 * `randomId` after checking one id it gives (null: a wrong shape, or it threw): that id is kept
 * and handed out first, so the ids the lease uses are the same as without the check.
 */
function checkedIds(randomId: () => string): (() => string) | null {
  let first: unknown
  try {
    first = randomId()
  } catch {
    return null
  }
  if (!isLeaseHolderId(first)) return null
  let kept: string | null = first as string
  return () => {
    const id = kept ?? randomId()
    kept = null
    return id
  }
}
