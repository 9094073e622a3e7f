/**
 * `pnpm --filter @mapping-platform/auth-react mutation`
 *
 * One Stryker run over `src` (`stryker.config.mjs`; incremental, so a rerun only tests the mutants
 * whose code or tests changed), then the score of every folder with auth-core's table
 * (`../auth-core/scripts/mutationScores.mjs`). Exits non-zero when the run fails or breaks
 * (`thresholds.break`) or a folder is under 95 %.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync } from 'node:fs'

const report = 'reports/mutation/src/mutation.json'
rmSync(report, { force: true })
const run = spawnSync('pnpm', ['exec', 'stryker', 'run', 'stryker.config.mjs'], {
  stdio: 'inherit',
})
if (!existsSync(report)) process.exit(1)
const scores = spawnSync('node', ['../auth-core/scripts/mutationScores.mjs', report], {
  stdio: 'inherit',
})
process.exit(run.status !== 0 || scores.status !== 0 ? 1 : 0)
