/**
 * The public API under review: API Extractor reads the built declarations of every entry point
 * (dist/index.d.ts, session, messages, server, testing) and compares them with the reports checked in under etc/.
 *
 *   node scripts/apiReport.mjs check    fails, printing the difference, when a report is out of date
 *   node scripts/apiReport.mjs update   rewrites the reports (`pnpm api:update` builds first)
 *
 * Other packages of the workspace (auth-react) run it from their own folder with their configs:
 * `node ../auth-core/scripts/apiReport.mjs check api-extractor.json …`.
 *
 * A change to the public surface therefore shows up in the diff of etc/*.api.md and fails the test
 * command until someone updates the reports on purpose. Both modes also fail on any finding API
 * Extractor writes into a report (`// Warning:` lines: a type used but not exported, an unresolved
 * `{@link}`, malformed TSDoc), printing each.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { Extractor, ExtractorConfig } from '@microsoft/api-extractor'

const mode = process.argv[2]
if (mode !== 'check' && mode !== 'update') {
  console.error('usage: node scripts/apiReport.mjs check|update')
  process.exit(2)
}

const named = process.argv.slice(3)
const configs =
  named.length > 0
    ? named.map((file) => resolve(file))
    : [
        'api-extractor.json',
        'api-extractor.session.json',
        'api-extractor.messages.json',
        'api-extractor.server.json',
        'api-extractor.testing.json',
      ].map((file) => new URL(`../${file}`, import.meta.url).pathname)
let failed = false
for (const file of configs) {
  const config = ExtractorConfig.loadFileAndPrepare(file)
  const result = Extractor.invoke(config, { localBuild: mode === 'update', messageCallback })
  const report = config.reportConfigs[0]
  const checkedIn = `${config.reportFolder}/${report.fileName}`
  const fresh = `${config.reportTempFolder}/${report.fileName}`
  // API Extractor writes its findings into the report as `// Warning:` lines and still succeeds;
  // a finding is a defect of the public API (a hidden type, a broken link), so it fails here.
  const findings = readFileSync(fresh, 'utf8')
    .split('\n')
    .filter((line) => /^\s*\/\/ (Warning: |dist\/.*- \()/.test(line))
  if (findings.length > 0) {
    console.error(`\n${file}: ${findings.length} API Extractor findings in ${report.fileName}:`)
    for (const line of findings) console.error(line.trim())
    failed = true
  }
  if (mode === 'check' && result.apiReportChanged) {
    console.error(`\n${checkedIn} is out of date: the public API changed.`)
    spawnSync('diff', ['-u', checkedIn, fresh], { stdio: 'inherit' })
    console.error(
      'If the change is intended: pnpm api:update in that package, and commit its etc/.',
    )
    failed = true
  } else if (!result.succeeded) {
    console.error(
      `${basename(file)}: API Extractor reported ${result.errorCount} errors, ${result.warningCount} warnings.`,
    )
    failed = true
  } else {
    console.log(
      `${basename(file)}: ${mode === 'update' ? 'written' : 'matches'} etc/${report.fileName}`,
    )
  }
}
process.exit(failed ? 1 : 0)

/** Prints API Extractor's own errors and warnings, but not its chatter about the report. */
function messageCallback(message) {
  if (String(message.messageId).startsWith('console-api-report')) message.handled = true
  else if (message.logLevel === 'info' || message.logLevel === 'verbose') message.handled = true
}
