/**
 * The platform-wide refresh lease: a short-lived cookie on the parent domain that says "this
 * holder is refreshing (or signing out) until this time". Web Locks are per origin, but every
 * sub-site shares the token cookies, so two sub-sites refreshing at the same moment would present
 * the same refresh token; the lease makes the second one wait for the first and use its tokens.
 */
import type { CookieWrite } from '../cookies/cookie.types'
import { cookieScope } from '../cookies/cookieRules'
import type { CookieScopeConfig } from '../cookies/cookieRules'
import { planCookieRemoval } from '../cookies/planCookieRemoval'
import { AuthError } from '../errors/authError'
import { expireTossedCopies } from './expireTossedCopies'
import { REFRESH_LEASE_COOKIE_NAME, REFRESH_LEASE_MS } from './session.types'
import type { CookieJar } from './session.types'

/** How often a waiting sub-site looks at the lease and the token cookies again. */
export const LEASE_POLL_MS = 100
/**
 * How long a holder waits between writing its lease and reading it back: two sub-sites that both
 * found no lease and both wrote one within this time read the same last write, so exactly one
 * of them holds it (last writer wins), even when another process's cookie write reaches this
 * page a little late.
 */
export const LEASE_SETTLE_MS = 100
/**
 * How many times the bound of {@link withRefreshLease} starts again: after an overlong wait (a
 * frozen page) or when another holder takes the lease over.
 */
const MAX_RESTARTS = 3
const HOLDER = /^[A-Za-z0-9_-]{8,64}$/

/** Whether `value` can be a lease holder id: 8 to 64 of `[A-Za-z0-9_-]` (what `randomId` must return). */
export function isLeaseHolderId(value: unknown): boolean {
  return typeof value === 'string' && HOLDER.test(value)
}
const LEASE_VALUE = /^([A-Za-z0-9_-]{8,64})\.(\d{1,16})$/

/**
 * What the lease needs: the cookie scope (`parentDomain`, `localMode`), the parent-domain cookies,
 * and the injected clock, waits and holder ids. In a browser: `browserCookieJar(document)`,
 * `Date.now`, `browserSleep(window)` and `browserRandomId(crypto)`.
 */
export interface RefreshLeaseEnv {
  /** Where the lease cookie lives: the parent domain (host-only in local mode), `Path=/`. */
  readonly config: CookieScopeConfig
  /** The cookies of the parent domain, as the page sees them. */
  readonly cookies: CookieJar
  /** The clock, in epoch milliseconds. */
  readonly now: () => number
  /** Resolves after `ms` milliseconds. */
  readonly sleep: (ms: number) => Promise<void>
  /** A fresh unguessable holder id: 8 to 64 of `[A-Za-z0-9_-]`. */
  readonly randomId: () => string
  /**
   * The current page's path (`location.pathname`): lease copies tossed in at its ancestor paths
   * are expired before the lease is taken. Defaults to `/` (nothing to expire).
   */
  readonly pagePath?: () => string
}

/** A lease as read from the cookie: who holds it, until when (epoch ms). */
interface Lease {
  readonly holder: string
  readonly expiresAt: number
}

/**
 * The lease in force, or null when there is none, it has expired (by the value's own expiry,
 * whatever the cookie's Max-Age left), it is malformed, or it claims to last longer than any
 * lease can (a forged or mis-clocked value must not block refreshes).
 */
function readLease(env: RefreshLeaseEnv): Lease | null {
  let value: string | undefined
  try {
    value = env.cookies.get(REFRESH_LEASE_COOKIE_NAME)
  } catch {
    // A jar that throws (a cookie the browser refuses to parse): no lease.
  }
  // Stryker disable next-line ConditionalExpression: exec reads undefined as "undefined", no lease value either
  const match = value === undefined ? null : LEASE_VALUE.exec(value)
  if (match === null) return null
  const holder = match[1] as string
  const expiresAt = Number(match[2])
  const now = env.now()
  if (expiresAt <= now || expiresAt > now + REFRESH_LEASE_MS) return null
  return { holder, expiresAt }
}

/**
 * The lease cookie for `holder` until `expiresAt`: parent domain (host-only in local mode),
 * `Path=/`, `Secure`, `SameSite=Lax`, Max-Age of {@link REFRESH_LEASE_MS} in seconds, so the browser
 * drops it on its own when a holder dies without removing it.
 * @throws AuthError `configuration_error` when `randomId` returned something that is not 8 to 64 of
 *   `[A-Za-z0-9_-]`.
 */
export function planRefreshLeaseCookie(
  config: CookieScopeConfig,
  holder: string,
  expiresAt: number,
): CookieWrite {
  if (!isLeaseHolderId(holder))
    throw new AuthError(
      'configuration_error',
      'randomId must return 8 to 64 of A-Z, a-z, 0-9, _ and -.',
    )
  return {
    name: REFRESH_LEASE_COOKIE_NAME,
    value: `${holder}.${Math.floor(expiresAt)}`,
    ...cookieScope(config),
    secure: true,
    sameSite: 'Lax',
    maxAgeSeconds: Math.ceil(REFRESH_LEASE_MS / 1000),
  }
}

/**
 * Runs `task` while holding the platform-wide lease. While another holder's lease is in force,
 * waits in steps of {@link LEASE_POLL_MS} and asks `settled()` after each: a value other than
 * `undefined` (e.g. the access token another sub-site just refreshed) ends the wait without
 * running `task`. A lease that is absent or expired is taken: written with a fresh holder id,
 * read back after {@link LEASE_SETTLE_MS}, kept only when it is still ours. The wait is bounded by
 * the lease lifetime plus one poll (a holder that died stops counting when its lease expires), not
 * counting a wait that itself outlasted a lease (the page was frozen) and starting again for a new
 * holder (another waiter took over a dead holder's lease), at most three times in all. Past the
 * bound, a lease of another holder still in force is waited out (never run beside); only when
 * ours never reads back and no one else's is in force (cookies cannot be written) does `task` run
 * without it, and the `invalid_grant` re-read of the refresh cookie is what is left. Lease copies tossed in at an
 * ancestor path of the page are expired first; when a copy stays out of reach, `task` runs at once
 * without the lease. The lease is removed when `task` settles, also
 * when it fails, and only while it is still ours.
 */
export async function withRefreshLease<T>(
  env: RefreshLeaseEnv,
  settled: () => T | undefined,
  task: () => Promise<T>,
): Promise<T> {
  // Stryker disable next-line StringLiteral: no ancestor path of '/' or of '' is a removal to make
  const pagePath = env.pagePath?.() ?? '/'
  // A second lease cookie (tossed in with another Path) makes every read back ambiguous: a wait of
  // the whole lease lifetime, and our own lease left behind. Its copies at the ancestor paths of
  // the page are expired; true when one stays out of reach.
  const ambiguous = (): boolean =>
    expireTossedCopies(env.cookies, env.config, [REFRESH_LEASE_COOKIE_NAME], pagePath).length > 0
  if (ambiguous()) return task()
  // A lease written at the latest when we started expires within the lease lifetime; one more poll sees it.
  const bound = () => env.now() + REFRESH_LEASE_MS + LEASE_POLL_MS
  let deadline = bound()
  let restarts = 0
  /** The bound counts again from now (a few times at most, so the wait stays bounded). */
  const restart = () => {
    if (restarts >= MAX_RESTARTS) return
    restarts += 1
    deadline = bound()
  }
  const wait = async (ms: number) => {
    const before = env.now()
    await env.sleep(ms)
    // A wait that lasted longer than any lease (a page frozen or throttled meanwhile, e.g. a
    // background tab, a sleeping device) was not spent waiting for another holder, and our own
    // lease may have run out unread: the lease is taken again instead of the task running without it.
    if (env.now() - before > REFRESH_LEASE_MS) restart()
  }
  let mine: string | null = null
  /** The holder whose lease we are waiting for. */
  let waitingFor: string | null = null
  for (;;) {
    const held = readLease(env)
    // A new holder (another waiter took over a dead holder's lease) is waited for in turn: the
    // bound of the old one ending is no reason to refresh beside the new one.
    if (held !== null && waitingFor !== null && held.holder !== waitingFor) restart()
    waitingFor = held?.holder ?? null
    if (held === null) {
      const holder = env.randomId()
      env.cookies.set(planRefreshLeaseCookie(env.config, holder, env.now() + REFRESH_LEASE_MS))
      await wait(LEASE_SETTLE_MS)
      if (ambiguous()) {
        // Ours can never be told apart from a copy out of reach: take it back, go on without.
        env.cookies.remove(planCookieRemoval(env.config, REFRESH_LEASE_COOKIE_NAME))
        break
      }
      if (readLease(env)?.holder === holder) {
        mine = holder
        break
      }
    } else {
      await wait(LEASE_POLL_MS)
    }
    const result = settled()
    if (result !== undefined) return result
    // Past the bound the task runs without the lease only when no one else's lease is in force
    // (ours never read back: cookies cannot be written). Another holder's lease lasts at most
    // REFRESH_LEASE_MS by its own value, so waiting it out still ends; running beside it would
    // present the same refresh token twice, and Okta's reuse detection ends the whole session.
    if (env.now() >= deadline && readLease(env) === null) break
  }
  try {
    return await task()
  } finally {
    if (mine !== null && readLease(env)?.holder === mine)
      env.cookies.remove(planCookieRemoval(env.config, REFRESH_LEASE_COOKIE_NAME))
  }
}
