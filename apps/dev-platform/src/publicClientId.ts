/**
 * Who a public client says it is at an endpoint that authenticates clients: the form's
 * `client_id`, or HTTP Basic with the client id and an empty secret. Okta's SDK sends Basic as
 * `base64(client_id)` without the colon for a client with no secret (`lib/oidc/revokeToken.ts`,
 * `lib/oidc/introspect.ts`); RFC 6749 section 2.3.1 writes `base64(client_id:)`. Both name the
 * same public client. A non-empty secret, or a Basic and a form id that disagree, name no one.
 * @see https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1
 * @see https://developer.okta.com/docs/reference/api/oidc/#client-authentication-methods
 */

/** The client id, null when none was given, or `'conflict'` when what was given is not usable. */
export function publicClientId(
  authorization: string | undefined,
  form: URLSearchParams,
): string | null | 'conflict' {
  const formId = form.get('client_id')
  if (authorization === undefined) return formId
  // Any other Authorization (malformed Basic, Bearer, ...) names no client.
  const basic = /^Basic ([A-Za-z0-9+/]+={0,2})$/.exec(authorization)?.[1]
  if (basic === undefined) return 'conflict'
  const decoded = Buffer.from(basic, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  let id: string
  try {
    id = decodeURIComponent(colon < 0 ? decoded : decoded.slice(0, colon))
  } catch {
    return 'conflict'
  }
  const secret = colon < 0 ? '' : decoded.slice(colon + 1)
  if (secret !== '' || id === '' || (formId !== null && formId !== id)) return 'conflict'
  return id
}
