import { isSensitiveKey } from './sensitiveKeys'
import { scrubUrl } from './scrubUrl'

/** What replaces a secret, as in Sentry's own scrubbing. */
export const FILTERED = '[Filtered]'

/**
 * How hard to scrub a string. `full` for every value; `codeLocation` for stack-frame file names and
 * function names, where long identifiers and hashed chunk names are expected and needed for
 * symbolication (URLs, tokens, JWTs, emails and the caller's secrets are still removed there).
 */
export type TextMode = 'full' | 'codeLocation'

const ABSOLUTE_URL = /https?:\/\/[^\s"'<>`\\]+/gi
/** A relative URL whose query or fragment carries parameters: `/cb#code=…`, `/?state=…`, `#x=…`. */
const RELATIVE_URL_WITH_PARAMETERS = /(^|[\s"'(=,:])(\/[^\s"'<>?#]*)?[?#][^\s"'<>=]*=[^\s"'<>]*/g
/** `name=value` in free text (`code=…`, `sessionToken=…`). */
const KEY_VALUE_PAIR = /(^|[?#&;,\s])([\w.-]{1,100})=([^&#;,\s"'<>]*)/g
/** `"name": value` in JSON embedded in a string (an error message quoting a body). */
const JSON_PAIR =
  /"((?:[^"\\]|\\.){1,100})"(\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false|null)/g
const AUTHORIZATION_VALUE = /\b(Bearer|DPoP)\s+[\w.~+/-]+=*/gi
const JWT = /eyJ[\w-]+\.[\w-]+\.[\w-]*/g
const EMAIL = /[\w.%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g
/** Long base64url runs: state, nonce, verifier, codes, Okta state and session tokens. */
const BASE64URL_RUN = /[\w-]{32,}/g
/** A six-digit run on its own: an authenticator code. */
const SIX_DIGITS = /(?<!\d)\d{6}(?!\d)/g

/**
 * Removes secrets from one string: the caller's exact `secrets` (also URL-encoded), the query and
 * fragment of URLs, sensitive `name=value` and JSON pairs, bearer values, JWTs, email addresses,
 * and (in `full` mode) base64url runs of 32 characters or more and six-digit codes.
 * @see https://docs.sentry.io/security-legal-pii/scrubbing/server-side-scrubbing/ (why `code` and
 * `state` need client-side scrubbing)
 */
export function scrubText(
  text: string,
  secrets: readonly string[],
  mode: TextMode = 'full',
): string {
  let out = replaceSecrets(text, secrets)
    .replace(ABSOLUTE_URL, (url) => scrubUrl(url))
    .replace(
      RELATIVE_URL_WITH_PARAMETERS,
      (_match, before: string, path?: string) => before + (path ?? ''),
    )
    .replace(KEY_VALUE_PAIR, (match, before: string, name: string) =>
      isSensitiveKey(name) ? `${before}${name}=${FILTERED}` : match,
    )
    .replace(JSON_PAIR, (match, name: string, separator: string) =>
      isSensitiveKey(name) ? `"${name}"${separator}"${FILTERED}"` : match,
    )
    .replace(AUTHORIZATION_VALUE, (_match, scheme: string) => `${scheme} ${FILTERED}`)
    .replace(JWT, FILTERED)
    .replace(EMAIL, FILTERED)
  if (mode === 'full') out = out.replace(BASE64URL_RUN, FILTERED).replace(SIX_DIGITS, FILTERED)
  return out
}

/** Exact occurrences of each secret, raw and URL-encoded (both encodings), longest first. */
export function replaceSecrets(text: string, secrets: readonly string[]): string {
  const variants = new Set<string>()
  for (const secret of secrets) {
    if (secret === '') continue
    variants.add(secret)
    variants.add(encodeURIComponent(secret))
    variants.add(new URLSearchParams([['', secret]]).toString().slice(1))
  }
  let out = text
  for (const variant of [...variants].sort((a, b) => b.length - a.length))
    out = out.split(variant).join(FILTERED)
  return out
}
