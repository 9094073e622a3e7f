import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config'

/**
 * The test config Stryker runs (`stryker.config.mjs`): the package's own, with a longer per-test
 * timeout (Stryker instruments every line for per-test coverage and the machine is shared, so the
 * property tests can pass five seconds without anything being wrong), with properties capped at
 * 100 cases each (`vitest.stryker.setup.ts`) and without the two `*.property.test.ts` files. Both
 * can only let more mutants survive: the score stays conservative.
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      testTimeout: 30_000,
      setupFiles: ['./vitest.stryker.setup.ts'],
      // These two assert that their generators reached every outcome, which needs their full
      // 500 to 1,000 cases; left out rather than run at full size for every mutant.
      exclude: ['src/**/*.property.test.ts'],
    },
  }),
)
