/**
 * Google in the run's engine: the consent page, the product API called with the code (no
 * cookies), the cookies it answers written, the person signed in on the sub-site.
 */
import { expect, test } from 'vitest'
import { ORIGINS } from '../../support/env'
import { ACCOUNTS, expectSignedIn, openSignIn } from '../flows'
import { useEngine } from '../harness'
import { button, named } from '../tab'

const run = useEngine()

test('Google: consent, the product API, cookies written, signed in', async () => {
  const tab = await run.open()
  await openSignIn(tab)
  await tab.click(button('Sign in with Google'))
  await tab.waitForUrl((url) => url.origin === ORIGINS.google)
  await tab.click(named('button', new RegExp(ACCOUNTS.gina.email.replace(/\./g, '\\.'))))
  await expectSignedIn(tab, ACCOUNTS.gina.email)

  const api = (await run.platform.controls.requests()).filter(
    (entry) => entry.role === 'api' && entry.method === 'GET' && entry.path === '/auth/google-auth',
  )
  expect(api).toHaveLength(1)
  expect(api[0]!.cookies).toEqual([])
  const names = (await tab.page.cookies()).map((cookie) => cookie.name)
  expect(names).toEqual(expect.arrayContaining(['access_token', 'refresh_token']))
})
