/**
 * The cross-engine scenarios (`engines/scenarios/*.test.ts`) in one engine (`E2E_ENGINE`), in
 * production mode: the Playwright suite's global set-up builds the app and serves it with nginx
 * over HTTPS; each file starts the dev platform in the worker. One file at a time (fixed ports).
 */
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

const source = (path: string) =>
  fileURLToPath(new URL(`../../packages/auth-core/src/${path}`, import.meta.url))

export default defineConfig({
  resolve: {
    alias: {
      '@mapping-platform/auth-core/session': source('session/index.ts'),
      '@mapping-platform/auth-core': source('index.ts'),
    },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    include: ['scenarios/*.test.ts'],
    globalSetup: ['../support/globalSetup.ts'],
    environment: 'node',
    pool: 'forks',
    maxWorkers: 1,
    fileParallelism: false,
    // One worker keeps its modules across files: the dev platform starts once per run.
    isolate: false,
    // As the Playwright suite: one retry in CI (a WebKit session once hung in "execute/sync"); a
    // test that passed on retry is counted as flaky in the closing summary (scripts/summarize-tests.mjs).
    retry: process.env.CI ? 1 : 0,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
