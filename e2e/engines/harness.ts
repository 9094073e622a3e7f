/**
 * Each scenario file's set-up (vitest hooks): every test starts from the platform's seed
 * (`POST /__test/reset`) in a fresh browser session (own cookies and storage), closed after it.
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
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
 * The run's dev platform, shared by every scenario file: the files run one after another in one
 * worker that keeps its modules (`isolate: false`), so it starts once per run; its listeners end
 * with the worker. The engine is each file's own and closed after it: the worker may be ended
 * without running exit handlers, which left browsers behind when the engine was shared.
 */
let sharedPlatform: PlatformHolder | undefined

export function useEngine(): EngineRun {
  const platform = (sharedPlatform ??= new PlatformHolder())
  const driver = engineOfRun()
  const totp = new TotpCodes(platform.controls)
  let sessions: BrowserSession[] = []

  afterAll(async () => driver.close())
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
