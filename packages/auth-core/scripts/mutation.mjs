/**
 * `pnpm --filter @mapping-platform/auth-core mutation [folder ...]`
 *
 * One Stryker run per folder of `src` (all of them, or the ones named: `flow`, `cookies`, `.` for
 * the files directly in `src`), one after the other, each with its own incremental file so that a
 * rerun only tests the mutants whose code or tests changed; then the per-folder table.
 * Exits non-zero when a run fails or breaks (`thresholds.break`) or any folder is under 95 %.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, rmSync } from 'node:fs'

const entries = readdirSync('src', { withFileTypes: true })
/**
 * Every folder of `src` but the internal test support, and `.` when files other than `index.ts` (which only
 * re-exports, so it has no mutants and Stryker would refuse to run on it) sit directly in `src`.
 */
const ALL = [
  ...entries
    .filter((entry) => entry.isDirectory() && entry.name !== 'testSupport')
    .map((entry) => entry.name)
    .sort(),
  ...(entries.some((e) => e.isFile() && /^(?!index\.ts$).*(?<!\.test)\.ts$/.test(e.name))
    ? ['.']
    : []),
]
const named = process.argv.slice(2).filter((a) => a !== '--')
const runs = named.length === 0 ? ALL : named
const reports = []
let strykerFailed = false
/** Static-mutant runs (MUTATION_STATIC=1) have their own reports and incremental files. */
const staticSuffix = process.env.MUTATION_STATIC === '1' ? '-static' : ''

for (const folder of runs) {
  const report = `reports/mutation/${folder === '.' ? 'src-root' : folder}${staticSuffix}/mutation.json`
  rmSync(report, { force: true })
  const env = { ...process.env, MUTATION_FOLDER: folder }
  console.log(`\nmutation: src/${folder === '.' ? '*.ts' : folder}`)
  const run = spawnSync('pnpm', ['exec', 'stryker', 'run', 'stryker.config.mjs'], {
    stdio: 'inherit',
    env,
  })
  if (run.status !== 0) strykerFailed = true
  if (existsSync(report)) reports.push(report)
}

const scores = spawnSync('node', ['scripts/mutationScores.mjs', ...reports], { stdio: 'inherit' })
process.exit(strykerFailed || scores.status !== 0 || reports.length !== runs.length ? 1 : 0)
