/** Building the redirect back to an OAuth client, with parameters in its query or fragment. */

/** Where the authorization response parameters go. */
export type ResponseMode = 'query' | 'fragment'

/**
 * The redirect back to the client: parameters in the query (`?`) or the fragment (`#`).
 * @see https://openid.net/specs/oauth-v2-multiple-response-types-1_0.html#ResponseModes
 */
export function redirectWith(
  redirectUri: string,
  mode: ResponseMode,
  params: Record<string, string>,
): string {
  const encoded = new URLSearchParams(params).toString()
  if (mode === 'fragment') return `${redirectUri}#${encoded}`
  return `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${encoded}`
}
