import { defineConfig, mergeConfig } from 'vitest/config'
import base from './vitest.config'

/**
 * The test config Stryker runs (`stryker.config.mjs`): the package's own, with a longer per-test
 * timeout, because Stryker instruments every line for per-test coverage and the machine is shared,
 * so the property tests can pass five seconds without anything being wrong.
 */
export default mergeConfig(base, defineConfig({ test: { testTimeout: 30_000 } }))
