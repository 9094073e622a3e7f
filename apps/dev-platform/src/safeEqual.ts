/** Constant-time comparison of secrets (passwords, PKCE challenges, TOTP codes). */
import { createHash, timingSafeEqual } from 'node:crypto'

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether two strings are equal, in time that does not depend on where they differ or on their
 * lengths (their SHA-256 digests are compared).
 */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digest(a), digest(b))
}
