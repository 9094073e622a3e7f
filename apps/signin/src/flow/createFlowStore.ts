/**
 * The flow as an external store (subscribe / getSnapshot / send) for `useSyncExternalStore`.
 * `send` runs the pure transition, stores the state, notifies, then runs the effects in order,
 * stopping at an effect that failed in a way the rest of its transition relies on.
 * Events sent while effects run (synchronous results) are queued, never re-entrant.
 */
import type {
  SignInEffect,
  SignInEvent,
  SignInFlow,
  SignInState,
} from '@mapping-platform/auth-core'

/** What views render: the state, and a key that changes with every new error occurrence. */
export interface FlowSnapshot {
  readonly state: SignInState
  /**
   * Bumped whenever a transition reports a failure: an error alert keyed on it is remounted, so a
   * screen reader announces an identical error again.
   */
  readonly errorKey: number
}

export interface FlowStore {
  readonly getSnapshot: () => FlowSnapshot
  readonly subscribe: (listener: () => void) => () => void
  readonly send: (event: SignInEvent) => void
}

/** Runs one effect; `stop` means the rest of its transition must not run (a refused `persist`). */
export type EffectRunner = (
  effect: SignInEffect,
  send: (event: SignInEvent) => void,
) => 'continue' | 'stop'

export function createFlowStore(flow: SignInFlow, runEffect: EffectRunner): FlowStore {
  let snapshot: FlowSnapshot = { state: flow.initialState, errorKey: 0 }
  const listeners = new Set<() => void>()
  const queue: SignInEvent[] = []
  let running = false

  const send = (event: SignInEvent): void => {
    queue.push(event)
    if (running) return
    running = true
    try {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) process(next)
    } finally {
      running = false
    }
  }

  const process = (event: SignInEvent): void => {
    const [state, effects] = flow.transition(snapshot.state, event)
    const failed = effects.some((effect) => effect.type === 'reportFailure')
    if (state !== snapshot.state || failed) {
      snapshot = { state, errorKey: failed ? snapshot.errorKey + 1 : snapshot.errorKey }
      for (const listener of [...listeners]) listener()
    }
    for (const effect of effects) if (runEffect(effect, send) === 'stop') break
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    send,
  }
}
