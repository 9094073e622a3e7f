/**
 * A return from a provider as tests stage it: the state, nonce and PKCE verifier the page stored
 * before it left, and what the session storage holds then (`STORAGE_KEYS`' items).
 */
export const RETURN = {
  state: 'S'.repeat(20) + 'tate-0123456789_abcdefghij',
  nonce: 'N'.repeat(20) + 'once-0123456789_abcdefghij',
  verifier: 'v'.repeat(43),
} as const

/** What the session storage holds when the page comes back from `provider`. */
export function storedReturn(provider: 'okta' | 'google'): Record<string, string> {
  const oauthState = JSON.stringify({
    provider,
    state: RETURN.state,
    nonce: RETURN.nonce,
    createdAt: Date.now(),
  })
  return provider === 'okta' ? { pkceVerifier: RETURN.verifier, oauthState } : { oauthState }
}
