/**
 * Left-to-right things inside a right-to-left page: addresses keep the order they were typed in,
 * whatever their punctuation (seen in the Arabic screenshots). Passwords: e2e languages.spec.ts.
 */
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import ar from '../../../../packages/auth-core/src/messages/locales/ar.json'
import { startTestApp } from '../testing/harness'
import { json, SECRETS } from '../testing/oktaBodies'

afterEach(() => {
  document.cookie = 'locale=; max-age=0; path=/'
})

/** An address whose local part is digits: bare in Arabic text it would read "example.com@123". */
const EMAIL = '123@example.com'

describe('in Arabic (right to left)', () => {
  it('keeps the address left to right on the locked step and in "Check your email"', async () => {
    document.cookie = 'locale=ar; path=/'
    const user = userEvent.setup()
    await startTestApp({
      url: '/#sign-in',
      historyEmail: EMAIL,
      respond: (request) =>
        request.path.endsWith('/recovery/unlock')
          ? json({ status: 'RECOVERY_CHALLENGE', factorResult: 'WAITING', recoveryType: 'UNLOCK' })
          : json({
              status: 'LOCKED_OUT',
              _embedded: {},
              _links: {
                next: {
                  name: 'unlock',
                  href: 'https://login.example.com/api/v1/authn/recovery/unlock',
                },
              },
            }),
    })
    await screen.findByRole('heading', { level: 1, name: ar['password.heading'] })
    await user.keyboard(`${SECRETS.password}{Enter}`)
    await screen.findByRole('heading', { level: 1, name: ar['locked.heading'] })
    expect(screen.getByText(EMAIL).getAttribute('dir')).toBe('ltr')
    await user.click(screen.getByRole('button', { name: ar['locked.unlock'] }))
    await screen.findByRole('heading', { level: 1, name: ar['unlockSent.heading'] })
    const [before] = ar['unlockSent.body'].split('{email}')
    await waitFor(() =>
      expect(document.body.textContent).toContain(`${before}\u2066${EMAIL}\u2069`),
    )
  })
})
