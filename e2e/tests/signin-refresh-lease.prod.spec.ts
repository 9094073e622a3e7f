/**
 * The sign-in page takes the platform-wide refresh lease: a sub-site refresh in flight
 * when the person chooses "Sign in with a different account" finishes first; the page then
 * revokes and removes the tokens that refresh rotated, and the final cookies hold the new
 * person's tokens, never the old one's.
 *
 * The refresh is held back 6 s at the provider (the dev platform's existing `delay` fault), so
 * the person clicks while it is surely in flight. Production mode only: the page's lease is the
 * same code in local mode, whose cookies (written by the page, read across ports by the
 * sub-sites) `password.spec.ts` and `subsiteApp.spec.ts` prove there.
 */
import type { BrowserContext } from '@playwright/test'
import { CONTROL_URL, OKTA_CLIENT_ID, ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite, toCodeStep } from '../support/signInPage'

const TTL_SECONDS = 5
const REFRESH_DELAY_MS = 6000
const SUBSITE = ORIGINS.subsite(ORIGINS.defaultSubsite)
const TOKEN_URL = `${ORIGINS.okta}/oauth2/default/v1/token`
const REVOKE_URL = `${ORIGINS.okta}/oauth2/default/v1/revoke`
const TOKEN_PATH = '/oauth2/default/v1/token'

async function control(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/__test/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status, await response.text()).toBeLessThan(300)
}

async function cookieValues(context: BrowserContext, name: string): Promise<string[]> {
  return (await context.cookies()).filter((cookie) => cookie.name === name).map((c) => c.value)
}

test('a different account while a sub-site refreshes: the page waits for the refresh, revokes what it rotated, and the cookies end up the new person’s', async ({
  page,
  app,
  context,
  controls,
  totp,
}) => {
  await control('access-token-ttl', { seconds: TTL_SECONDS })
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  // The page leaves (an open sub-site page keeps its session fresh on its own); past the
  // lifetime the browser drops access_token; refresh_token stays.
  await page.goto('about:blank')
  await expect
    .poll(async () => (await cookieValues(context, 'access_token')).length, {
      timeout: (TTL_SECONDS + 5) * 1000,
      intervals: [250],
    })
    .toBe(0)

  let refreshAnswered: { at: number; refreshToken: string } | null = null
  const revoked: { at: number; token: string | null; hint: string | null }[] = []
  context.on('response', async (response) => {
    const request = response.request()
    if (request.method() !== 'POST' || request.url() !== TOKEN_URL) return
    if (new URLSearchParams(request.postData() ?? '').get('grant_type') !== 'refresh_token') return
    const at = Date.now()
    const body = (await response.json().catch(() => ({}))) as { refresh_token?: string }
    refreshAnswered = { at, refreshToken: body.refresh_token ?? '' }
  })
  context.on('request', (request) => {
    if (request.method() !== 'POST' || request.url() !== REVOKE_URL) return
    const form = new URLSearchParams(request.postData() ?? '')
    revoked.push({ at: Date.now(), token: form.get('token'), hint: form.get('token_type_hint') })
  })

  // A sub-site page refreshes; its answer is held back at the provider.
  await control('faults', { target: 'token', mode: 'delay', delayMs: REFRESH_DELAY_MS, times: 1 })
  const subsite = await context.newPage()
  void subsite.goto(`${SUBSITE}/`)
  await expect
    .poll(async () => (await cookieValues(context, 'refresh_lease')).length, { intervals: [50] })
    .toBe(1)

  // Meanwhile, on the sign-in page: someone else signs in.
  await app.goto()
  await expect(app.heading).toHaveText(/^You’re (signed in as .+|already signed in)$/)
  await page.getByRole('button', { name: 'Sign in with a different account' }).click()
  await expect(app.email).toBeVisible({ timeout: REFRESH_DELAY_MS + 16_000 })

  // The page waited for the refresh, then revoked the tokens it rotated (not the spent ones).
  expect(refreshAnswered).not.toBeNull()
  const answered = refreshAnswered as unknown as { at: number; refreshToken: string }
  expect(revoked.map((entry) => entry.hint).sort()).toEqual(['access_token', 'refresh_token'])
  for (const entry of revoked) expect(entry.at).toBeGreaterThanOrEqual(answered.at)
  expect(revoked).toContainEqual(
    expect.objectContaining({ token: answered.refreshToken, hint: 'refresh_token' }),
  )
  expect(await cookieValues(context, 'refresh_token')).toEqual([])

  const secret = await toCodeStep(app, controls)
  await app.typeCode(totp.code(secret))
  await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)

  // One copy of each token, the new person's: the other sub-site page agrees after a reload.
  const [refresh, ...others] = await cookieValues(context, 'refresh_token')
  expect(others).toEqual([])
  expect(refresh).not.toBe(answered.refreshToken)
  expect(await cookieValues(context, 'refresh_lease')).toEqual([])
  await subsite.reload()
  await expect(subsite.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.tess.email)
  // The old person's rotated refresh token is dead.
  const check = await fetch(`${CONTROL_URL}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: OKTA_CLIENT_ID,
      refresh_token: answered.refreshToken,
    }),
  })
  expect(check.status).toBe(400)
})
