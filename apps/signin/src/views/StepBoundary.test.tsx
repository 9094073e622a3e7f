import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Suspense, lazy } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { errorMessages } from '@mapping-platform/auth-core'
import { en } from '../i18n/en'
import { StepBoundary } from './StepBoundary'

afterEach(() => vi.restoreAllMocks())

describe('StepBoundary', () => {
  it('a step view whose chunk cannot be fetched: the network message and Try again, focused', async () => {
    // React logs the caught error; the boundary is what the person sees instead.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const LazyStep = lazy(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
    )
    const onRetry = vi.fn()
    render(
      <StepBoundary onRetry={onRetry}>
        <Suspense fallback={<p>Loading…</p>}>
          <LazyStep />
        </Suspense>
      </StepBoundary>,
    )
    const retry = await screen.findByRole('button', { name: en['stepLoadFailed.retry'] })
    // The card still says where the person is: the page's heading, as the email step has it.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(en['email.heading'])
    expect(screen.getByText(errorMessages.network_error)).toBeTruthy()
    expect(retry.getAttribute('aria-describedby')).toBe('step-load-error')
    expect(document.getElementById('step-load-error')?.textContent).toBe(
      errorMessages.network_error,
    )
    expect(document.activeElement).toBe(retry)
    await userEvent.click(retry)
    expect(onRetry).toHaveBeenCalledTimes(1)
  })

  it('a view that renders: shown as it is, nothing else', () => {
    render(
      <StepBoundary onRetry={() => undefined}>
        <h1>Sign in</h1>
      </StepBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy()
    expect(screen.queryByRole('button')).toBeNull()
  })
})
