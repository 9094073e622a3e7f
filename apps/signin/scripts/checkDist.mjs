#!/usr/bin/env node
/**
 * Checks the built app (`pnpm --filter signin build` first) for what a strict Content Security
 * Policy and the performance budget need, and prints every file with its gzipped size:
 * - dist/index.html has no inline <script> (without src), no <style>, no style= attribute, no on*=
 *   handler attribute, and references assets only under /assets/;
 * - the JavaScript needed before the email step is interactive (the entry and what it preloads)
 *   stays within 85 KB gzipped, the CSS within 6 KB, and Sentry is not part of it.
 * Exits 1 on any failure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const DIST = process.argv[2] ?? fileURLToPath(new URL('../dist/', import.meta.url))
const BUDGET = { initialJs: 85 * 1024, css: 6 * 1024 }

const failures = []
const fail = (message) => failures.push(message)

let html
try {
  html = readFileSync(join(DIST, 'index.html'), 'utf8')
} catch {
  console.error('dist/index.html is missing: run `pnpm --filter signin build` first.')
  process.exit(1)
}

/* --- index.html: nothing inline, nothing outside /assets/ --- */

for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
  const [, attributes, body] = match
  if (!/\bsrc\s*=/.test(attributes)) fail(`inline <script> in index.html: ${match[0].slice(0, 80)}`)
  else if (body.trim() !== '') fail(`<script src> with inline content in index.html`)
}
if (/<style\b/i.test(html)) fail('a <style> element in index.html')
if (/\sstyle\s*=/i.test(html)) fail('a style= attribute in index.html')
for (const match of html.matchAll(/\s(on[a-z]+)\s*=/gi))
  fail(`an ${match[1]}= handler in index.html`)

const references = [...html.matchAll(/\b(?:src|href)\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1])
for (const reference of references)
  if (!reference.startsWith('/assets/')) fail(`index.html references ${reference} outside /assets/`)

/* --- Sizes --- */

function filesUnder(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name)
    return statSync(path).isDirectory() ? filesUnder(path) : [path]
  })
}

const gzipped = (path) => gzipSync(readFileSync(path), { level: 9 }).length
const kb = (bytes) => `${(bytes / 1024).toFixed(2)} KB`

const files = filesUnder(DIST)
  .filter((path) => !path.endsWith('.map'))
  .map((path) => ({ name: relative(DIST, path), raw: statSync(path).size, gz: gzipped(path) }))
  .sort((a, b) => b.gz - a.gz)

console.log('file'.padEnd(48), 'size'.padStart(11), 'gzipped'.padStart(11))
for (const file of files)
  console.log(file.name.padEnd(48), kb(file.raw).padStart(11), kb(file.gz).padStart(11))

/* --- What loads before the email step: the entry scripts and their static imports --- */

const initialScripts = [
  ...html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']\/([^"']+\.js)["']/gi),
  ...html.matchAll(
    /<link\b[^>]*rel\s*=\s*["']modulepreload["'][^>]*href\s*=\s*["']\/([^"']+)["']/gi,
  ),
].map((match) => match[1])
const seen = new Set()
const queue = [...initialScripts]
while (queue.length > 0) {
  const name = queue.shift()
  if (seen.has(name)) continue
  seen.add(name)
  const code = readFileSync(join(DIST, name), 'utf8')
  // Static imports only: `import{…}from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
  for (const match of code.matchAll(/\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g))
    queue.push(join('assets', match[1]))
}
const initialJs = [...seen].reduce((sum, name) => sum + gzipped(join(DIST, name)), 0)
const css = files.filter((file) => file.name.endsWith('.css')).reduce((sum, f) => sum + f.gz, 0)

console.log(`\nJavaScript before the email step is interactive: ${kb(initialJs)} gzipped`)
console.log(`  ${[...seen].join(', ')}`)
console.log(`CSS: ${kb(css)} gzipped`)
if (initialJs > BUDGET.initialJs)
  fail(`initial JavaScript ${kb(initialJs)} is over the ${kb(BUDGET.initialJs)} budget`)
if (css > BUDGET.css) fail(`CSS ${kb(css)} is over the ${kb(BUDGET.css)} budget`)
for (const name of seen)
  if (/__SENTRY__|sentry\.javascript\.browser/.test(readFileSync(join(DIST, name), 'utf8')))
    fail(`${name} (loaded before the email step) contains Sentry code`)

if (failures.length > 0) {
  console.error(`\ncheck:dist failed:\n${failures.map((message) => `  - ${message}`).join('\n')}`)
  process.exit(1)
}
console.log('\ncheck:dist passed: no inline script or style, every asset under /assets/.')
