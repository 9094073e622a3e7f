import { defineConfig } from 'vitest/config'

/**
 * The consumer tests: the packed tarball installed with npm into throw-away projects, as a
 * sub-site team in another repository would (`pnpm --filter @mapping-platform/auth-core
 * test:consumers`). Separate from the unit tests: they need a build and npm, and take seconds each.
 */
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['*.test.ts'],
    globalSetup: ['./globalSetup.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
})
