import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // The node environment proves auth-core needs no DOM.
    environment: 'node',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
    // The property tests run hundreds of cases under coverage: 5 s was too tight on a loaded
    // 2-core machine (one timed out while other jobs ran), never a sign of a wrong result.
    testTimeout: 20_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/testing/**', 'src/**/*.types.ts', 'src/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
  },
})
