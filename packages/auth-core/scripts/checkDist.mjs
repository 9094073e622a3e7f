/**
 * Runs after `tsup` (`pnpm build`) and checks two things about dist/:
 *
 * 1. Each module format gives the entry points ONE AuthError class, else `instanceof AuthError`
 *    and `isAuthError` fail for an error thrown by `@mapping-platform/auth-core/session` and
 *    checked with the class from `@mapping-platform/auth-core`. tsup's `splitting: true` puts the
 *    class in a shared chunk for ESM and (experimentally) for CJS; this proves it did.
 * 2. What a browser loads holds no server or test code: the files the browser entries (`.`,
 *    `/session`, `/messages`) reach through their imports, in both formats, import neither `jose`
 *    nor node: modules and contain none of the server or testing entries' functions. A bundler
 *    that follows those imports cannot pull either into a page.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)
const dist = new URL('../dist/', import.meta.url)
let failed = false
const fail = (message) => {
  console.error(message)
  failed = true
}

const formats = {
  esm: [await import('../dist/index.js'), await import('../dist/session.js')],
  cjs: [require('../dist/index.cjs'), require('../dist/session.cjs')],
}
for (const [format, [main, session]] of Object.entries(formats)) {
  const fromSession = new session.AuthError('timeout')
  if (main.AuthError !== session.AuthError || !main.isAuthError(fromSession))
    fail(`dist (${format}): auth-core and auth-core/session carry two AuthError classes.`)
}
if (!failed)
  console.log('dist: one AuthError class per format, shared by both entry points (esm, cjs)')

/** Names defined only by the server and testing entries: none may appear in a browser entry's files. */
const SERVER_MARKERS = [
  'verifyAccessToken',
  'createJwksCache',
  'createRequestVerifier',
  'createAccessTokenMiddleware',
  'readSessionFromCookieHeader',
  'createTestSession',
  'createFakeTokenEndpoint',
  'createTestCookieJar',
]
/** Packages the browser entries may import. */
const BROWSER_PACKAGES = new Set(['oauth4webapi', 'valibot'])

/** Every dist file `entry` reaches through imports (static or dynamic) or requires, with its text. */
function reachableFiles(entry) {
  const seen = new Map()
  const pending = [entry]
  while (pending.length > 0) {
    const file = pending.pop()
    if (seen.has(file)) continue
    const text = readFileSync(new URL(file, dist), 'utf8')
    seen.set(file, text)
    for (const specifier of specifiersOf(text))
      if (specifier.startsWith('./')) pending.push(specifier.slice(2))
  }
  return seen
}

/** The module specifiers of imports, dynamic imports, re-exports and requires in a built file. */
function specifiersOf(text) {
  const found = []
  const patterns = [
    /\bimport\s*(?:[\w*{}\s,$]+\sfrom\s*)?["']([^"']+)["']/g,
    /\bexport\s*[\w*{}\s,$]*\sfrom\s*["']([^"']+)["']/g,
    /\brequire\(\s*["']([^"']+)["']\s*\)/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ]
  for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.push(match[1])
  return found
}

for (const entry of ['index', 'session', 'messages']) {
  for (const extension of ['js', 'cjs']) {
    const files = reachableFiles(`${entry}.${extension}`)
    for (const [file, text] of files) {
      for (const specifier of specifiersOf(text)) {
        const external = !specifier.startsWith('./')
        if (external && !BROWSER_PACKAGES.has(specifier))
          fail(`dist/${entry}.${extension} reaches ${file}, which imports "${specifier}".`)
      }
      for (const marker of SERVER_MARKERS)
        if (text.includes(marker))
          fail(
            `dist/${entry}.${extension} reaches ${file}, which holds server or test code (${marker}).`,
          )
    }
  }
}
if (!failed)
  console.log('dist: the browser entries reach no jose, no node: module, no server or test code')
if (failed) process.exit(1)
