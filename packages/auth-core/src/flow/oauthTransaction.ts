/**
 * The OAuth transaction kept in sessionStorage between a redirect and its return: which provider,
 * the exact `state` and `nonce` sent, and when (the PKCE verifier is its own item, spec section 3).
 */

/** The stored OAuth transaction. */
export interface OAuthTransaction {
  readonly provider: 'okta' | 'google'
  readonly state: string
  readonly nonce: string
  /** Epoch milliseconds when the redirect was prepared. */
  readonly createdAt: number
}

const TOKEN = /^[A-Za-z0-9_-]{43,128}$/

/**
 * A hand-written guard rather than a schema library: this check runs on the first load of the
 * sign-in page, where every kilobyte counts. Exactly these four keys, each of its type.
 */
function isOAuthTransaction(value: unknown): value is OAuthTransaction {
  // Not an object (null, a number, a string): refused. An array is refused by the key checks
  // below, as JSON gives it no `provider`.
  if (!(value instanceof Object)) return false
  const record = value as Record<string, unknown>
  const keys = Object.keys(record)
  return (
    keys.length === 4 &&
    (record.provider === 'okta' || record.provider === 'google') &&
    typeof record.state === 'string' &&
    TOKEN.test(record.state) &&
    typeof record.nonce === 'string' &&
    TOKEN.test(record.nonce) &&
    Number.isSafeInteger(record.createdAt) &&
    (record.createdAt as number) >= 0
  )
}

/** Serializes a transaction for the `persist` effect. */
export function serializeOAuthTransaction(transaction: OAuthTransaction): string {
  return JSON.stringify(transaction)
}

/** Parses the stored item; anything tampered, truncated or foreign is null. */
export function parseOAuthTransaction(raw: string | null): OAuthTransaction | null {
  // Stryker disable next-line ConditionalExpression: JSON.parse(null) reads the text "null", which the guard refuses: the same null (the check narrows the type)
  if (raw === null) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    // Not JSON: `value` stays undefined, which the guard below refuses.
  }
  if (!isOAuthTransaction(value)) return null
  const { provider, state, nonce, createdAt } = value
  return { provider, state, nonce, createdAt }
}
