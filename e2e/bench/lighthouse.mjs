/**
 * One Lighthouse run, with Lighthouse's Node API (run by `e2e/bench/run.ts` under the Node 22 that
 * `pnpm bench` installs: Lighthouse 13 needs Node ≥ 22.19). A fresh Chromium each time (cold cache,
 * new profile), Lighthouse's default configuration: mobile, simulated throttling.
 *
 *   node lighthouse.mjs <tools dir> <url> <report.json> <chrome flag>...
 *
 * Chromium is CHROME_PATH; the flags arrive one per argument (no shell quoting of the
 * host-resolver rules). Writes the full report (LHR) as JSON.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const [tools, url, output, ...chromeFlags] = process.argv.slice(2)
const load = (path) => import(pathToFileURL(join(tools, 'node_modules', path)).href)
const { default: lighthouse } = await load('lighthouse/core/index.js')

const { Launcher, launch } = await load('chrome-launcher/dist/index.js')

/**
 * chrome-launcher puts its own `--disable-features` list first and ours after it, and Chromium
 * keeps only the last: one list with both.
 */
const featureList = (flags) =>
  flags
    .filter((flag) => flag.startsWith('--disable-features='))
    .flatMap((flag) => flag.split('=')[1].split(','))
const disabled = [
  ...new Set([...featureList(Launcher.defaultFlags()), ...featureList(chromeFlags)]),
]
const flags = [
  ...chromeFlags.filter((flag) => !flag.startsWith('--disable-features=')),
  ...(disabled.length > 0 ? [`--disable-features=${disabled.join(',')}`] : []),
]

const chrome = await launch({ chromePath: process.env.CHROME_PATH, chromeFlags: flags })
try {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    // BENCH_THROTTLING=devtools: throttling applied while loading (slower, noisier) instead of
    // simulated from an unthrottled load; a cross-check only, the figures use the default.
    ...(process.env.BENCH_THROTTLING === 'devtools' ? { throttlingMethod: 'devtools' } : {}),
  })
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  if (result.lhr.runtimeError)
    throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`)
  writeFileSync(output, result.report)
  // BENCH_TRACES=1: the trace beside the report (main-thread tasks, paints, requests as observed).
  if (process.env.BENCH_TRACES === '1')
    writeFileSync(output.replace(/\.json$/, '.trace.json'), JSON.stringify(result.artifacts.Trace))
} finally {
  await chrome.kill()
}
