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
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
})
