/**
 * Inline code of one built page against the Content-Security-Policy it is served with: every
 * inline `<script>` (without `src`) and `<style>` must have its SHA-256/384/512 digest, as CSP
 * computes it over the element's text, among the sources of `script-src` / `style-src` (falling
 * back to `default-src`); inline `style=` and `on*=` attributes are refused outright (a hash
 * allows them only with 'unsafe-hashes', which this page never uses). Used by
 * scripts/checkDist.mjs with the CSP deploy/render.sh makes for that build.
 *
 * One kind of inline `<script>` is not code: a JSON data block (`type="application/json"`, a
 * language variant's texts, src/i18n/pageTexts.ts). HTML never runs a script whose type is not a
 * JavaScript MIME type or `module`, so CSP's script-src does not apply to it. Only that exact type
 * is let through: a classic script, `type="module"`, `type="text/javascript"`, an empty or any
 * other type still needs its hash (stricter than HTML, never looser).
 * @see https://www.w3.org/TR/CSP3/#match-element-to-source-list
 * @see https://html.spec.whatwg.org/multipage/scripting.html#data-block
 */
import { createHash } from 'node:crypto'

const ELEMENT = /<(script|style)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1\s*>/gi
const HASH_SOURCE = /^'(sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})'$/
/** The first `type` attribute of a tag's attributes (as HTML reads it), undefined without one. */
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i
const DATA_BLOCK_TYPE = 'application/json'

/** The sources that govern `directive` (CSP's fallback to default-src). */
const sourcesOf = (csp, directive) => csp.get(directive) ?? csp.get('default-src') ?? []

/**
 * `page`'s inline code against `csp` (from parseCsp): how many inline elements it has (`checked`)
 * and what is wrong (`problems`, empty when nothing is).
 */
export function checkInlineHashes(page, html, csp) {
  const problems = []
  let checked = 0
  for (const directive of ['script-src', 'style-src'])
    if (sourcesOf(csp, directive).some((source) => source.toLowerCase() === "'unsafe-inline'"))
      problems.push(`${page}: 'unsafe-inline' in ${directive}`)
  for (const [, name, attributes, body] of html.matchAll(ELEMENT)) {
    const element = name.toLowerCase()
    if (element === 'script' && /\ssrc\s*=/i.test(attributes)) {
      if (body.trim() !== '') problems.push(`${page}: a <script src> with inline content`)
      continue
    }
    if (element === 'script') {
      const type = TYPE.exec(attributes)
      if (type && (type[1] ?? type[2] ?? type[3]) === DATA_BLOCK_TYPE) continue
    }
    checked += 1
    const directive = `${element}-src`
    const allowed = new Set(
      sourcesOf(csp, directive).flatMap((source) => {
        const match = HASH_SOURCE.exec(source)
        return match ? [`${match[1]}-${match[2]}`] : []
      }),
    )
    const digests = ['sha256', 'sha384', 'sha512'].map(
      (algorithm) => `${algorithm}-${createHash(algorithm).update(body, 'utf8').digest('base64')}`,
    )
    if (!digests.some((digest) => allowed.has(digest)))
      problems.push(
        `${page}: an inline <${element}> whose hash '${digests[0]}' is not in ${directive}`,
      )
  }
  // The elements' own text is hashed above; attributes never are (no 'unsafe-hashes').
  const tags = html.replace(ELEMENT, (whole, _name, attributes) => `<x ${attributes}>`)
  for (const [tag] of tags.matchAll(/<[a-z](?:[^>"']|"[^"]*"|'[^']*')*>/gi))
    for (const match of tag.matchAll(/\s(style|on[a-z]+)\s*=/gi))
      problems.push(`${page}: a ${match[1]}= attribute (inline code a hash cannot allow)`)
  return { checked, problems }
}

/** A CSP header value as directive → sources. */
export function parseCsp(header) {
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name.toLowerCase(), sources]),
  )
}
