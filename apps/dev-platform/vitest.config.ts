import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  resolve: {
    // As the sub-site bundle does: auth-core's source, so tests need no `pnpm build` first.
    alias: {
      '@mapping-platform/auth-core/session': fileURLToPath(
        new URL('../../packages/auth-core/src/session/index.ts', import.meta.url),
      ),
    },
  },
  test: {
    // Real servers on loopback ports: no DOM needed.
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // One module graph per worker, not one per file: each test starts its own platform (servers
    // on ephemeral ports, state in the instance), so re-importing it per file bought nothing but
    // CPU (35 s for the suite, 19 s without). Stubbed globals and env are undone after each test.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
})
