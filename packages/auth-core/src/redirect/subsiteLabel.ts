/** A single lowercase DNS label of at most 63 characters (contracts: post-login redirect). */
const SUBSITE_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

/**
 * Whether `value` is one lowercase DNS label, as the `post_login_redirect` cookie must hold.
 * Nothing is normalised first: `A`, `a.b`, `a%2eb` and unicode dots are all refused.
 * @see https://www.rfc-editor.org/rfc/rfc1123#section-2.1
 */
export function isSubsiteLabel(value: unknown): value is string {
  return typeof value === 'string' && SUBSITE_LABEL.test(value)
}
