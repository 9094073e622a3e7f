#!/usr/bin/env node
/**
 * The one place that measures the built app: the strict-CSP rules of index.html and the size
 * budget of a first visit. Run by the README's test command (`pnpm --filter signin check:dist`).
 *
 *   node scripts/checkDist.mjs            builds like production (`vite build --mode
 *                                         production-e2e`: a complete configuration, so the
 *                                         prerendered email step is in index.html) into
 *                                         node_modules/.cache/check-dist/, then checks it
 *   node scripts/checkDist.mjs <dist>     checks an existing build (it needs .vite/manifest.json)
 *
 * - index.html and its 30 language variants (index.<tag>.html, each saying its language in
 *   <html lang dir>): every inline <script> (without src) and <style> has its hash in the
 *   Content-Security-Policy deploy/render.sh makes for this very build (the page's one inline
 *   stylesheet: build/firstPaint.ts; its loader: build/scriptsAfterFirstFrame.ts;
 *   scripts/inlineHashCheck.mjs), no 'unsafe-inline', no style=
 *   or on*= attribute; every script, stylesheet, preload, icon and image it loads is under /assets/;
 *   every script and module preload waits in the `<template id="scripts">` that the inline loader
 *   starts after the first paint (build/scriptsAfterFirstFrame.ts), none is outside it.
 * - Subresource Integrity on every HTML file of the build (scripts/integrityCheck.mjs, independent
 *   of the build plugin that adds it): each script, stylesheet and module or script/style preload
 *   carries `integrity` with SHA-384/512 digests only, each equal to the digest of the file's bytes.
 * - The first visit, from Vite's manifest (not from file names): index.html, the HTML entry chunk
 *   and its static `imports`, recursively, their CSS and assets, and every script, module preload
 *   and asset index.html itself references (the views' chunk, the favicon). Each emitted file is
 *   gzipped at the level nginx sends it with (`gzip_comp_level` in deploy/nginx.conf) and printed
 *   in one table. Each language variant's first visit the same way, from what that page references:
 *   within the same request and whole-visit budgets, none of the lazy chunks below in it, and no
 *   locale's texts chunk (a variant carries its own texts: build/pageTextsBlock.ts).
 * - Budgets (KiB = 1024 bytes, gzipped): JavaScript before the email step is interactive ≤ 87.875 KiB,
 *   CSS ≤ 6 KiB (inline: counted inside index.html too), the whole first visit (HTML + JavaScript +
 *   CSS + assets) ≤ 100 KiB, at most 4 requests (the page, the entry chunk, the views' chunk, the
 *   icon), for index.html and for each language variant. The JavaScript
 *   budget is the 85 KiB the page had before languages, plus the 1.5 KiB the languages may add
 *   (measured below), plus 0.5 KiB that is the bundler's, not the code's: the React and i18n
 *   modules the lazy views share come as two small chunks of their own beside the entry (Rolldown's
 *   chunking; the same code as one chunk measures 86.22 KiB, 86.71 KiB as built), plus 0.25 KiB for
 *   two guards added after that measurement: the tossed-cookie expiry at the ancestor paths the
 *   page was opened at, and the boundary that shows the network message and Try again instead of an
 *   empty card when a step's view cannot be fetched (87.10 KiB with both). It was raised to 90 KiB
 *   while the account situations' reducer handlers, texts and icons were in the first load (89.34
 *   KiB); they now load with the provider clients and the views (next point), and the cookies are
 *   written without js-cookie. 87.75 KiB since the views (React and the steps) are a chunk of
 *   their own beside the entry, preloaded in parallel, so a return from a provider sends its token
 *   request before React has arrived (every person waits on that page, often on a phone): the same code measured 87.53 KiB as two chunks,
 *   86.66 KiB as one (c3205db); the 0.87 KiB is two gzip streams instead of one and the chunks' imports.
 *   87.875 KiB since a language variant carries its own texts and the views read them from the
 *   page (src/i18n/pageTexts.ts, defensively: +109 B, 89 813 → 89 922 B on b739203): a variant's
 *   first visit went from 6 requests to 4 (no switching chunk, no texts chunk) and got smaller.
 * - Every CommonJS module wrapper in the chunks (React, React DOM, the scheduler) is a parenthesized
 *   `function` expression, which V8 compiles while streaming the script, off the main thread; a
 *   parenthesized arrow (Rolldown's own way) it compiled on the main thread as the chunk ran
 *   (build/eagerModuleWrappers.ts).
 * - What only a later step needs is not in the first load (LATER_STEP_MODULES, through the source
 *   maps): the handlers of the steps only an answer from Okta leads to (auth-core's `laterSteps`,
 *   in the provider clients' chunk that answer comes through), the code-entry reducer, the
 *   password rules, those steps' English texts and icons (with their views).
 * - The Sentry SDK, the provider clients, the code, factor-choice and QR steps and the language
 *   switching are chunks of their own, by module id in the manifest, and none of them is in the
 *   first visit.
 * - Languages: what they add to English's first-load JavaScript (the catalogue mechanism, the
 *   menu, the locale names and rules: every module under LANGUAGE_MODULES, its code in the
 *   first-load chunks found through their source maps and gzipped together) is at most 1.5 KiB;
 *   every other locale's texts are one chunk of their own, never in the first visit, ≤ 4 KiB.
 * Exits 1 on any failure.
 */
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { checkInlineHashes, parseCsp } from './inlineHashCheck.mjs'
import { checkIntegrity } from './integrityCheck.mjs'

const APP_DIR = fileURLToPath(new URL('../', import.meta.url))
const NGINX_CONF = fileURLToPath(new URL('../../../deploy/nginx.conf', import.meta.url))
const RENDER = fileURLToPath(new URL('../../../deploy/render.sh', import.meta.url))

/** The Content-Security-Policy header deploy/render.sh makes for a deployment of `dist`. */
function servedCsp(dist) {
  const variables = {
    SERVER_NAME: 'login.example.test',
    LISTEN_HTTPS: '443',
    LISTEN_HTTP: '80',
    DIST_DIR: dist,
    TLS_CERT: '/tls/cert.pem',
    TLS_KEY: '/tls/key.pem',
    OKTA_ORIGIN: 'https://idp.example.test',
    API_ORIGIN: 'https://api.example.test',
    SENTRY_ORIGIN: 'https://sentry.example.test',
    CSP_REPORT_URL: '',
  }
  const result = spawnSync('bash', [RENDER], {
    env: { ...process.env, ...variables },
    encoding: 'utf8',
  })
  if (result.status !== 0) {
    console.error(`deploy/render.sh refused this build: ${result.stderr.trim()}`)
    process.exit(1)
  }
  const header = /add_header Content-Security-Policy "([^"]+)"/.exec(result.stdout)?.[1]
  if (header === undefined) {
    console.error('deploy/render.sh made no Content-Security-Policy header')
    process.exit(1)
  }
  return header
}

const KIB = 1024
const BUDGET = { initialJs: 87.875 * KIB, css: 6 * KIB, firstVisit: 100 * KIB, requests: 4 }

/** Modules only the later steps use: none of their code may be in the first-load chunks. */
const LATER_STEP_MODULES = [
  /\/packages\/auth-core\/src\/flow\/laterSteps\.ts$/,
  /\/packages\/auth-core\/src\/flow\/steps\/(onCode|onEnrollActivate|onFactorChoice|onLocked|onUnlockSent|onPasswordExpired)\.ts$/,
  /\/packages\/auth-core\/src\/flow\/helpers\/(onCodeStep|leaveMfaByHash)\.ts$/,
  /\/packages\/auth-core\/src\/codeEntry\/codeEntry\.ts$/,
  /\/packages\/auth-core\/src\/password\/passwordRules\.ts$/,
  /\/apps\/signin\/src\/i18n\/enLaterSteps\.ts$/,
  /\/apps\/signin\/src\/components\/LaterStepIcons\.tsx$/,
]

/**
 * What languages may add to English's first load, and the modules that make it up: the
 * catalogue mechanism and the menu in the app, the locale list and rules in auth-core. (The
 * English texts themselves, src/i18n/en.ts, were in the first load before.) Measured when the
 * build has its hidden source maps (every build of this app has); before languages the first
 * load was 84 377 B (94138eb); with them 85 906 B (+1 529 B) on the same sources. Read with the
 * source index carried across lines (as ECMA-426 has it; it was reset on every line, which gave
 * 1.45 KiB on c3205db), the same modules measure 1.84 KiB on c3205db, and 1.87 KiB on c0eca79 with
 * the views in a chunk of their own: 1.9 KiB is what they take today, not a new allowance. 2 KiB
 * since the views read a language variant's texts from its page (src/i18n/pageTexts.ts, 1.97 KiB
 * with it), which spares every variant two requests.
 */
const LANGUAGES_GROWTH = 2 * KIB
const LANGUAGE_MODULES = [
  /\/apps\/signin\/src\/i18n\/(?!en\.ts$)[^/]+\.tsx?$/,
  /\/apps\/signin\/src\/components\/LanguageMenu\.tsx$/,
  /\/packages\/auth-core\/src\/i18n\/[^/]+\.ts$/,
]
/** Each locale's texts, one lazy chunk. */
const LOCALE_CHUNK = 4 * KIB
const LOCALE_MODULE = /\/messages\/locales\/([A-Za-z-]+)\.json$/
const TRANSLATED_LOCALES = 30

/** Modules that must load only when needed: their own chunk, never in the first visit. */
const LAZY_MODULES = {
  'src/telemetry/sentry.ts': 'Sentry, after a failure',
  'src/flow/networkEffects.ts': 'provider clients, once the person starts',
  'src/views/CodeStep.tsx': 'code step, MFA',
  'src/views/FactorChoiceStep.tsx': 'factor choice, enrolment',
  'src/views/QrEnrollStep.tsx': 'QR step, enrolment',
  'src/views/PasswordExpiredStep.tsx': 'expired password, an account situation',
  'src/views/LockedStep.tsx': 'locked account, an account situation',
  'src/views/UnlockSentStep.tsx': 'unlock link sent, an account situation',
  'src/views/SignedInStep.tsx': 'already signed in, an account situation',
  'src/i18n/switchLocale.ts': 'languages: negotiating, switching, saving',
  'src/i18n/enLaterSteps.ts': 'the later steps’ English, with the first of their views',
}

const failures = []
const fail = (message) => failures.push(message)

function filesUnder(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    return entry.isDirectory() ? filesUnder(path) : [path]
  })
}

/* --- The build to check --- */

let dist = process.argv[2]
if (dist === undefined) {
  dist = join(APP_DIR, 'node_modules/.cache/check-dist')
  const vite = join(APP_DIR, 'node_modules/.bin/vite')
  const args = ['build', '--mode', 'production-e2e', '--outDir', dist, '--emptyOutDir']
  const result = spawnSync(vite, [...args, '--logLevel', 'warn'], {
    cwd: APP_DIR,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: 'inherit',
  })
  if (result.status !== 0) {
    console.error(`vite ${args.join(' ')} failed`)
    process.exit(1)
  }
  console.log(`Built with \`vite ${args.slice(0, 3).join(' ')}\` into ${relative(APP_DIR, dist)}/`)
}

const read = (name) => readFileSync(join(dist, name))
let manifest
try {
  read('index.html')
  manifest = JSON.parse(read('.vite/manifest.json').toString('utf8'))
} catch (error) {
  console.error(`${dist}: index.html or .vite/manifest.json is missing (${error.message}).`)
  process.exit(1)
}

/* --- index.html and its language variants: nothing inline, everything under /assets/ --- */

const pages = readdirSync(dist).filter((name) => /^index(\.[A-Za-z-]+)?\.html$/.test(name))
if (pages.length !== 1 + TRANSLATED_LOCALES)
  fail(`${pages.length} pages (index.html and its variants), not ${1 + TRANSLATED_LOCALES}`)
/** What each page loads by itself: scripts, links (stylesheet, preload, icon), images. */
const loadedBy = new Map()
/** The CSP nginx sends with this build (deploy/render.sh, which reads the build's style hashes). */
const csp = parseCsp(servedCsp(dist))
let inlineElements = 0
/** index.html's inline stylesheet (the whole of the page's CSS). */
let inlineCss = ''

for (const page of pages) {
  const text = read(page).toString('utf8')
  const inline = checkInlineHashes(page, text, csp)
  inline.problems.forEach(fail)
  inlineElements += inline.checked
  const references = [
    ...text.matchAll(
      /<(?:script|link|img|source)\b[^>]*?\s(?:src|href|srcset)\s*=\s*["']([^"']+)["']/gi,
    ),
  ].map((match) => match[1])
  for (const reference of references)
    if (!reference.startsWith('/assets/')) fail(`${page} loads ${reference} outside /assets/`)
  if (!/<div id="root">\s*<\S/.test(text))
    fail(`${page} has no prerendered email step in its root element`)
  // No script can hold the first frame: every script and module preload waits in the template
  // the inline loader starts after the first paint (build/scriptsAfterFirstFrame.ts).
  const templates = [...text.matchAll(/<template id="scripts">([\s\S]*?)<\/template>/g)]
  if (templates.length !== 1 || !/<script type="module"[^>]*\ssrc=/.test(templates[0][1]))
    fail(`${page} has no <template id="scripts"> holding its entry script`)
  const outside = text.replace(/<template id="scripts">[\s\S]*?<\/template>/g, '')
  for (const [tag] of outside.matchAll(
    /<script\b[^>]*\ssrc\s*=[^>]*>|<link\b[^>]*\srel="(?:modulepreload|preload)"[^>]*>/gi,
  ))
    fail(`${page} loads ${tag} outside the template of scripts started after the first frame`)
  const locale = /^index\.([A-Za-z-]+)\.html$/.exec(page)?.[1] ?? 'en'
  if (!text.includes(`<html lang="${locale}" dir="${/^(ar|he)$/.test(locale) ? 'rtl' : 'ltr'}">`))
    fail(`${page} does not say it is in ${locale} (<html lang dir>)`)
  loadedBy.set(page, references)
  if (page === 'index.html') {
    inlineCss = [...text.matchAll(/<style>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('')
  }
}

/* --- Subresource Integrity on every page: present, SHA-384+, matching the file's bytes --- */

const servedBytes = (url) => {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined
  try {
    return read(decodeURIComponent(url.split(/[?#]/)[0]))
  } catch {
    return undefined
  }
}
const htmlFiles = filesUnder(dist)
  .map((path) => relative(dist, path))
  .filter((name) => name.endsWith('.html'))
let withIntegrity = 0
for (const page of htmlFiles) {
  const { checked, problems } = checkIntegrity(page, read(page).toString('utf8'), servedBytes)
  withIntegrity += checked
  problems.forEach(fail)
}

/* --- The first visit, from the manifest --- */

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
if (entryKey === undefined) fail('the manifest has no entry chunk')
/** The entry chunk and its static imports, recursively, with their CSS and assets. */
const entryFiles = new Set()
const visit = (key) => {
  const chunk = manifest[key]
  if (!chunk || entryFiles.has(chunk.file)) return
  entryFiles.add(chunk.file)
  for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) entryFiles.add(file)
  for (const imported of chunk.imports ?? []) visit(imported)
}
if (entryKey !== undefined) visit(entryKey)
/** A page's first visit: the page, the entry with its imports, and all the page references. */
const firstVisitOf = (page) =>
  new Set([
    page,
    ...entryFiles,
    ...(loadedBy.get(page) ?? []).map((reference) => reference.replace(/^\//, '')),
  ])
const firstVisits = new Map(pages.map((page) => [page, firstVisitOf(page)]))
const firstVisit = firstVisits.get('index.html')

for (const [id, what] of Object.entries(LAZY_MODULES)) {
  const chunk = manifest[id]
  if (!chunk) fail(`${id} (${what}) is not a chunk of its own in the manifest`)
  else
    for (const [page, files] of firstVisits)
      if (files.has(chunk.file)) fail(`${chunk.file} (${id}, ${what}) is in ${page}'s first visit`)
}

/* --- Sizes, at the level nginx compresses with --- */

const level = Number(/^\s*gzip_comp_level\s+(\d)\s*;/m.exec(readFileSync(NGINX_CONF, 'utf8'))?.[1])
if (!(level >= 1 && level <= 9)) fail('no gzip_comp_level in deploy/nginx.conf')

console.log(
  `Inline code: ${inlineElements} inline elements over ${pages.length} pages, each with its hash ` +
    `in the CSP deploy/render.sh makes for this build (script-src ${csp.get('script-src')?.join(' ')}; ` +
    `style-src ${csp.get('style-src')?.join(' ')})`,
)
console.log(
  `Subresource Integrity: ${withIntegrity} scripts, stylesheets and module preloads over ` +
    `${htmlFiles.length} pages, each with a SHA-384 digest of its file's bytes`,
)

/** What nginx serves of the build: not the source maps (hidden) nor the manifest (404 for both). */
const served = filesUnder(dist)
  .map((path) => relative(dist, path))
  .filter((name) => !name.endsWith('.map') && !name.startsWith('.vite/'))

/* --- CommonJS module wrappers: functions V8 compiles off the main thread, never arrows --- */

// Minified: `var a=d((function(e,t){…}))`; as Rolldown writes them, `var a=d(((e,t)=>{…}))`
// (exports, module) or `var a=d((e=>{…}))` (exports).
const ARROW_WRAPPER = /=[\w$]+\(\((?:[\w$]+|\([\w$]+,[\w$]+\))=>\{/g
const FUNCTION_WRAPPER = /=[\w$]+\(\(function\([\w$]+(?:,[\w$]+)?\)\{/g
let functionWrappers = 0
for (const name of served) {
  if (!name.endsWith('.js')) continue
  const code = read(name).toString('utf8')
  const arrows = code.match(ARROW_WRAPPER) ?? []
  if (arrows.length > 0)
    fail(
      `${name} wraps a CommonJS module in an arrow (${arrows[0]}…): build/eagerModuleWrappers.ts`,
    )
  functionWrappers += (code.match(FUNCTION_WRAPPER) ?? []).length
}
if (functionWrappers === 0) fail('no CommonJS module wrapper found: is React still bundled?')
console.log(
  `CommonJS module wrappers: ${functionWrappers}, each a function V8 compiles off the main thread`,
)

const files = served
  .map((name) => {
    const bytes = read(name)
    return {
      name,
      raw: bytes.length,
      gz: gzipSync(bytes, { level: level || 9 }).length,
      first: firstVisit.has(name),
    }
  })
  .sort((a, b) => Number(b.first) - Number(a.first) || b.gz - a.gz)
for (const [page, visited] of firstVisits)
  for (const name of visited)
    if (!files.some((file) => file.name === name))
      fail(`${name} is in ${page}'s first visit but missing`)

const kib = (bytes) => `${(bytes / KIB).toFixed(2)} KiB`
const sum = (list) => list.reduce((total, file) => total + file.gz, 0)
const first = files.filter((file) => file.first)
const initialJs = sum(first.filter((file) => file.name.endsWith('.js')))
// The page's CSS is inline in index.html (and counted there too): its own gzipped size.
const css =
  sum(first.filter((file) => file.name.endsWith('.css'))) +
  (inlineCss ? gzipSync(inlineCss, { level: level || 9 }).length : 0)
const total = sum(first)

const row = (cells) =>
  console.log(cells[0].padEnd(44), ...cells.slice(1, 3).map((c) => c.padStart(11)), cells[3])
console.log(`\nEvery served file, gzipped at level ${level} (deploy/nginx.conf); KiB = 1024 bytes`)
row(['file', 'raw', 'gzip', '  first visit'])
for (const file of files) row([file.name, kib(file.raw), kib(file.gz), file.first ? '  yes' : ''])

const lines = [
  ['JavaScript before the email step is interactive', initialJs, BUDGET.initialJs],
  ['CSS', css, BUDGET.css],
  ['The whole first visit (HTML, JS, CSS, assets)', total, BUDGET.firstVisit],
  ['Requests of the first visit (HTML, scripts, styles, icon)', firstVisit.size, BUDGET.requests],
]
console.log('\nBudgets (gzipped, KiB = 1024 bytes):')
for (const [label, size, budget] of lines) {
  const ok = size <= budget
  const show = (value) => (label.startsWith('Requests') ? String(value) : kib(value))
  console.log(
    `  ${ok ? 'ok  ' : 'OVER'} ${label.padEnd(50)} ${show(size).padStart(11)} ≤ ${show(budget)}`,
  )
  if (!ok) fail(`${label}: ${show(size)} is over the ${show(budget)} budget`)
}
const firstJs = first.filter((file) => file.name.endsWith('.js'))
const languagesBytes = shareOf(firstJs, LANGUAGE_MODULES)?.gz ?? null
const later = shareOf(firstJs, LATER_STEP_MODULES)
if (later !== null)
  for (const source of later.sources)
    fail(`${source} (only the later steps use it) is in the first load`)
if (languagesBytes === null) fail('no source maps beside the first-load chunks: cannot measure')
else {
  const ok = languagesBytes <= LANGUAGES_GROWTH
  console.log(
    `  ${ok ? 'ok  ' : 'OVER'} ${'What languages add to it (mechanism, menu, rules)'.padEnd(50)} ${kib(languagesBytes).padStart(11)} ≤ ${kib(LANGUAGES_GROWTH)}`,
  )
  if (!ok)
    fail(`languages add ${kib(languagesBytes)} to the first load, over ${kib(LANGUAGES_GROWTH)}`)
}

// Each language variant's first visit, as index.html's: its requests and its whole size.
const variantVisits = pages
  .filter((page) => page !== 'index.html')
  .sort()
  .map((page) => {
    const visited = firstVisits.get(page)
    const size = sum(files.filter((file) => visited.has(file.name)))
    if (visited.size > BUDGET.requests)
      fail(
        `${page}'s first visit is ${visited.size} requests, over ${BUDGET.requests}: ${[...visited].join(', ')}`,
      )
    if (size > BUDGET.firstVisit)
      fail(`${page}'s first visit is ${kib(size)}, over the ${kib(BUDGET.firstVisit)} budget`)
    return { page, requests: visited.size, size }
  })
const largest = variantVisits.reduce((a, b) => (b.size > a.size ? b : a), variantVisits[0])
console.log(
  `Each language variant's first visit, requests (≤ ${BUDGET.requests}); the largest ` +
    `${largest?.page} ${kib(largest?.size ?? 0)} (≤ ${kib(BUDGET.firstVisit)}):`,
)
console.log(
  `  ${variantVisits.map(({ page, requests }) => `${/^index\.(.+)\.html$/.exec(page)[1]} ${requests}`).join(', ')}`,
)

const localeChunks = Object.entries(manifest).flatMap(([id, chunk]) => {
  const locale = LOCALE_MODULE.exec(id)?.[1]
  return locale === undefined ? [] : [{ locale, file: chunk.file }]
})
if (localeChunks.length !== TRANSLATED_LOCALES)
  fail(`${localeChunks.length} locale chunks in the manifest, not ${TRANSLATED_LOCALES}`)
console.log(`Each locale's texts, one chunk (≤ ${kib(LOCALE_CHUNK)}), not in the first visit:`)
console.log(
  `  ${localeChunks
    .map(({ locale, file }) => {
      const size = files.find((entry) => entry.name === file)?.gz ?? Infinity
      if (size > LOCALE_CHUNK)
        fail(`${file} (${locale}) is ${kib(size)}, over ${kib(LOCALE_CHUNK)}`)
      for (const [page, visited] of firstVisits)
        if (visited.has(file)) fail(`${file} (${locale}) is in ${page}'s first visit`)
      return `${locale} ${kib(size)}`
    })
    .join(', ')}`,
)
console.log('Loaded only when needed, not in the first visit:')
for (const [id, what] of Object.entries(LAZY_MODULES))
  console.log(`  ${id.padEnd(32)} ${(manifest[id]?.file ?? 'no chunk').padEnd(38)} ${what}`)

if (failures.length > 0) {
  console.error(`\ncheck:dist failed:\n${failures.map((message) => `  - ${message}`).join('\n')}`)
  process.exit(1)
}
console.log(
  '\ncheck:dist passed: inline code only under its CSP hash, every asset under /assets/ with its integrity, within budget.',
)

/**
 * The code of the modules matching `patterns` inside `chunks`, found through each chunk's source
 * map (`<file>.map`, a Source Map v3): its gzipped size and the modules that have code there;
 * null when a map is missing.
 * @see https://tc39.es/ecma426/ (mappings: base64 VLQ)
 */
function shareOf(chunks, patterns) {
  let code = ''
  const found = new Set()
  for (const chunk of chunks) {
    let map
    try {
      map = JSON.parse(read(`${chunk.name}.map`).toString('utf8'))
    } catch {
      return null
    }
    const text = read(chunk.name).toString('utf8')
    // Sources are relative to the map's own place (ECMA-426 "resolving sources").
    const base = pathToFileURL(join(dist, chunk.name))
    const paths = map.sources.map(
      (source) => new URL(`${map.sourceRoot ?? ''}${source}`, base).pathname,
    )
    const ours = paths.map((path) => patterns.some((pattern) => pattern.test(path)))
    const lines = text.split('\n')
    // The source index runs on across lines (only the column starts again at 0 on each line).
    let source = 0
    map.mappings.split(';').forEach((segments, line) => {
      let column = 0
      const starts = []
      for (const segment of segments.split(',').filter(Boolean)) {
        const [dColumn, dSource] = decodeVlq(segment)
        column += dColumn
        if (dSource !== undefined) source += dSource
        starts.push([column, source])
      }
      starts.forEach(([start, index], i) => {
        if (!ours[index]) return
        const piece = (lines[line] ?? '').slice(start, starts[i + 1]?.[0])
        code += piece
        if (piece.trim() !== '') found.add(relative(join(APP_DIR, '../..'), paths[index]))
      })
    })
  }
  return { gz: gzipSync(code, { level: level || 9 }).length, sources: [...found].sort() }
}

function decodeVlq(segment) {
  const values = []
  let value = 0
  let shift = 0
  for (const char of segment) {
    const digit = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.indexOf(char)
    value += (digit & 31) << shift
    if (digit & 32) shift += 5
    else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1)
      value = 0
      shift = 0
    }
  }
  return values
}
