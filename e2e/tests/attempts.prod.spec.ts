/**
 * One attempt at a time: an answer for an attempt the person has moved on from
 * never acts, and a `persist` the browser refuses stops its transition before any navigation.
 */
import type { Request, Route } from '@playwright/test'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, MESSAGES, TEXTS } from '../support/signInPage'

test('Google with sessionStorage blocked: stays on the email step with the storage message', async ({
  page,
  app,
  net,
}) => {
  // A browser that refuses site data: every sessionStorage write throws, as Chromium's does.
  await page.addInitScript(() => {
    const setItem = Storage.prototype.setItem
    Storage.prototype.setItem = function (this: Storage, key: string, value: string) {
      if (this === window.sessionStorage)
        throw new DOMException('The operation is insecure.', 'SecurityError')
      setItem.call(this, key, value)
    }
  })
  await app.goto()
  await app.email.fill(ACCOUNTS.gina.email)
  await app.google.click()
  await app.expectEmailStepError(MESSAGES.storage_unavailable)
  await expect(app.email).toHaveValue(ACCOUNTS.gina.email)
  // Long enough for a navigation that was under way to have committed.
  await page.waitForTimeout(1500)
  expect(new URL(page.url()).origin).toBe(ORIGINS.app)
  expect(net.navigations().filter((request) => request.url.startsWith(ORIGINS.google))).toEqual([])
  expect(net.committed.map((entry) => new URL(entry.url).origin)).not.toContain(ORIGINS.google)
})

test("slow network: pat's late SUCCESS, after Change and another account's submit, is ignored", async ({
  page,
  app,
  net,
}) => {
  // Each primary authentication is held back until the test lets it go.
  const held = new Map<string, () => void>()
  const arrived = new Map<string, Promise<void>>()
  for (const account of [ACCOUNTS.pat, ACCOUNTS.tess])
    arrived.set(account.email, new Promise((resolve) => held.set(`${account.email}:seen`, resolve)))
  const gates = new Map<string, Promise<void>>()
  for (const account of [ACCOUNTS.pat, ACCOUNTS.tess])
    gates.set(account.email, new Promise((resolve) => held.set(account.email, resolve)))
  await page.route(/\/api\/v1\/authn$/, async (route: Route, request: Request) => {
    if (request.method() !== 'POST') return route.continue()
    const username = (request.postDataJSON() as { username?: string }).username ?? ''
    held.get(`${username}:seen`)?.()
    await gates.get(username)
    await route.continue()
  })

  await app.signInWithPassword(ACCOUNTS.pat)
  await arrived.get(ACCOUNTS.pat.email)
  await page.getByRole('button', { name: 'Change email' }).click()
  await app.enterEmail(ACCOUNTS.tess.email)
  await app.typePassword(ACCOUNTS.tess.password)
  await app.signIn.click()
  await arrived.get(ACCOUNTS.tess.email)

  // Pat's answer (SUCCESS) arrives first, while the page shows Tess.
  const patAnswered = page.waitForResponse(
    (response) =>
      /\/api\/v1\/authn$/.test(response.url()) &&
      response.request().method() === 'POST' &&
      response.request().postData()?.includes(ACCOUNTS.pat.email) === true,
  )
  held.get(ACCOUNTS.pat.email)?.()
  expect((await patAnswered).status()).toBe(200)
  await page.waitForTimeout(1500)
  expect(net.navigations().filter((request) => request.url.includes('/v1/authorize'))).toEqual([])
  await expect(page.getByText(ACCOUNTS.tess.email)).toBeVisible()
  expect(await page.evaluate(() => sessionStorage.getItem('signin.pkceVerifier'))).toBeNull()

  // Tess's own answer: her code step.
  held.get(ACCOUNTS.tess.email)?.()
  await app.expectCodeStep()
  await expect(app.heading).toHaveText(TEXTS.codeHeading)
  expect(net.navigations().filter((request) => request.url.includes('/v1/authorize'))).toEqual([])
})
