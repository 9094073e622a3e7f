/** The longest `post_login_path` the contract allows, in characters. */
export const MAX_POST_LOGIN_PATH_LENGTH = 2048

/** Starts with one `/` not followed by another `/` or `\`, raw or percent-escaped. */
const ONE_LEADING_SLASH = /^\/(?![/\\]|%2f|%5c)/i
/**
 * Anywhere: a control character (C0, DEL, C1) or Unicode whitespace, a `\`, a `#`, a percent
 * escape of a control character (`%0d`, `%7f`, the UTF-8 `%c2%85`...), or a `%` that starts no
 * escape. (`%80` to `%9f` alone are UTF-8 continuation bytes: `%e2%82%ac` is a euro sign.)
 */
const REFUSED = /[\p{Cc}\s\\#]|%(?:[01]|7f|c2%[89]|(?![0-9a-f]{2}))/iu

/**
 * Whether `value` may be appended to a sub-site's origin as the page to come back to after
 * sign-in (the `post_login_path` cookie): a path with an optional query that starts with exactly
 * one `/` and stays on that origin. Refused: more than {@link MAX_POST_LOGIN_PATH_LENGTH}
 * characters; a second leading `/` or `\` (`//evil.com`, `/\evil.com`: a network-path reference
 * to another host), also percent-escaped (`/%2F/evil.com`); any `\`; control or whitespace
 * characters (tabs and newlines that URL parsers strip), also percent-escaped (`/%0d%0a`, `/%c2%85`); a `%`
 * that is not an escape; a `#` (a fragment is not the sub-site's to receive); dot segments that
 * resolve to such a second leading `/` (`/..//evil.com`, `/a/..//evil.com`, `/%2e%2e//evil.com`,
 * `/./%2fevil.com`): the path is checked again as a URL parser resolves it against an origin, so
 * the target's path never starts with `//` however a router reads it. A scheme or host cannot
 * pass: the value must start with `/`. The sub-site side (`redirectToSignIn`) and the sign-in page
 * (`resolveRedirectTarget`) both use this one function.
 * @see ../../../../shared/docs/contracts.md (post_login_path)
 * @see https://www.rfc-editor.org/rfc/rfc3986#section-4.2 (network-path references)
 * @see https://url.spec.whatwg.org/#single-dot-path-segment (`.`, `%2e`; `..`, `.%2e`, `%2e%2e`)
 * @see https://url.spec.whatwg.org/#concept-basic-url-parser (tab and newline stripping)
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Unvalidated_Redirects_and_Forwards_Cheat_Sheet.html
 */
export function isPostLoginPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= MAX_POST_LOGIN_PATH_LENGTH &&
    ONE_LEADING_SLASH.test(value) &&
    !REFUSED.test(value) &&
    ONE_LEADING_SLASH.test(new URL(value, ANY_ORIGIN).pathname)
  )
}

/** An origin to resolve a path against; only the resolved `pathname` is read. */
const ANY_ORIGIN = 'https://sub.invalid'
