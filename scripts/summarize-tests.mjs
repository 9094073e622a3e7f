// Prints one closing line for the whole test command, from the JSON reports the runners wrote:
// Vitest's (numPassedTests, numFailedTests) and Playwright's (stats.expected/unexpected/flaky).
// CI reads the plain "N passed, N failed" line; each suite's own output stays above it.
import { existsSync, readFileSync } from 'node:fs'

const files = process.argv.slice(2)
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
    rows.push([file, `${numPassedTests} passed, ${numFailedTests} failed`])
  }
}
/** A report's line: the cross-engine runs by engine and mode (`e2e firefox (prod)`), others by file. */
const labelOf = (file) => {
  const name = file.replace(/^.*\/test-reports\//, '')
  const engine = /(?:^|\/)e2e-(\w+)-(dev|prod)\.json$/.exec(name)
  return engine ? `e2e ${engine[1]} (${engine[2]})` : name
}
for (const [file, text] of rows) console.log(`  ${labelOf(file)}: ${text}`)
console.log(
  `${passed} passed, ${failed} failed` +
    (skipped ? `, ${skipped} skipped` : '') +
    (flakyTotal ? ` (${flakyTotal} flaky, listed above)` : ''),
)
