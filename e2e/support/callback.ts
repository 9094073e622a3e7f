/**
 * The callback's shared set-up: a real sign-in stopped at `/authorize` (its transaction pending in
 * the tab), and what a refused return must look like (the message, no token or product API
 * request anywhere, the transaction gone).
 */
import { expect, type Page } from '@playwright/test'
import { ORIGINS } from './env'
import type { NetworkLog } from './network'
import type { Controls } from './platform'
import { ACCOUNTS, MESSAGES, type SignInPage } from './signInPage'

/** Starts a password sign-in and stops it at /authorize: a real transaction is pending in the tab. */
export async function pendingTransaction(page: Page, app: SignInPage): Promise<URL> {
  let authorize: URL | null = null
  const isAuthorize = (url: URL) => url.pathname.endsWith('/v1/authorize')
  await page.route(isAuthorize, async (route) => {
    authorize = new URL(route.request().url())
    await route.abort()
  })
  await app.signInWithPassword(ACCOUNTS.pat)
  await expect.poll(() => authorize !== null).toBe(true)
  await page.unroute(isAuthorize)
  return authorize!
}

/** The return was refused: the callback message on the email step, and no request made for it. */
export async function expectRefused(
  page: Page,
  app: SignInPage,
  net: NetworkLog,
  controls: Controls,
): Promise<void> {
  await app.expectEmailStepError(MESSAGES.invalid_callback)
  expect(page.url()).toBe(`${ORIGINS.app}/`)
  expect(net.count('POST', '/oauth2/default/v1/token')).toBe(0)
  expect(net.count('GET', '/auth/google-auth')).toBe(0)
  const server = await controls.requests()
  expect(
    server.filter((r) => r.path.endsWith('/v1/token') || r.path === '/auth/google-auth'),
  ).toEqual([])
  expect(
    await page.evaluate(() => [
      sessionStorage.getItem('signin.pkceVerifier'),
      sessionStorage.getItem('signin.oauthState'),
    ]),
  ).toEqual([null, null])
}
