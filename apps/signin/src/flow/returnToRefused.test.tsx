/**
 * Storage that refuses the deep link kept across the provider's logout
 * (`returnTo`) must not strand the person on "Signing you in…": the sign-in goes on to the
 * sub-site's root without the deep link, and a warning says so. In a file of its own: the patched
 * `Storage.prototype.setItem` cannot be put back on happy-dom's storage.
 */
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { STORAGE_KEYS } from '../browser/transactionStorage'
import { SECRETS, tokenSuccess } from '../testing/oktaBodies'
import { paramsOf, startTestApp, testAuthConfig } from '../testing/harness'
import { RETURN, storedReturn } from '../testing/providerReturn'

const { state: STATE, nonce: NONCE } = RETURN

/** Storage that refuses the deep link only (quota, a policy on that key), as `setItem` throws. */
function refuseReturnTo(): void {
  const setItem = Storage.prototype.setItem
  Object.defineProperty(Storage.prototype, 'setItem', {
    configurable: true,
    value(this: Storage, key: string, value: string) {
      if (key === STORAGE_KEYS.returnTo)
        throw new DOMException('Quota exceeded', 'QuotaExceededError')
      setItem.call(this, key, value)
    },
  })
}

describe('storage refuses the deep link, through the real effect runner', () => {
  it('writes the tokens, logs out straight to the sub-site root, and reports a warning', async () => {
    refuseReturnTo()
    document.cookie = 'post_login_redirect=maps; domain=.example.com; path=/; secure'
    document.cookie = 'post_login_path=/projects/42; domain=.example.com; path=/; secure'
    const app = await startTestApp({
      url: `/#code=${SECRETS.code}&state=${STATE}`,
      stored: storedReturn('okta'),
      respond: () => tokenSuccess(testAuthConfig(), NONCE),
    })
    await act(async () => undefined)
    await waitFor(() => expect(app.navigations).toHaveLength(1))
    expect(paramsOf(app.navigations[0]?.url ?? '').get('post_logout_redirect_uri')).toBe(
      'https://maps.example.com/',
    )
    expect(document.cookie).toContain(`access_token=${SECRETS.accessToken}`)
    expect(document.cookie).toContain(`refresh_token=${SECRETS.refreshToken}`)
    expect(app.reports).toEqual([
      {
        code: 'Sign-in: storage refused the deep link; sent to the sub-site root',
        step: 'callback',
        severity: 'warning',
      },
    ])
  })
})
