import { cookieScope } from '../cookies/cookieRules'
import type { CookieScopeConfig } from '../cookies/cookieRules'
import {
  MAX_REFRESHES_PER_MINUTE,
  MAX_SESSION_TIMEOUT_MS,
  REFRESH_BUDGET_COOKIE_NAME,
} from './session.types'
import type { CookieJar } from './session.types'

/**
 * The window of {@link MAX_REFRESHES_PER_MINUTE}, in the device times refreshes are spent at: a
 * minute plus the longest request timeout. A request spent at `t` reaches the provider between `t`
 * and `t + MAX_SESSION_TIMEOUT_MS`, so the requests that reach it within any one minute were all
 * spent within this window: counted this way, no minute at the provider sees more than the ceiling.
 */
const WINDOW_MS = 60_000 + MAX_SESSION_TIMEOUT_MS

/**
 * Spends one refresh of the browser-wide budget ({@link MAX_REFRESHES_PER_MINUTE} in any minute at the provider,
 * counted in the {@link REFRESH_BUDGET_COOKIE_NAME} cookie on the parent domain, which every
 * sub-site and tab of this browser shares, with the device clock they share too): returns 0
 * after adding `nowMs` to the cookie (the refresh may be sent), else the milliseconds until the
 * oldest counted refresh leaves the window of 75 s (no request).
 *
 * Every copy of the cookie counts (a copy tossed in with another Path can only lower the budget,
 * never raise it); times in the future or not integers are ignored (a forged value cannot block
 * refreshes for longer than 75 s at a time; a sibling that can write it can as well remove the
 * token cookies).
 */
export function spendRefresh(
  config: CookieScopeConfig,
  cookies: Pick<CookieJar, 'getAll' | 'set'>,
  nowMs: number,
): number {
  const times = [
    ...new Set(
      cookies
        .getAll(REFRESH_BUDGET_COOKIE_NAME)
        .flatMap((value) => value.split('.'))
        .map(Number)
        .filter((time) => Number.isSafeInteger(time) && time > nowMs - WINDOW_MS && time <= nowMs),
    ),
  ]
    .sort((a, b) => a - b)
    .slice(-MAX_REFRESHES_PER_MINUTE)
  const [oldest = 0] = times
  if (times.length >= MAX_REFRESHES_PER_MINUTE) return oldest + WINDOW_MS - nowMs
  cookies.set({
    name: REFRESH_BUDGET_COOKIE_NAME,
    value: [...times, Math.floor(nowMs)].join('.'),
    ...cookieScope(config),
    secure: true,
    sameSite: 'Lax',
    maxAgeSeconds: WINDOW_MS / 1000,
  })
  return 0
}
