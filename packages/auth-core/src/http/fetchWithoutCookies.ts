/**
 * Wraps a `fetch` so that every request it makes carries and stores no cookies
 * (`credentials: 'omit'`), whatever the caller asked. oauth4webapi leaves `credentials` to the
 * browser's default (`same-origin`); the token, revoke and product-API calls need no cookie, and
 * an identity provider's session cookie must not ride along with them.
 * @param base the `fetch` to call; defaults to `globalThis.fetch`, looked up at call time.
 * @see https://fetch.spec.whatwg.org/#concept-request-credentials-mode
 */
export function fetchWithoutCookies(base?: typeof fetch): typeof fetch {
  return (input, init) => (base ?? fetch)(input, { ...init, credentials: 'omit' })
}
