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

describe('createFlowStore with a first-load flow that lacks the later steps', () => {
  /** A state of a later step (auth-core's `needsLaterSteps`): only its `step` matters here. */
  const code = { step: 'code', attempt: 2 } as unknown as SignInState

  /** The first-load flow: enters the code step on `passwordSubmitted`, refuses any event there. */
  const first: SignInFlow = {
    initialState: email('a@example.com'),
    transition: (state, event) => {
      if (state.step === 'code') throw new Error('the code step needs laterSteps')
      return event.type === 'passwordSubmitted' ? [code, []] : [state, []]
    },
  }

  /** The whole flow: records every event it is given. */
  function wholeFlow(seen: string[]): SignInFlow {
    return {
      initialState: first.initialState,
      transition: (state, event) => {
        seen.push(event.type)
        return [state, []]
      },
    }
  }

  it('holds events in a later step until the whole flow arrives, then runs them in order', async () => {
    const seen: string[] = []
    let arrive: (flow: SignInFlow) => void = () => undefined
    const load = vi.fn(() => new Promise<SignInFlow>((resolve) => (arrive = resolve)))
    const store = createFlowStore(first, () => 'continue', load)
    store.send({ type: 'passwordSubmitted', password: 'hunter22' })
    expect(store.getSnapshot().state.step).toBe('code')
    store.send({ type: 'emailChanged', email: 'c@example.com' })
    store.send({ type: 'codeSubmitted' })
    expect(seen).toEqual([])
    expect(load).toHaveBeenCalledTimes(1)
    arrive(wholeFlow(seen))
    await vi.waitFor(() => expect(seen).toEqual(['emailChanged', 'codeSubmitted']))
    store.send({ type: 'hashChanged', hash: '', historyEmail: null })
    expect(seen).toEqual(['emailChanged', 'codeSubmitted', 'hashChanged'])
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('keeps the held events when the chunk cannot be fetched, and asks again on the next', async () => {
    const seen: string[] = []
    const load = vi
      .fn<() => Promise<SignInFlow>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(wholeFlow(seen))
    const store = createFlowStore(first, () => 'continue', load)
    store.send({ type: 'passwordSubmitted', password: 'hunter22' })
    store.send({ type: 'codeSubmitted' })
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1))
    await Promise.resolve()
    expect(seen).toEqual([])
    store.send({ type: 'hashChanged', hash: '', historyEmail: null })
    await vi.waitFor(() => expect(seen).toEqual(['codeSubmitted', 'hashChanged']))
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('never loads the later steps while the state does not need them', () => {
    const load = vi.fn(() => Promise.reject(new Error('not needed')))
    const store = createFlowStore(first, () => 'continue', load)
    store.send({ type: 'emailChanged', email: 'b@example.com' })
    store.send({ type: 'emailSubmitted' })
    expect(load).not.toHaveBeenCalled()
  })
})
