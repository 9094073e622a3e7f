/** The engines the scenarios run in, by `E2E_ENGINE` (one engine per run). */
import { chromiumDriver } from './adapters/chromium'
import { firefoxDriver } from './adapters/firefox'
import { webkitDriver } from './adapters/webkit'
import type { EngineDriver, EngineName } from './driver'

const DRIVERS: Readonly<Record<EngineName, (() => EngineDriver) | undefined>> = {
  chromium: chromiumDriver,
  firefox: firefoxDriver,
  webkit: webkitDriver,
}

/** The engine this run drives (`E2E_ENGINE`, default chromium). */
export function engineOfRun(): EngineDriver {
  const name = (process.env.E2E_ENGINE ?? 'chromium') as EngineName
  const make = DRIVERS[name]
  if (!make)
    throw new Error(`E2E_ENGINE=${name}: no adapter (one of ${Object.keys(DRIVERS).join(', ')})`)
  return make()
}
