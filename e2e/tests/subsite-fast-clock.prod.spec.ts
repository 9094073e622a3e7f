/**
 * A device clock two hours fast. The session judges expiry by the
 * provider's clock, measured on its own refresh answer (and on a token another tab wrote while it
 * waited): each tab costs at most one refresh, never a storm of tabs answering each other's
 * writes. Two sub-site tabs (`citystream.` and `roads.platform.test`) whose `Date.now()` runs two
 * hours ahead, one-hour tokens: at most two token requests in a minute, counted at the provider,
 * and both stay signed in. Production mode only: the clock logic does not depend on the mode, and
 * local mode's refresh across origins is `subsiteApp.spec.ts`.
 */
import type { Page } from '@playwright/test'
import { CONTROL_URL, ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'

const FIRST = ORIGINS.subsite(ORIGINS.defaultSubsite)
const SECOND = ORIGINS.secondSubsite
const TOKEN_PATH = '/oauth2/default/v1/token'
const TWO_HOURS_MS = 2 * 3600 * 1000

async function control(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/__test/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status, await response.text()).toBeLessThan(300)
}

/** How far the page's `Date.now()` is ahead of the browser's monotonic clock, in ms. */
function clockAhead(page: Page): Promise<number> {
  return page.evaluate(() => Date.now() - (performance.timeOrigin + performance.now()))
}

test('two sub-site tabs with a clock two hours fast: at most two token requests in a minute, both stay signed in', async ({
  page,
  app,
  context,
  controls,
}) => {
  test.setTimeout(120_000)
  await control('access-token-ttl', { seconds: 3600 })
  // Signed in with a correct clock (the sign-in page is not under test here).
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  await page.goto('about:blank')

  // From now on every page of the browser has a clock two hours fast.
  await context.addInitScript((offsetMs: number) => {
    const deviceNow = Date.now.bind(Date)
    Date.now = () => deviceNow() + offsetMs
  }, TWO_HOURS_MS)
  await controls.clearRequests()

  const second = await context.newPage()
  await Promise.all([page.goto(`${FIRST}/`), second.goto(`${SECOND}/`)])
  expect(await clockAhead(page)).toBeGreaterThan(TWO_HOURS_MS - 60_000)
  expect(await clockAhead(second)).toBeGreaterThan(TWO_HOURS_MS - 60_000)
  await expect(page.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
  await expect(second.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)

  // A minute of both tabs open, seeing each other's cookie writes.
  await page.waitForTimeout(60_000)
  const tokenRequests = (await controls.requests()).filter(
    (entry) => entry.method === 'POST' && entry.path === TOKEN_PATH,
  )
  expect(tokenRequests.length).toBeLessThanOrEqual(2)
  await expect(page.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
  await expect(second.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
  // Still signed in on a reload too: the rotated refresh token is the live one.
  await second.reload()
  await expect(second.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
})
