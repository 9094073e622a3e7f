// @ts-check
/**
 * Mutation testing of auth-react (Stryker): `pnpm --filter @mapping-platform/auth-react mutation`.
 * Not part of `npm test`. The same setup as auth-core's (`../auth-core/stryker.config.mjs`): every
 * source file of `src` (the components, the provider, the `/testing` helpers; not the tests or
 * their setup), the vitest runner with per-test coverage, an incremental file so a rerun only
 * tests the mutants whose code or tests changed, and the project's bar of 95 %.
 *
 * @see https://stryker-mutator.io/docs/stryker-js/configuration
 */
const reportDir = 'reports/mutation/src'

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.stryker.config.ts' },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: ['src/**/*.{ts,tsx}', '!src/**/*.test.{ts,tsx}', '!src/testSetup.ts'],
  coverageAnalysis: 'perTest',
  // Module-level code only (constant snapshots and views); see auth-core's config for why static
  // mutants are left out by default. MUTATION_STATIC=1 counts them.
  ignoreStatic: process.env.MUTATION_STATIC !== '1',
  // Two cores are shared by everyone on this machine.
  concurrency: 2,
  incremental: true,
  incrementalFile: `${reportDir}/incremental.json`,
  reporters: ['json', 'clear-text', 'progress'],
  jsonReporter: { fileName: `${reportDir}/mutation.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  thresholds: { high: 97, low: 95, break: 95 },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
}
