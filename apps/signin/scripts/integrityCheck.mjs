/**
 * Subresource Integrity of one built page, checked independently of the build plugin that adds it
 * (apps/signin/build/subresourceIntegrity.ts): every `<script src>`, `<link rel="stylesheet">`,
 * `<link rel="modulepreload">` and script/style `<link rel="preload">` must carry `integrity`
 * with SHA-384 or SHA-512 digests only, and every digest must be that of the file's bytes.
 * Used by scripts/checkDist.mjs; its tests feed it pages that must fail.
 * @see https://www.w3.org/TR/SRI/#the-integrity-attribute
 */
import { createHash } from 'node:crypto'

const TAG = /<(script|link)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g
const DIGEST = /^(sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})(?:\?\S*)?$/

/** A tag's attributes, lower-case names → values (`''` for a bare attribute). */
function attributesOf(text) {
  const attributes = new Map()
  for (const [, name, double, single, bare] of text.matchAll(ATTRIBUTE))
    if (!attributes.has(name.toLowerCase()))
      attributes.set(name.toLowerCase(), double ?? single ?? bare ?? '')
  return attributes
}

/** The URL a tag loads and must carry integrity for, or undefined when SRI does not apply. */
function subresourceOf(name, attributes) {
  if (name.toLowerCase() === 'script') return attributes.get('src')
  const rel = (attributes.get('rel') ?? '').toLowerCase().split(/\s+/)
  const as = (attributes.get('as') ?? '').toLowerCase()
  const applies =
    rel.includes('stylesheet') ||
    rel.includes('modulepreload') ||
    (rel.includes('preload') && (as === 'script' || as === 'style'))
  return applies ? attributes.get('href') : undefined
}

/**
 * `page`'s integrity attributes: how many subresources it loads (`checked`) and what is wrong
 * (`problems`, empty when nothing is). `bytesOf(url)` returns the bytes the URL is served with, or
 * undefined when there is no such file.
 */
export function checkIntegrity(page, html, bytesOf) {
  const problems = []
  let checked = 0
  for (const [tag, name, text] of html.matchAll(TAG)) {
    const attributes = attributesOf(text)
    const url = subresourceOf(name, attributes)
    if (url === undefined) continue
    checked += 1
    const short = tag.length > 100 ? `${tag.slice(0, 100)}…` : tag
    const integrity = attributes.get('integrity')?.trim()
    if (!integrity) {
      problems.push(`${page}: no integrity on ${short}`)
      continue
    }
    const bytes = bytesOf(url)
    if (bytes === undefined) {
      problems.push(`${page}: ${url} is not a file of the build (${short})`)
      continue
    }
    for (const token of integrity.split(/\s+/)) {
      const digest = DIGEST.exec(token)
      if (!digest) problems.push(`${page}: "${token}" is not an integrity digest (${url})`)
      else if (digest[1] === 'sha256')
        problems.push(`${page}: ${url} has a SHA-256 digest; use SHA-384 or SHA-512`)
      else if (createHash(digest[1]).update(bytes).digest('base64') !== digest[2])
        problems.push(`${page}: the ${digest[1]} integrity of ${url} does not match its bytes`)
    }
  }
  return { checked, problems }
}
