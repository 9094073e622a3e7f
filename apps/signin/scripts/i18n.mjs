#!/usr/bin/env node
/**
 * The translation files' tool. The English source is the app's catalogue (src/i18n/en.ts) and
 * auth-core's error texts; each other locale is one flat JSON file of the same keys in
 * packages/auth-core/src/messages/locales/<tag>.json (placeholders `{name}`).
 *
 *   node scripts/i18n.mjs missing                 per locale: keys missing or empty, unknown keys,
 *                                                 placeholders that differ, texts left in English;
 *                                                 exits 1 when any locale has one
 *   node scripts/i18n.mjs missing --write <dir>   also writes <dir>/<tag>.missing.json: the English
 *                                                 text of each key to translate (a translator's
 *                                                 worksheet), and <dir>/en.json, the whole source
 *   node scripts/i18n.mjs import <dir>            merges <dir>/<tag>.json (a whole file or only some
 *                                                 keys, e.g. a filled-in worksheet) into each
 *                                                 locale's file, refusing unknown keys and
 *                                                 placeholders that differ from English
 *
 * (`pnpm --filter signin i18n:missing`, `pnpm --filter signin i18n:import <dir>`)
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { runnerImport } from 'vite'

const APP_DIR = fileURLToPath(new URL('../', import.meta.url))
const LOCALES_DIR = fileURLToPath(
  new URL('../../../packages/auth-core/src/messages/locales/', import.meta.url),
)

// The TypeScript sources, through Vite with the app's own aliases (vite.config.ts), as the
// build reads them.
const { module: viteConfig } = await runnerImport(join(APP_DIR, 'vite.config.ts'), {
  configFile: false,
  logLevel: 'error',
})
const load = (path) =>
  runnerImport(join(APP_DIR, path), {
    root: APP_DIR,
    configFile: false,
    logLevel: 'error',
    resolve: { alias: viteConfig.authCoreAliases },
  }).then((result) => result.module)
const { englishMessages, catalogueProblems, expectedKeys } = await load(
  'src/i18n/englishMessages.ts',
)
const { LOCALES } = await load('../../packages/auth-core/src/i18n/locales.ts')
const english = englishMessages()
const translated = LOCALES.filter((locale) => locale !== 'en')

const fileOf = (locale) => join(LOCALES_DIR, `${locale}.json`)
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'))
/**
 * The locale's texts in English's key order, known keys only; a plural text's keys are the
 * locale's own plural categories (Russian has `few` and `many`, Japanese only `other`).
 */
const ordered = (locale, messages) =>
  Object.fromEntries(
    Object.keys(expectedKeys(locale, english)).flatMap((key) =>
      key in messages ? [[key, messages[key]]] : [],
    ),
  )
const writeJson = (path, value) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`)

const [command, ...args] = process.argv.slice(2)

if (command === 'missing') {
  const writeIndex = args.indexOf('--write')
  const out = writeIndex === -1 ? null : resolve(args[writeIndex + 1] ?? '.')
  if (out) {
    mkdirSync(out, { recursive: true })
    writeJson(join(out, 'en.json'), english)
  }
  let incomplete = 0
  for (const locale of translated) {
    const messages = existsSync(fileOf(locale)) ? readJson(fileOf(locale)) : {}
    const problems = catalogueProblems(locale, messages, english)
    const todo = [
      ...new Set([...problems.missing, ...problems.placeholders, ...problems.untranslated]),
    ]
    const lines = Object.entries(problems).filter(([, keys]) => keys.length > 0)
    if (lines.length === 0) continue
    incomplete += 1
    console.log(`${locale}:`)
    for (const [kind, keys] of lines) console.log(`  ${kind} (${keys.length}): ${keys.join(', ')}`)
    if (out && todo.length > 0)
      writeJson(
        join(out, `${locale}.missing.json`),
        Object.fromEntries(todo.map((key) => [key, expectedKeys(locale, english)[key]])),
      )
  }
  console.log(
    incomplete === 0
      ? `All ${translated.length} locales have every key of English (${Object.keys(english).length}).`
      : `${incomplete} of ${translated.length} locales need translations${out ? ` (worksheets in ${out})` : ''}.`,
  )
  process.exit(incomplete === 0 ? 0 : 1)
} else if (command === 'import') {
  const dir = resolve(args[0] ?? '')
  let refused = 0
  for (const locale of translated) {
    const path = join(dir, `${locale}.json`)
    const worksheet = join(dir, `${locale}.missing.json`)
    const source = existsSync(path) ? path : existsSync(worksheet) ? worksheet : null
    if (source === null) continue
    const incoming = readJson(source)
    const { unknown, placeholders } = catalogueProblems(locale, incoming, english)
    if (unknown.length > 0 || placeholders.length > 0) {
      refused += 1
      console.error(`${locale}: refused (${source})`)
      if (unknown.length > 0) console.error(`  unknown keys: ${unknown.join(', ')}`)
      if (placeholders.length > 0)
        console.error(`  placeholders differ: ${placeholders.join(', ')}`)
      continue
    }
    const current = existsSync(fileOf(locale)) ? readJson(fileOf(locale)) : {}
    const merged = ordered(locale, { ...current, ...incoming })
    writeJson(fileOf(locale), merged)
    console.log(`${locale}: ${Object.keys(incoming).length} keys from ${source}`)
  }
  process.exit(refused === 0 ? 0 : 1)
} else {
  console.error('usage: node scripts/i18n.mjs missing [--write <dir>] | import <dir>')
  process.exit(2)
}
