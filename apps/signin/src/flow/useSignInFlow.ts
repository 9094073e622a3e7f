import { useSyncExternalStore } from 'react'
import type { SignInEvent, SignInState } from '@mapping-platform/auth-core'
import type { FlowStore } from './createFlowStore'

export interface SignInFlowView {
  readonly state: SignInState
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
}

/**
 * The flow's current state (re-rendering on every change) and its `send`. The server snapshot is
 * the store's own: the prerendered email step and the hydrating client read the same state.
 */
export function useSignInFlow(store: FlowStore): SignInFlowView {
  const { state, errorKey } = useSyncExternalStore(
    store.subscribe,
    store.getSnapshot,
    store.getSnapshot,
  )
  return { state, errorKey, send: store.send }
}
