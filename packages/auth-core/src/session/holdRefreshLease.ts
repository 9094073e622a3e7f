import { withRefreshLease } from './refreshLease'
import type { RefreshLeaseEnv } from './refreshLease'

/**
 * Runs `task` while holding the platform-wide refresh lease (the `refresh_lease` cookie, the same
 * one every sub-site's session takes before it refreshes or signs out), so that no sub-site
 * refresh is under way while the task changes the token cookies, and none starts until it is done.
 * For the sign-in page: around its final write of `access_token`/`refresh_token` after sign-in,
 * and around "Sign in with a different account" (revoking and expiring the current tokens).
 *
 * While another holder's lease is in force it waits, in steps of 100 ms, at most
 * `REFRESH_LEASE_MS` (16 s) (a holder that died stops counting when its lease expires); then it
 * writes its own lease, reads it back after 100 ms and runs `task`. If the lease stays contested
 * past the bound, or cookies cannot be written, `task` runs anyway (sign-in must not hang). The
 * lease is removed when `task` settles, also when it fails, and only while it is still this
 * holder's. Keep `task` within `REFRESH_LEASE_MS` minus a margin (one request with a
 * timeout of at most 15 s): a lease that outlives its lifetime can be taken by a sub-site.
 *
 * @returns what `task` resolves with; rejects with its error.
 * @throws AuthError `unknown_error` (as a rejection) when `randomId` returns something other than
 *   8 to 64 of `[A-Za-z0-9_-]`.
 * @see ../../../../shared/docs/contracts.md (Cookies)
 * @see https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2 (refresh-token rotation: a replay
 *   revokes the token family, hence one refresh at a time)
 */
export function holdRefreshLease<T>(env: RefreshLeaseEnv, task: () => Promise<T>): Promise<T> {
  return withRefreshLease(env, () => undefined, task)
}
