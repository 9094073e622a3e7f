/**
 * Two sub-site origins refreshing at once. Web Locks are per origin, but the
 * token cookies are shared: without coordination both pages present the same refresh token. The
 * `refresh_lease` cookie of auth-core/session makes one of them wait and use the other's tokens.
 * `citystream.platform.test` and `roads.platform.test` (cookies on `.platform.test`). Production
 * mode only: in local mode the lease across origins (ports of `localhost`) is proven by
 * `subsiteApp.spec.ts` (twenty tabs on five origins, one token request), and the lease code is
 * the same.
 *
 * The first refresh is held back 1.5 s at the provider (a slow network), so the second page
 * surely asks while the first is in flight: without the lease, that is two refresh grants.
 */
import type { BrowserContext, Request } from '@playwright/test'
import { CONTROL_URL, OKTA_CLIENT_ID, ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'

const TTL_SECONDS = 5
const FIRST = ORIGINS.subsite(ORIGINS.defaultSubsite)
const SECOND = ORIGINS.secondSubsite
const TOKEN_URL = `${ORIGINS.okta}/oauth2/default/v1/token`
const TOKEN_PATH = '/oauth2/default/v1/token'

async function control(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/__test/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.status, await response.text()).toBeLessThan(300)
}

/** A refresh-token grant a page sent: from which origin, with which token, answered how. */
interface Grant {
  readonly origin: string | undefined
  readonly refreshToken: string | null
  readonly status: number | undefined
  readonly error: string | undefined
}

async function describeGrant(request: Request): Promise<Grant> {
  const response = await request.response()
  const body = (await response?.json().catch(() => ({}))) as { error?: string } | undefined
  return {
    origin: (await request.allHeaders()).origin,
    refreshToken: new URLSearchParams(request.postData() ?? '').get('refresh_token'),
    status: response?.status(),
    error: body?.error,
  }
}

async function cookieValues(context: BrowserContext, name: string): Promise<string[]> {
  return (await context.cookies()).filter((cookie) => cookie.name === name).map((c) => c.value)
}

test('two sub-site origins refreshing at once: one refresh grant that rotated, both pages signed in, no invalid_grant', async ({
  page,
  app,
  context,
  controls,
}) => {
  await control('access-token-ttl', { seconds: TTL_SECONDS })
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)

  const grants: Promise<Grant>[] = []
  context.on('request', (request) => {
    if (request.method() !== 'POST' || request.url() !== TOKEN_URL) return
    if (new URLSearchParams(request.postData() ?? '').get('grant_type') === 'refresh_token')
      grants.push(describeGrant(request))
  })

  // The page leaves (an open sub-site page keeps its session fresh on its own); past the
  // lifetime the browser drops access_token; refresh_token stays.
  await page.goto('about:blank')
  await expect
    .poll(async () => (await cookieValues(context, 'access_token')).length, {
      timeout: (TTL_SECONDS + 5) * 1000,
      intervals: [250],
    })
    .toBe(0)
  const [before, ...others] = await cookieValues(context, 'refresh_token')
  expect(others).toEqual([])

  await controls.clearRequests()
  await control('faults', { target: 'token', mode: 'delay', delayMs: 1500, times: 1 })
  const second = await context.newPage()
  // Both sub-sites load (and refresh) at the same moment, each on its own origin.
  await Promise.all([page.goto(`${FIRST}/`), second.goto(`${SECOND}/`)])

  await expect(page.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
  await expect(second.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
  await expect(second.getByRole('heading', { level: 1 })).toHaveText('roads')
  expect(new URL(second.url()).origin).toBe(SECOND)

  // The provider saw exactly one token request, and it was a refresh that rotated.
  const logged = (await controls.requests()).filter(
    (entry) => entry.method === 'POST' && entry.path === TOKEN_PATH,
  )
  expect(logged).toHaveLength(1)
  const sent = await Promise.all(grants)
  expect(sent).toHaveLength(1)
  expect(sent[0]).toMatchObject({ refreshToken: before, status: 200, error: undefined })
  expect([FIRST, SECOND]).toContain(sent[0]?.origin)

  const [after, ...more] = await cookieValues(context, 'refresh_token')
  expect(more).toEqual([])
  expect(after).toBeTruthy()
  expect(after).not.toBe(before)
  // Both pages run on the one access token the refresh wrote; the lease is gone.
  const [access] = await cookieValues(context, 'access_token')
  expect(access).toMatch(/^eyJ/)
  expect(await cookieValues(context, 'refresh_lease')).toEqual([])

  // The rotated token is the live one: it refreshes (the old one is spent).
  const check = await fetch(`${CONTROL_URL}${TOKEN_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: OKTA_CLIENT_ID,
      refresh_token: after ?? '',
    }),
  })
  expect(check.status).toBe(200)
})
