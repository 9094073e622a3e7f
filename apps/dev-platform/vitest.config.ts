import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    // Real servers on loopback ports: no DOM needed.
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 15_000,
    hookTimeout: 15_000,
  },
})
