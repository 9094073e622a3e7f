/**
 * Text that came with a request (a token's `kid` or `alg`, a library's message that repeats
 * them), made safe for one log line: a refusal's `message` is for logs, and CR/LF in it would
 * let a token forge log lines, other control or bidirectional characters mislead whoever reads
 * them.
 * @see https://cheatsheetseries.owasp.org/cheatsheets/Logging_Cheat_Sheet.html (event data from outside: sanitise CR, LF and delimiters)
 * @see https://owasp.org/www-community/attacks/Log_Injection
 */

/** Anything but printable ASCII, and the backslash that starts an escape. */
const UNSAFE = /[^\x20-\x5b\x5d-\x7e]/g

/**
 * `text` with every character outside printable ASCII written `\uXXXX` and `\` written `\\`,
 * between double quotes (`"` written `\"`) when `quoted`, cut to its first `maxLength`
 * characters (then `... (N characters)`).
 */
export function escapeForLog(text: string, maxLength: number, quoted = false): string {
  const kept = text.slice(0, maxLength)
  const escaped = kept.replace(UNSAFE, (character) =>
    character === '\\' ? '\\\\' : `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
  const shown = quoted ? `"${escaped.replaceAll('"', '\\"')}"` : escaped
  return kept.length < text.length ? `${shown}... (${text.length} characters)` : shown
}
