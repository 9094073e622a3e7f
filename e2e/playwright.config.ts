/**
 * End-to-end suite: Debian's Chromium against the dev platform, in dev mode (`pnpm test`) or
 * production mode (`pnpm test:prod`, E2E_MODE=prod: nginx with deploy/nginx.conf over HTTPS).
 * One worker: the dev platform holds global state (it is reset before every test).
 * Fixed ports (one run at a time on a machine): the dev platform's 4010-4013, sub-sites 3000 and
 * 3001-3004 (dev mode's second to fifth sub-site origins), the app's 4173-4174 (dev) or 443 and 8080 (prod).
 */
import { defineConfig } from '@playwright/test'
import {
  CHROMIUM_PATH,
  IS_PROD,
  MODE,
  ORIGINS,
  PLAYWRIGHT_CHROMIUM_ARGS,
  RUN_NAME,
} from './support/env'

/**
 * `E2E_PART` splits a production-mode run in two, so the test command's two lanes share it: `session`
 * runs only these specs (a minute of two tabs under a fast device clock, mostly waiting), `rest`
 * everything else; unset, all of them.
 */
const SESSION_SPECS = ['**/subsite-fast-clock.prod.spec.ts']
const PART = process.env.E2E_PART
if (PART !== undefined && PART !== 'session' && PART !== 'rest')
  throw new Error(`E2E_PART must be session or rest, not ${JSON.stringify(PART)}`)

export default defineConfig({
  testDir: './tests',
  outputDir: `./test-results/${RUN_NAME}`,
  globalSetup: './support/globalSetup.ts',
  workers: 1,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // One retry on CI, where the machine is shared and slower; a test that needs it is reported as
  // flaky in the closing summary (and by Playwright), never silently passed.
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: `./test-results/results-${RUN_NAME}.json` }]],
  use: {
    baseURL: ORIGINS.app,
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...PLAYWRIGHT_CHROMIUM_ARGS],
    },
    // A trace only for a failed test's retry (CI retries once): recording one for every test
    // cost Chromium about half again its CPU on the 2-core machine, for traces that were thrown away.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    actionTimeout: 7_000,
    navigationTimeout: 15_000,
  },
  projects: [
    {
      name: `flows-${MODE}`,
      ...(PART === 'session' ? { testMatch: SESSION_SPECS } : {}),
      testIgnore: [
        ...(IS_PROD ? ['**/*.dev.spec.ts'] : ['**/*.prod.spec.ts']),
        ...(PART === 'rest' ? SESSION_SPECS : []),
      ],
      teardown: `secrets-${MODE}`,
    },
    {
      // Runs after every flow, failed or not: no secret reached Sentry during the whole run.
      name: `secrets-${MODE}`,
      testDir: './final',
    },
  ],
})
