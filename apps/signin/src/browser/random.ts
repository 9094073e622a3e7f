import type { RandomBytes } from '@mapping-platform/auth-core'

/**
 * Bytes from the browser's CSPRNG. Throws where WebCrypto is missing; auth-core then fails closed
 * with `crypto_unavailable` (never a weaker source).
 */
export const randomBytes: RandomBytes = (length) => crypto.getRandomValues(new Uint8Array(length))
