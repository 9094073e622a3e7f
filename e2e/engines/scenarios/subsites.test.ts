/**
 * The sub-site session library in the run's engine: two sub-site origins loading with an expired
 * access token at the same moment make exactly one token request (the refresh lease across
 * origins, Web Locks within one), both pages signed in; then Sign out clears both cookies.
 */
import { expect, test } from 'vitest'
import { CONTROL_URL, ORIGINS } from '../../support/env'
import { ACCOUNTS, expectSignedIn, signInWithPassword } from '../flows'
import { useEngine } from '../harness'
import { button, named, waitFor } from '../tab'

const run = useEngine()
const controls = run.platform.controls
const TTL_SECONDS = 5
const FIRST = ORIGINS.subsite(ORIGINS.defaultSubsite)
const SECOND = ORIGINS.secondSubsite

async function control(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/__test/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status, await response.text()).toBeLessThan(300)
}

test('two origins refreshing at once: one token request, both signed in; Sign out clears the cookies', async () => {
  await control('access-token-ttl', { seconds: TTL_SECONDS })
  const tab = await run.open()
  await signInWithPassword(tab, ACCOUNTS.pat)
  await expectSignedIn(tab, ACCOUNTS.pat.email)
  // An open sub-site page keeps its session fresh on its own: the tab waits on a page without
  // script. Past its lifetime the access token is gone. (Firefox's BiDi cookie list may still show an
  // expired cookie that was not purged yet: the browser no longer sends or shows it.)
  const live = async () =>
    (await tab.page.cookies())
      .filter((cookie) => cookie.expires === undefined || cookie.expires > Date.now() / 1000)
      .map((cookie) => cookie.name)
  await tab.goto(`${FIRST}/legal/privacy`)
  await waitFor('access_token to expire', live, (n) => !n.includes('access_token'), 12_000)
  const before = (await tab.page.cookies()).find((c) => c.name === 'refresh_token')?.value
  expect(before).toBeTruthy()

  // The refreshed tokens live an hour: with 5 s ones, a second tab slowed by a loaded machine
  // would read them past four fifths of their life and rightly refresh on its own (the count of
  // one token request below would then measure the machine, not the lease).
  await control('access-token-ttl', { seconds: 3600 })
  await controls.clearRequests()
  await control('faults', { target: 'token', mode: 'delay', delayMs: 1500, times: 1 })
  const second = await run.newTab()
  await Promise.all([tab.goto(`${FIRST}/`), second.goto(`${SECOND}/`)])
  await expectSignedIn(tab, ACCOUNTS.pat.email, FIRST)
  await expectSignedIn(second, ACCOUNTS.pat.email, SECOND)

  const tokens = (await controls.requests()).filter(
    (entry) => entry.method === 'POST' && entry.path === '/oauth2/default/v1/token',
  )
  expect(tokens).toHaveLength(1)
  const cookies = await tab.page.cookies()
  const after = cookies.find((c) => c.name === 'refresh_token')?.value
  expect(after).toBeTruthy()
  expect(after).not.toBe(before)
  expect(cookies.filter((c) => c.name === 'access_token')).toHaveLength(1)
  expect(cookies.filter((c) => c.name === 'refresh_lease')).toEqual([])

  await second.click(button('Sign out'))
  await waitFor(
    'both token cookies gone',
    async () => (await second.page.cookies()).map((cookie) => cookie.name),
    (n) => !n.includes('access_token') && !n.includes('refresh_token'),
    10_000,
  )
  // The cookies go first (every tab sees the sign-out at once), then the tokens are revoked at the
  // provider before the page leaves for its logout.
  await waitFor(
    'a revocation at the provider',
    async () =>
      (await controls.requests()).filter(
        (entry) => entry.method === 'POST' && entry.path === '/oauth2/default/v1/revoke',
      ).length,
    (revokes) => revokes >= 1,
    10_000,
  )
  await second.waitForUrl((url) => url.origin === SECOND)
  await second.visible(named('a', 'Sign in'))
})
