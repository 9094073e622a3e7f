import { describe, expect, it, vi } from 'vitest'
import type {
  SignInEffect,
  SignInEvent,
  SignInFlow,
  SignInState,
} from '@mapping-platform/auth-core'
import { createFlowStore } from './createFlowStore'

const email = (address: string, error: 'invalid_credentials' | null = null): SignInState => ({
  attempt: 1,
  step: 'email',
  email: address,
  attempted: false,
  error,
})

/** A flow whose transitions are scripted per event type. */
function scriptedFlow(
  script: Partial<
    Record<SignInEvent['type'], (state: SignInState) => [SignInState, SignInEffect[]]>
  >,
): SignInFlow {
  return {
    initialState: { step: 'booting', attempt: 0 },
    transition: (state, event) => script[event.type]?.(state) ?? [state, []],
  }
}

describe('createFlowStore', () => {
  it('on send: stores the next state, notifies, then runs the effects in order', () => {
    const order: string[] = []
    const flow = scriptedFlow({
      emailSubmitted: () => [
        email('a@example.com'),
        [{ type: 'clearUrl' }, { type: 'forget', item: 'stateToken' }],
      ],
    })
    const store = createFlowStore(flow, (effect) => {
      order.push(`effect:${effect.type}`)
      return 'continue'
    })
    store.subscribe(() => order.push(`notified:${store.getSnapshot().state.step}`))
    store.send({ type: 'emailSubmitted' })
    expect(order).toEqual(['notified:email', 'effect:clearUrl', 'effect:forget'])
  })

  it('queues events sent while effects run instead of transitioning re-entrantly', () => {
    const seen: string[] = []
    const flow: SignInFlow = {
      initialState: { step: 'booting', attempt: 0 },
      transition: (state, event) => {
        seen.push(event.type)
        if (event.type === 'emailSubmitted')
          return [
            state,
            [
              { type: 'persist', item: 'stateToken', value: 'x' },
              { type: 'forget', item: 'oauthState' },
            ],
          ]
        return [state, []]
      },
    }
    const store = createFlowStore(flow, (effect, send) => {
      seen.push(`run:${effect.type}`)
      if (effect.type === 'forget') send({ type: 'storageFailed' })
      return 'continue'
    })
    store.send({ type: 'emailSubmitted' })
    expect(seen).toEqual(['emailSubmitted', 'run:persist', 'run:forget', 'storageFailed'])
  })

  it('on an effect that stops its transition: the effects after it do not run', () => {
    const seen: string[] = []
    const flow: SignInFlow = {
      initialState: { step: 'booting', attempt: 0 },
      transition: (state, event) => {
        seen.push(event.type)
        if (event.type === 'googleSignInClicked')
          return [
            state,
            [
              { type: 'persist', item: 'oauthState', value: 'x' },
              { type: 'navigate', url: 'https://accounts.google.com/', mode: 'assign' },
            ],
          ]
        return [state, []]
      },
    }
    const store = createFlowStore(flow, (effect, send) => {
      seen.push(`run:${effect.type}`)
      if (effect.type !== 'persist') return 'continue'
      send({ type: 'storageFailed' })
      return 'stop'
    })
    store.send({ type: 'googleSignInClicked' })
    expect(seen).toEqual(['googleSignInClicked', 'run:persist', 'storageFailed'])
  })

  it('bumps errorKey on every reported failure, even when the state repeats', () => {
    const failed = email('a@example.com', 'invalid_credentials')
    const flow = scriptedFlow({
      emailSubmitted: () => [
        failed,
        [
          {
            type: 'reportFailure',
            code: 'invalid_credentials',
            step: 'password',
            severity: 'warning',
          },
        ],
      ],
      emailChanged: () => [failed, []],
    })
    const store = createFlowStore(flow, () => 'continue')
    const listener = vi.fn()
    store.subscribe(listener)
    store.send({ type: 'emailSubmitted' })
    const first = store.getSnapshot().errorKey
    store.send({ type: 'emailSubmitted' })
    expect(store.getSnapshot().errorKey).toBe(first + 1)
    expect(listener).toHaveBeenCalledTimes(2)
    store.send({ type: 'emailChanged', email: 'a@example.com' })
    expect(store.getSnapshot().errorKey).toBe(first + 1)
    expect(listener).toHaveBeenCalledTimes(2)
  })

  it('stops notifying after unsubscribe', () => {
    const store = createFlowStore(
      scriptedFlow({ emailSubmitted: () => [email('b@example.com'), []] }),
      () => 'continue',
    )
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    unsubscribe()
    store.send({ type: 'emailSubmitted' })
    expect(listener).not.toHaveBeenCalled()
  })
})
