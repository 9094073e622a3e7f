/**
 * The flow as an external store (subscribe / getSnapshot / send) for `useSyncExternalStore`.
 * `send` runs the pure transition, stores the state, notifies, then runs the effects in order,
 * stopping at an effect that failed in a way the rest of its transition relies on.
 * Events sent while effects run (synchronous results) are queued, never re-entrant.
 *
 * The first load's flow may lack the later steps (auth-core's `laterSteps`: code, enrolment,
 * expired password, locked). In a state that needs them, events wait in the same queue, in
 * order, until `loadWholeFlow` gives the whole flow; none is dropped or reordered.
 */
import { needsLaterSteps } from '@mapping-platform/auth-core'
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

/**
 * @param flow the flow to start with; created without the later steps, it needs `loadWholeFlow`.
 * @param loadWholeFlow the same flow with its later steps (their chunk fetched on first call): asked
 *   for the first time the state needs them. Until it resolves, events wait in the queue; when it
 *   rejects (the chunk could not be fetched), they keep waiting and the next event asks again.
 */
export function createFlowStore(
  flow: SignInFlow,
  runEffect: EffectRunner,
  loadWholeFlow?: () => Promise<SignInFlow>,
): FlowStore {
  let snapshot: FlowSnapshot = { state: flow.initialState, errorKey: 0 }
  let current = flow
  let whole = loadWholeFlow === undefined
  let loading = false
  const listeners = new Set<() => void>()
  const queue: SignInEvent[] = []
  let running = false

  const send = (event: SignInEvent): void => {
    queue.push(event)
    drain()
  }

  const drain = (): void => {
    if (running || loading) return
    running = true
    try {
      while (queue.length > 0) {
        if (!whole && needsLaterSteps(snapshot.state, queue[0])) return loadWhole()
        process(queue.shift() as SignInEvent)
      }
    } finally {
      running = false
    }
  }

  const loadWhole = (): void => {
    loading = true
    void (loadWholeFlow as () => Promise<SignInFlow>)().then(
      (loaded) => {
        current = loaded
        whole = true
        loading = false
        drain()
      },
      () => {
        loading = false
      },
    )
  }

  const process = (event: SignInEvent): void => {
    const [state, effects] = current.transition(snapshot.state, event)
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
