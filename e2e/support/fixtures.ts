/**
 * The suite's `test`: every test gets a dev platform reset to its seed, a sign-in page object, the
 * platform's test controls, TOTP codes, and three watchers on its browser context (secret corpus,
 * network log, CSP / Trusted Types violations). At the end of each test the secrets it saw and its
 * violations are appended to the run's records, and it fails on any unexpected violation.
 */
/* eslint-disable no-empty-pattern -- Playwright fixtures must destructure their first argument. */
import { readFileSync } from 'node:fs'
import { test as base, expect } from '@playwright/test'
import { IS_PROD, ORIGINS, prodChromiumArgs, type Origins } from './env'
import { NetworkLog } from './network'
import { PlatformHolder, type Controls } from './platform'
import { appendJsonLines, RUN_FILES } from './runFiles'
import { SecretCorpus } from './secrets'
import { SignInPage } from './signInPage'
import { TotpCodes } from './totp'
import { ViolationLog } from './violations'

export interface TestFixtures {
  origins: Origins
  controls: Controls
  totp: TotpCodes
  secrets: SecretCorpus
  net: NetworkLog
  violations: ViolationLog
  app: SignInPage
  /** Resets the platform before the test and records what it saw after it. */
  _run: void
}

export interface WorkerFixtures {
  platform: PlatformHolder
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // Production mode: Chromium resolves *.platform.test to nginx and trusts exactly the test
  // certificate's key (the SPKI hash written by the global set-up), not every certificate.
  launchOptions: [
    async ({ launchOptions }, use) => {
      if (!IS_PROD) return use(launchOptions)
      const spki = readFileSync(RUN_FILES.spki, 'utf8').trim()
      await use({
        ...launchOptions,
        args: [...(launchOptions.args ?? []), ...prodChromiumArgs(spki)],
      })
    },
    { scope: 'worker' },
  ],

  platform: [
    async ({}, use) => {
      const holder = new PlatformHolder()
      await holder.start()
      await use(holder)
      await holder.stop()
    },
    { scope: 'worker' },
  ],

  origins: async ({}, use) => use(ORIGINS),
  controls: async ({ platform }, use) => use(platform.controls),
  totp: async ({ controls }, use) => use(new TotpCodes(controls)),
  secrets: async ({}, use) => use(new SecretCorpus()),
  net: async ({}, use) => use(new NetworkLog()),
  violations: async ({}, use) => use(new ViolationLog()),
  app: async ({ page, secrets }, use) => use(new SignInPage(page, secrets)),

  _run: [
    async ({ platform, context, secrets, net, violations }, use, testInfo) => {
      await platform.reset()
      secrets.watch(context)
      net.watch(context)
      await violations.watch(context)

      await use()

      await secrets.addCookies(context).catch(() => undefined)
      secrets.persist(testInfo.titlePath.slice(1).join(' › '))
      appendJsonLines(RUN_FILES.violations, [
        {
          test: testInfo.titlePath.slice(1).join(' › '),
          appDocuments: violations.appDocuments,
          violations: violations.entries,
        },
      ])
      await platform.start() // a test that stopped it may have failed before restarting it
      await platform.recordEnvelopes()
      expect(violations.entries, 'CSP / Trusted Types violations or page errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
