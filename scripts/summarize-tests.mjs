// Prints one closing line for the whole test command, from the JSON reports the runners wrote:
// Vitest's (numPassedTests, numFailedTests) and Playwright's (stats.expected/unexpected/flaky).
// CI reads the plain "N passed, N failed" line; each suite's own output stays above it.
// `--stages FILE` (lines `label<TAB>seconds[<TAB>lane]`, written by scripts/test.sh; a stage with a
// lane ran in the background, beside the others) and `--total SECONDS` add each stage's wall time
// above that line.
import { existsSync, readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'

const { values: options, positionals: files } = parseArgs({
  options: { stages: { type: 'string' }, total: { type: 'string' } },
  allowPositionals: true,
})
let passed = 0
let failed = 0
let skipped = 0
let flakyTotal = 0
const rows = []
for (const file of files) {
  if (!existsSync(file)) continue
  let report
  try {
    report = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    rows.push([file, 'unreadable report'])
    failed += 1
    continue
  }
  if (report.stats && 'expected' in report.stats) {
    const { expected = 0, unexpected = 0, flaky = 0, skipped: s = 0 } = report.stats
    passed += expected + flaky
    failed += unexpected
    skipped += s
    flakyTotal += flaky
    const flakyNote = flaky ? ` (${flaky} flaky: passed on retry)` : ''
    rows.push([file, `${expected + flaky} passed${flakyNote}, ${unexpected} failed`])
  } else {
    const { numPassedTests = 0, numFailedTests = 0, numPendingTests = 0, numTodoTests = 0 } = report
    passed += numPassedTests
    failed += numFailedTests
    skipped += numPendingTests + numTodoTests
    // Vitest's JSON keeps a retried test's earlier failures: passed with failure messages = flaky.
    const flaky = (report.testResults ?? [])
      .flatMap((result) => result.assertionResults ?? [])
      .filter((test) => test.status === 'passed' && test.failureMessages?.length > 0).length
    flakyTotal += flaky
    const flakyNote = flaky ? ` (${flaky} flaky: passed on retry)` : ''
    rows.push([
      file,
      `${numPassedTests} passed${flakyNote}, ${numFailedTests} failed${byVersion(report)}`,
    ])
  }
}
/**
 * A Vitest report's tests counted by the TypeScript release and React major their names carry
 * (the consumer projects: ` (TypeScript 5.9: 12 passed; React 18: 8 passed, ...)`), or ''.
 */
function byVersion(report) {
  const counts = new Map()
  for (const file of report.testResults ?? [])
    for (const test of file.assertionResults ?? []) {
      const name = [...(test.ancestorTitles ?? []), test.title].join(' ')
      const versions = [
        /TypeScript (\d+\.\d+)/.exec(name)?.[0],
        /React (\d+)\b/.exec(name)?.[0],
      ].filter(Boolean)
      for (const version of versions) {
        const count = counts.get(version) ?? { passed: 0, failed: 0 }
        if (test.status === 'passed') count.passed += 1
        if (test.status === 'failed') count.failed += 1
        counts.set(version, count)
      }
    }
  if (counts.size === 0) return ''
  const parts = [...counts]
    .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
    .map(
      ([version, { passed, failed }]) =>
        `${version}: ${passed} passed${failed ? `, ${failed} failed` : ''}`,
    )
  return ` (${parts.join('; ')})`
}
/** A report's line: the cross-engine runs by engine and mode (`e2e firefox (prod)`), others by file. */
const labelOf = (file) => {
  const name = file.replace(/^.*\/test-reports\//, '')
  const engine = /(?:^|\/)e2e-(\w+)-(dev|prod)\.json$/.exec(name)
  return engine ? `e2e ${engine[1]} (${engine[2]})` : name
}
for (const [file, text] of rows) console.log(`  ${labelOf(file)}: ${text}`)

/** `90` → `1 min 30 s`. */
const duration = (seconds) =>
  seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`
const stages = (
  options.stages && existsSync(options.stages) ? readFileSync(options.stages, 'utf8') : ''
)
  .split('\n')
  .filter((line) => line.includes('\t'))
  .map((line) => line.split('\t'))
if (stages.length > 0) {
  const width = Math.max(...stages.map(([label]) => label.length))
  const print = ([label, seconds]) =>
    console.log(`    ${label.padEnd(width)}  ${duration(Number(seconds))}`)
  console.log('  wall time by stage:')
  stages.filter(([, , lane]) => !lane).forEach(print)
  if (options.total) print(['total', options.total])
  for (const lane of new Set(stages.map(([, , lane]) => lane).filter(Boolean))) {
    console.log(`  beside them, in the background (${lane}):`)
    stages.filter((stage) => stage[2] === lane).forEach(print)
  }
}
console.log(
  `${passed} passed, ${failed} failed` +
    (skipped ? `, ${skipped} skipped` : '') +
    (flakyTotal ? ` (${flakyTotal} flaky, listed above)` : ''),
)
