import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config'

/**
 * The test config Stryker runs (`stryker.config.mjs`): the package's own, with a longer per-test
 * timeout (Stryker instruments every line for per-test coverage and the machine is shared, so the
 * property tests can pass five seconds without anything being wrong) and with property tests capped
 * at 100 cases each (`vitest.stryker.setup.ts`).
 */
export default mergeConfig(
  base,
  defineConfig({
    test: { testTimeout: 30_000, setupFiles: ['./vitest.stryker.setup.ts'] },
  }),
)
