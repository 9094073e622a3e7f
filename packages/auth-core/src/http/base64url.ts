const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

/**
 * Encodes bytes as base64url without padding, the form `state`, `nonce` and PKCE values use.
 * Pure and platform-free (no `btoa`, no `Buffer`); 32 bytes give 43 characters.
 * @see https://www.rfc-editor.org/rfc/rfc4648#section-5
 * @see https://www.rfc-editor.org/rfc/rfc7636#appendix-A
 */
export function encodeBase64Url(bytes: Uint8Array): string {
  let out = ''
  let buffer = 0
  let bits = 0
  for (const byte of bytes) {
    buffer = ((buffer << 8) | byte) & 0xffff
    bits += 8
    // Stryker disable next-line EqualityOperator: with > 6, six pending bits wait for the next byte or the final flush, which writes the same character (at most 14 bits pend, within the 16-bit buffer)
    while (bits >= 6) {
      bits -= 6
      out += ALPHABET.charAt((buffer >> bits) & 63)
    }
  }
  if (bits > 0) out += ALPHABET.charAt((buffer << (6 - bits)) & 63)
  return out
}

/**
 * Decodes unpadded base64url text (padding `=` is tolerated at the end), or returns null when the
 * text is not base64url. Pure and platform-free, like {@link encodeBase64Url}.
 * @see https://www.rfc-editor.org/rfc/rfc4648#section-5
 */
export function decodeBase64Url(text: string): Uint8Array | null {
  const body = text.replace(/={1,2}$/, '')
  if (!/^[A-Za-z0-9_-]*$/.test(body) || body.length % 4 === 1) return null
  const bytes = new Uint8Array(Math.floor((body.length * 6) / 8))
  let buffer = 0
  let bits = 0
  let index = 0
  for (const char of body) {
    buffer = ((buffer << 6) | ALPHABET.indexOf(char)) & 0xffffff
    bits += 6
    if (bits >= 8) {
      bits -= 8
      bytes[index++] = (buffer >> bits) & 0xff
    }
  }
  return bytes
}
