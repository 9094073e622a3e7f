// @ts-check
/**
 * Mutation testing of auth-core (Stryker): `pnpm --filter @mapping-platform/auth-core mutation`.
 * Not part of `npm test`; see README.md ("Mutation testing") for the scores and how to run a folder.
 *
 * `scripts/mutation.mjs` runs Stryker once per folder of `src`, setting `MUTATION_FOLDER`: each
 * folder has its own incremental file and report, so a rerun only tests the mutants that changed,
 * and `thresholds.break` holds per folder. `scripts/mutationScores.mjs` then prints the table.
 * Without `MUTATION_FOLDER` (`pnpm exec stryker run`), one run covers all of `src`.
 *
 * @see https://stryker-mutator.io/docs/stryker-js/configuration
 */
const folder = process.env.MUTATION_FOLDER
// Runs with and without static mutants keep separate incremental files and reports: sharing one,
// a run of one kind reused the other's results for mutants it does not itself test.
const staticSuffix = process.env.MUTATION_STATIC === '1' ? '-static' : ''
const reportDir = `reports/mutation/${folder === '.' ? 'src-root' : (folder ?? 'all')}${staticSuffix}`
const testKits = ['!src/**/*.test.ts', '!src/testSupport/**']

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    folder === '.' ? 'src/*.ts' : folder ? `src/${folder}/**/*.ts` : 'src/**/*.ts',
    ...testKits,
  ],
  coverageAnalysis: 'perTest',
  // A static mutant (module-level code: the message catalogue, pattern constants) needs the whole
  // related suite reloaded per mutant, which took 90 % of a run's time here; they are left out by
  // default and counted with MUTATION_STATIC=1 (a much slower run).
  ignoreStatic: process.env.MUTATION_STATIC !== '1',
  // Two cores are shared by everyone on this machine.
  concurrency: 2,
  incremental: true,
  incrementalFile: `${reportDir}/incremental.json`,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  // The bar is 95 % on every folder (checked by scripts/mutationScores.mjs); this makes Stryker
  // itself fail when the whole run is under it.
  thresholds: { high: 97, low: 95, break: 95 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
