/** What every route module receives: configuration, state, clock, randomness and the signer. */
import type { HttpBindings } from '@hono/node-server'
import type { Clock } from './clock'
import type { PlatformConfig } from './config'
import type { RandomSource } from './random'
import type { Store } from './store'
import type { TokenSigner } from './tokens'

export interface PlatformContext {
  readonly config: PlatformConfig
  readonly store: Store
  readonly clock: Clock
  readonly random: RandomSource
  readonly signer: TokenSigner
}

/** Waits `ms` of real time (slow account, delay faults). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Hono environment of every app: the Node request and response are reachable (socket drops). */
export type AppEnv = { Bindings: HttpBindings }
