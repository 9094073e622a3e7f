/**
 * The OAuth transaction kept in sessionStorage between a redirect and its return: which provider,
 * the exact `state` and `nonce` sent, and when (the PKCE verifier is its own item, spec section 3).
 */
import * as v from 'valibot'

/** The stored OAuth transaction. */
export interface OAuthTransaction {
  readonly provider: 'okta' | 'google'
  readonly state: string
  readonly nonce: string
  /** Epoch milliseconds when the redirect was prepared. */
  readonly createdAt: number
}

const OAuthTransactionSchema = v.strictObject({
  provider: v.picklist(['okta', 'google']),
  state: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43,128}$/)),
  nonce: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43,128}$/)),
  createdAt: v.pipe(v.number(), v.integer(), v.minValue(0)),
})

/** Serializes a transaction for the `persist` effect. */
export function serializeOAuthTransaction(transaction: OAuthTransaction): string {
  return JSON.stringify(transaction)
}

/** Parses the stored item; anything tampered, truncated or foreign is null. */
export function parseOAuthTransaction(raw: string | null): OAuthTransaction | null {
  if (raw === null) return null
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return null
  }
  const result = v.safeParse(OAuthTransactionSchema, value)
  return result.success ? result.output : null
}
