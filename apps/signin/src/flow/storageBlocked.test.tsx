/**
 * A `persist` that storage refuses stops the transition it belongs to before any navigation (the
 * PKCE verifier must survive the redirect, or the return cannot be exchanged), through the real
 * store, effect runner and views. In a file of its own: the blocked `Storage.prototype.setItem`
 * cannot be put back on happy-dom's storage.
 */
import { act, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { errorMessages } from '@mapping-platform/auth-core'
import { startTestApp } from '../testing/harness'

const realSetTimeout = globalThis.setTimeout

/** Lets promises and module loads settle. */
async function settleUntil(done: () => boolean): Promise<void> {
  for (let round = 0; round < 200 && !done(); round += 1)
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 5)))
  expect(done()).toBe(true)
}

/** Storage that refuses every write, as a browser with site data blocked does. */
function blockSessionStorageWrites(): void {
  Object.defineProperty(Storage.prototype, 'setItem', {
    configurable: true,
    value: () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    },
  })
}

describe('a refused persist, through the real effect runner', () => {
  it('Google with sessionStorage blocked: stays on the email step with the storage message, never leaves', async () => {
    const user = userEvent.setup()
    const app = await startTestApp()
    blockSessionStorageWrites()
    await user.type(screen.getByLabelText('Email'), 'gina.google@example.com')
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }))
    await settleUntil(() => app.store.getSnapshot().state.step === 'email')
    // Give a navigation that was going to happen every chance to.
    await settleUntil(() => true)
    expect(app.navigations).toEqual([])
    expect((await screen.findByRole('alert')).textContent).toContain(
      errorMessages.storage_unavailable,
    )
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe(
      'gina.google@example.com',
    )
    expect(window.location.href).toBe('https://signin.example.com/')
  })
})
