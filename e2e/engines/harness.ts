/**
 * Each scenario file's set-up (vitest hooks): every test starts from the platform's seed
 * (`POST /__test/reset`) in a fresh browser session (own cookies and storage), closed after it.
 */
import { afterEach, beforeAll, beforeEach } from 'vitest'
import { PlatformHolder } from '../support/platform'
import { TotpCodes } from '../support/totp'
import type { BrowserSession, EngineDriver, SessionOptions } from './driver'
import { engineOfRun } from './engines'
import { Tab } from './tab'

export interface EngineRun {
  readonly driver: EngineDriver
  readonly platform: PlatformHolder
  readonly totp: TotpCodes
  /** A fresh session (closed after the test) and its first tab. */
  open(options?: SessionOptions): Promise<Tab>
  /** Another tab in the test's latest session (shared cookies). */
  newTab(): Promise<Tab>
}

/**
 * The run's engine and dev platform, shared by every scenario file: the files run one after
 * another in one worker that keeps its modules (`isolate: false`), so the browser starts once per
 * run, not once per file. The worker's exit ends the browser (each adapter's launcher kills it on
 * exit) and the platform's listeners.
 */
let shared: { readonly driver: EngineDriver; readonly platform: PlatformHolder } | undefined

export function useEngine(): EngineRun {
  shared ??= { driver: engineOfRun(), platform: new PlatformHolder() }
  const { driver, platform } = shared
  const totp = new TotpCodes(platform.controls)
  let sessions: BrowserSession[] = []

  beforeAll(async () => platform.start())
  beforeEach(async () => platform.reset())
  afterEach(async () => {
    const open = sessions
    sessions = []
    for (const session of open) await session.close().catch(() => undefined)
    await platform.start() // a test that stopped it may have failed before restarting it
  })
  return {
    driver,
    platform,
    totp,
    async open(options) {
      const session = await driver.newSession(options)
      sessions.push(session)
      return new Tab(await session.newPage())
    },
    async newTab() {
      const session = sessions.at(-1)
      if (!session) throw new Error('open() a session first')
      return new Tab(await session.newPage())
    },
  }
}
