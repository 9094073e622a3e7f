/**
 * One attempt at a time, through the real store, the real effect runner and the real views: a late
 * answer for an earlier attempt (the person pressed Change, went Back) is ignored (see
 * storageBlocked.test.tsx for a refused `persist`).
 */
import { act, fireEvent, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { paramsOf, startTestApp } from '../testing/harness'
import type { RecordedRequest } from '../testing/harness'
import { authnSuccess } from '../testing/oktaBodies'
import type { SignInState } from '@mapping-platform/auth-core'

const realSetTimeout = globalThis.setTimeout

/** Lets promises and module loads settle (on real time, even under a fake clock). */
async function settleUntil(done: () => boolean): Promise<void> {
  for (let round = 0; round < 200 && !done(); round += 1)
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 5)))
  expect(done()).toBe(true)
}

afterEach(() => {
  vi.useRealTimers()
})

/** Waiting before `/authorize` with the PKCE request ready. */
function preparedAuthorization(state: SignInState): boolean {
  return state.step === 'authorizing' && state.authorizeUrl !== null
}

describe('attempts through the real effect runner', () => {
  it("slow network: pat's SUCCESS arriving after Change and bob's submit is ignored; bob's own answer signs bob in", async () => {
    const user = userEvent.setup()
    const pending: { request: RecordedRequest; answer: (response: Response) => void }[] = []
    const app = await startTestApp({
      respond: (request) => new Promise<Response>((answer) => pending.push({ request, answer })),
    })
    await user.type(screen.getByLabelText('Email'), 'pat.password@example.com{Enter}')
    await user.type(await screen.findByLabelText('Password'), 'pats-password{Enter}')
    await settleUntil(() => pending.length === 1)
    await user.click(screen.getByRole('button', { name: 'Change email' }))
    const email = await screen.findByLabelText('Email')
    await user.clear(email)
    await user.type(email, 'bob@example.com{Enter}')
    await user.type(await screen.findByLabelText('Password'), 'bobs-password{Enter}')
    await settleUntil(() => pending.length === 2)
    expect(JSON.parse(pending[0]?.request.body ?? '')).toMatchObject({
      username: 'pat.password@example.com',
    })
    expect(JSON.parse(pending[1]?.request.body ?? '')).toMatchObject({
      username: 'bob@example.com',
    })

    await act(async () => pending[0]?.answer(authnSuccess('pat-session-token-0123456789')))
    await settleUntil(() => true)
    expect(app.store.getSnapshot().state).toMatchObject({
      step: 'password',
      email: 'bob@example.com',
      submitting: true,
    })
    expect(sessionStorage.getItem('signin.pkceVerifier')).toBeNull()
    expect(app.navigations).toEqual([])

    await act(async () => pending[1]?.answer(authnSuccess('bob-session-token-0123456789')))
    await settleUntil(() => app.navigations.length === 1)
    expect(paramsOf(app.navigations[0]?.url ?? '').get('sessionToken')).toBe(
      'bob-session-token-0123456789',
    )
  })

  it('SUCCESS, Back within 1 s, sign in again: the first timer does not cut the second wait short', async () => {
    const user = userEvent.setup()
    const app = await startTestApp({
      url: '/#sign-in',
      historyEmail: 'pat.password@example.com',
      respond: () => authnSuccess(),
    })
    await user.type(screen.getByLabelText('Password'), 'pats-password')
    vi.useFakeTimers()
    fireEvent.submit(screen.getByLabelText('Password').closest('form') as HTMLFormElement)
    await settleUntil(() => preparedAuthorization(app.store.getSnapshot().state))
    await act(async () => vi.advanceTimersByTime(600))
    // Back to the password step during the wait: the attempt is abandoned.
    act(() => {
      window.history.replaceState({ email: 'pat.password@example.com' }, '', '/#sign-in')
      window.dispatchEvent(
        new PopStateEvent('popstate', { state: { email: 'pat.password@example.com' } }),
      )
    })
    expect(app.store.getSnapshot().state.step).toBe('password')
    const password = screen.getByLabelText('Password')
    fireEvent.change(password, { target: { value: 'pats-password' } })
    fireEvent.submit(password.closest('form') as HTMLFormElement)
    await settleUntil(() => preparedAuthorization(app.store.getSnapshot().state))
    expect(app.requestsTo('/api/v1/authn')).toHaveLength(2)
    // The first timer fires 1000 ms after the first SUCCESS: it must not send the browser off.
    await act(async () => vi.advanceTimersByTime(400))
    expect(app.navigations).toHaveLength(0)
    await act(async () => vi.advanceTimersByTime(599))
    expect(app.navigations).toHaveLength(0)
    await act(async () => vi.advanceTimersByTime(1))
    expect(app.navigations).toHaveLength(1)
  })
})
