/**
 * The demo's product API call: `GET {api}/auth/whoami` with the access token as a bearer token.
 * The API (unlike the page) verifies the token's signature, issuer, audience and expiry, so a
 * successful answer shows that the token the session handed out, refreshed or not, is accepted.
 */

/** The API's answer, as the page shows it. */
export type WhoAmI =
  | { readonly ok: true; readonly email: string; readonly expiresAt: number }
  | { readonly ok: false; readonly message: string }

/**
 * Calls the API and never rejects. `fetchImpl` defaults to the global `fetch` (wrapped lazily,
 * so a test or an instrumented page may replace it).
 * @see https://www.rfc-editor.org/rfc/rfc6750#section-2.1 (Authorization: Bearer)
 */
export async function callWhoAmI(
  apiUrl: string,
  accessToken: string,
  fetchImpl: typeof fetch = (input, init) => fetch(input, init),
): Promise<WhoAmI> {
  let response: Response
  try {
    response = await fetchImpl(`${apiUrl}/auth/whoami`, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: 'application/json' },
    })
  } catch {
    return { ok: false, message: 'The product API could not be reached.' }
  }
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null
  if (response.ok && typeof body?.email === 'string' && typeof body.exp === 'number')
    return { ok: true, email: body.email, expiresAt: body.exp * 1000 }
  const reason = typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`
  return { ok: false, message: `The product API refused the token: ${reason}` }
}
