/**
 * The later steps' handlers (code, enrolment, expired password, locked) are not in the first load:
 * they come with the provider clients' chunk, through which every answer that leads to them comes.
 * When that chunk cannot be fetched, the person is told and can try again; once it arrives, the
 * step works.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { startTestApp } from '../testing/harness'
import { FACTOR_ID, json, mfaRequired, SECRETS } from '../testing/oktaBodies'

const chunk = vi.hoisted(() => ({ failures: 0 }))

vi.mock('./networkEffects', async (importOriginal) => {
  if (chunk.failures > 0) {
    chunk.failures -= 1
    throw new TypeError('Failed to fetch dynamically imported module')
  }
  return importOriginal()
})

describe('the later steps, loaded with the provider clients', () => {
  it('a chunk that cannot be fetched: the network message on the password step; then the code step works', async () => {
    chunk.failures = 1
    const user = userEvent.setup()
    const app = await startTestApp({
      url: '/#sign-in',
      historyEmail: 'pat@example.com',
      respond: (request) =>
        request.path === '/api/v1/authn' ? mfaRequired() : json({ status: 'WAITING' }, 500),
    })
    await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
    expect((await screen.findByRole('alert')).textContent).toContain(
      'We could not reach the sign-in service',
    )
    expect(app.requests).toEqual([])
    expect(screen.getByLabelText('Password')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    const first = await screen.findByLabelText('Digit 1 of 6')
    await waitFor(() => expect(document.activeElement).toBe(first))
    await user.keyboard('123456')
    await waitFor(() =>
      expect(app.requests.map((request) => request.path)).toContain(
        `/api/v1/authn/factors/${FACTOR_ID}/verify`,
      ),
    )
  })
})
