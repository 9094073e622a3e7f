const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * Encodes bytes as base64url without padding, the form `state`, `nonce` and PKCE values use.
 * Pure and platform-free (no `btoa`, no `Buffer`); 32 bytes give 43 characters.
 * @see https://www.rfc-editor.org/rfc/rfc4648#section-5
 * @see https://www.rfc-editor.org/rfc/rfc7636#appendix-A
 */
export function encodeBase64Url(bytes: Uint8Array): string {
  let out = ''
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0
    const b = bytes[i + 1] ?? 0
    const c = bytes[i + 2] ?? 0
    const triple = (a << 16) | (b << 8) | c
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6))
    for (let j = 0; j < chars; j++) out += ALPHABET.charAt((triple >> (18 - 6 * j)) & 63)
  }
  return out
}
