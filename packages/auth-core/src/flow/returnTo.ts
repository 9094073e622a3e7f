/**
 * A deep link kept in this tab's sessionStorage across the provider's logout redirect: the logout
 * may only return to a registered URI (the sub-sites' roots and the sign-in page's own `/`), so a
 * target with a path returns to the sign-in page, which then goes on to it.
 */
import type { RedirectTargetConfig } from '../redirect/resolveRedirectTarget'
import { LOCAL_REDIRECT_TARGET } from '../redirect/resolveRedirectTarget'

/**
 * How long after the tokens arrived the return from the logout may still follow the deep link:
 * the logout is one redirect away, so two minutes cover a slow provider, and a tab that comes back
 * to the sign-in page much later is asked as on any visit.
 */
export const RETURN_TO_MAX_AGE_MS = 120_000

/** Whether `target` has more than the root path (a deep link from `post_login_path`). */
export function isDeepTarget(target: string): boolean {
  const url = new URL(target)
  return url.href !== `${url.origin}/`
}

/** The stored form, `{epoch ms} {url}`, for the `persist` effect. */
export function serializeReturnTo(url: string, createdAt: number): string {
  return `${createdAt} ${url}`
}

/**
 * The stored deep link when it is still fresh at `now` (at most {@link RETURN_TO_MAX_AGE_MS} old,
 * dated at most 60 s ahead) and still a target of this platform: `https:` on a host under the
 * parent domain without a port (the local-mode origin in local mode), no user or password.
 * Anything tampered, stale or foreign is null.
 */
export function readReturnTo(
  config: RedirectTargetConfig,
  raw: string | null,
  now: number,
): string | null {
  const space = raw?.indexOf(' ') ?? -1
  const age = now - Number(raw?.slice(0, space))
  // NaN (no date, not a number) fails both comparisons.
  if (!(age <= RETURN_TO_MAX_AGE_MS && age >= -60_000)) return null
  let url: URL
  try {
    url = new URL(raw?.slice(space + 1) ?? '')
  } catch {
    return null
  }
  const onPlatform = config.localMode
    ? url.origin === new URL(LOCAL_REDIRECT_TARGET).origin
    : url.protocol === 'https:' && url.host.endsWith(config.parentDomain)
  return onPlatform && url.username + url.password === '' ? url.href : null
}
