/**
 * Safari caps every cookie written by script at 7 days (Intelligent Tracking Prevention), so the
 * refresh token cookie the sign-in page writes is gone after a week there, whatever its Max-Age.
 * WebKitGTK does not apply that cap (measured: a 30-day `document.cookie` keeps 30 days with
 * `--enable-itp`), so the week is simulated: the access token expires (5 s lifetime), then the
 * refresh token cookie is removed as the cap would. What the person meets must be a clean sign-in:
 * the sub-site says they are not signed in and offers Sign in; the sign-in page shows no error;
 * signing in again brings them back. No refresh grant is attempted without a refresh token.
 */
import { expect, test } from 'vitest'
import { CONTROL_URL, ORIGINS, PARENT_DOMAIN } from '../../support/env'
import { ACCOUNTS, EMAIL, expectSignedIn, signInWithPassword } from '../flows'
import { useEngine } from '../harness'
import { waitFor } from '../tab'

const run = useEngine()
const SUBSITE = ORIGINS.subsite(ORIGINS.defaultSubsite)

test('the refresh token cookie capped away after 7 days (Safari): a clean sign-in, then back on the sub-site', async () => {
  const ttl = await fetch(`${CONTROL_URL}/__test/access-token-ttl`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds: 5 }),
  })
  expect(ttl.status).toBeLessThan(300)
  const tab = await run.open()
  await signInWithPassword(tab, ACCOUNTS.pat)
  await expectSignedIn(tab, ACCOUNTS.pat.email)

  // An open sub-site page keeps its session fresh on its own: the tab waits on a page without
  // script. Past the lifetime the browser drops access_token; then the cap takes refresh_token.
  // (Firefox's BiDi cookie list may still show an expired cookie not purged yet: the browser no
  // longer sends or shows it, so a cookie past its expiry counts as gone, as in subsites.test.ts.)
  await tab.goto(`${SUBSITE}/legal/privacy`)
  await waitFor(
    'access_token to expire',
    async () =>
      (await tab.page.cookies())
        .filter((cookie) => cookie.expires === undefined || cookie.expires > Date.now() / 1000)
        .map((cookie) => cookie.name),
    (names) => !names.includes('access_token') && names.includes('refresh_token'),
    15_000,
  )
  await tab.evaluate((domain) => {
    document.cookie = `refresh_token=; Domain=${domain}; Path=/; Max-Age=0; Secure; SameSite=Lax`
    return null
  }, PARENT_DOMAIN.slice(1))
  expect((await tab.page.cookies()).map((cookie) => cookie.name)).not.toContain('refresh_token')
  await run.platform.controls.clearRequests()

  await tab.goto(`${SUBSITE}/`)
  await tab.sees('Not signed in')
  expect(
    (await run.platform.controls.requests()).filter((entry) => entry.path.endsWith('/token')),
  ).toEqual([])

  await tab.click({ css: 'a', name: 'Sign in' })
  await tab.waitForUrl((url) => url.origin === ORIGINS.app)
  await tab.visible(EMAIL)
  expect(await tab.textOf('main .alert, main [role="alert"]')).toBe('')

  await signInWithPassword(tab, ACCOUNTS.pat)
  await expectSignedIn(tab, ACCOUNTS.pat.email)
}, 120_000)
