import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // The shipped examples import the package by name, as a sub-site would: here, the source
    // (tsconfig.json maps the name the same way for the type check).
    alias: {
      '@mapping-platform/auth-core/server': fileURLToPath(
        new URL('src/server/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    // The node environment proves auth-core needs no DOM.
    environment: 'node',
    include: ['src/**/*.test.ts'],
    restoreMocks: true,
    // Every test file in one module graph per worker instead of a fresh one per file: auth-core
    // holds no state between calls (no DOM, storage, timers or globals; its one module-level
    // value, the default JWKS caches of verifyAccessToken, is never reached by a test: each one
    // that fetches keys passes its own cache), so isolation bought nothing but re-importing the
    // library for each of 131 files (70 s of CPU for the suite, 23 s without). Globals and env a
    // test stubs are undone after it, so none reaches the next file.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    // The property tests run hundreds of cases under coverage: 5 s was too tight on a loaded
    // 2-core machine (one timed out while other jobs ran), never a sign of a wrong result.
    testTimeout: 20_000,
    coverage: {
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/testSupport/**', 'src/**/*.types.ts', 'src/index.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 95, branches: 95, functions: 95, statements: 95 },
    },
  },
})
