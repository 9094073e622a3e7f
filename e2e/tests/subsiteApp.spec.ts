/**
 * The demo sub-site as a React app on `@mapping-platform/auth-react` (the library used as a
 * sub-site would use it): the signed-in view with the person, the demo API through the
 * authenticated fetch (a 401 the first time, one forced refresh, the retry accepted), a deep link
 * kept across sign-in, a sign-out in one tab seen by another tab on another sub-site within 2 s,
 * twenty tabs on five origins with an expired access token making exactly one token request, and
 * the token only where the sub-site names: another origin gets the same fetch's request without it.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'

const SUBSITE = ORIGINS.subsite(ORIGINS.defaultSubsite)
const TOKEN_PATH = '/oauth2/default/v1/token'
const TOKEN_URL = `${ORIGINS.okta}${TOKEN_PATH}`
const DEMO_API = `${SUBSITE}/api/hello`

/** The refresh-token grants the context's pages send from now on. */
function refreshGrants(context: BrowserContext): string[] {
  const grants: string[] = []
  context.on('request', (request) => {
    if (request.method() !== 'POST' || request.url() !== TOKEN_URL) return
    const form = new URLSearchParams(request.postData() ?? '')
    if (form.get('grant_type') === 'refresh_token')
      grants.push(new URL(request.frame().url()).origin)
  })
  return grants
}

test('signed in: the person, and the demo API through the authenticated fetch: 401 the first time, one refresh, the retry accepted', async ({
  page,
  app,
  context,
}) => {
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  // The sign-in app asks for no `profile` scope: no name anywhere, so the email stands for it.
  await expect(page.getByText(`Signed in as ${ACCOUNTS.pat.email}`)).toBeVisible()
  await expect(page.getByTestId('signed-in-user')).toHaveText(ACCOUNTS.pat.email)

  const grants = refreshGrants(context)
  const answers: number[] = []
  page.on('response', (response) => {
    if (response.url() === DEMO_API) answers.push(response.status())
  })
  await page.getByRole('button', { name: 'Call the demo API' }).click()
  await expect(page.getByTestId('api-result')).toContainText(
    `The demo API accepted the token for ${ACCOUNTS.pat.email}`,
  )
  expect(answers).toEqual([401, 200])
  expect(grants).toEqual([SUBSITE])
  // The refreshed ID token names no one either (no `profile` scope): still the email.
  await expect(page.getByTestId('signed-in-user')).toHaveText(ACCOUNTS.pat.email)

  // The refreshed token is accepted at once: no 401, no refresh.
  await page.getByRole('button', { name: 'Call the demo API' }).click()
  await expect.poll(() => answers).toEqual([401, 200, 200])
  await expect(page.getByTestId('api-result')).toContainText('accepted')
  expect(grants).toHaveLength(1)
})

test('the authenticated fetch carries the token to the origin the sub-site names only: another origin (the product API) gets none, answers 401, and no refresh follows', async ({
  page,
  app,
  context,
}) => {
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  // The demo names its own origin in apiOrigins; the product API is another origin (a tile
  // server or a pagination link from API data would be the same).
  const OTHER = `${ORIGINS.api}/auth/whoami`
  expect(new URL(OTHER).origin).not.toBe(SUBSITE)
  const sent: Promise<[string, string | null]>[] = []
  page.on('request', (request) => {
    if (request.url() === DEMO_API || request.url() === OTHER)
      sent.push(
        request.allHeaders().then((headers) => [request.url(), headers.authorization ?? null]),
      )
  })
  const answers: [string, number][] = []
  page.on('response', (response) => {
    if (response.url() === DEMO_API || response.url() === OTHER)
      answers.push([response.url(), response.status()])
  })

  await page.getByRole('button', { name: 'Call the demo API' }).click()
  await expect(page.getByTestId('api-result')).toContainText('The demo API accepted the token')
  const grants = refreshGrants(context)
  await page.getByRole('button', { name: 'Call another origin' }).click()
  await expect(page.getByTestId('other-origin-result')).toHaveText(
    'Another origin answered HTTP 401 (sent without the platform token).',
  )

  const headers = await Promise.all(sent)
  expect(headers.filter(([url]) => url === OTHER)).toEqual([[OTHER, null]])
  const toDemo = headers.filter(([url]) => url === DEMO_API)
  expect(toDemo.length).toBeGreaterThan(0)
  for (const [, authorization] of toDemo)
    expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/)
  expect(answers.filter(([url]) => url === OTHER)).toEqual([[OTHER, 401]])
  // Sent as it was: no forced refresh, no retry for a request the token never went with.
  expect(grants).toEqual([])
})

test('a deep link opened signed out: to sign in, then back to the same path and query, signed in', async ({
  page,
  app,
  secrets,
}) => {
  const deep = '/some/deep/path?x=1'
  await page.goto(`${SUBSITE}${deep}`)
  // <RequireSession> sends the person to sign in, remembering the page (post_login_path).
  await page.waitForURL(`${ORIGINS.app}/`)
  const cookies = await page.context().cookies()
  expect(cookies.find((cookie) => cookie.name === 'post_login_path')?.value).toBe(deep)
  await app.enterEmail(ACCOUNTS.pat.email)
  secrets.add(ACCOUNTS.pat.password, 'password')
  await app.password.fill(ACCOUNTS.pat.password)
  await app.signIn.click()
  await page.waitForURL(`${SUBSITE}${deep}`)
  await expect(page.getByTestId('deep-link')).toHaveText(`You are on ${deep}.`)
  await expect(page.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
})

test('Sign out in one tab: another tab on another sub-site shows signed out within 2 s', async ({
  page,
  app,
  context,
}) => {
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  const other = await context.newPage()
  await other.goto(`${ORIGINS.secondSubsite}/`)
  await expect(other.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)

  const started = Date.now()
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(other.getByText('Not signed in')).toBeVisible({ timeout: 2_000 })
  const seenAfterMs = Date.now() - started
  console.log(`[subsiteApp] sign-out seen on ${ORIGINS.secondSubsite} after ${seenAfterMs} ms`)
  expect(seenAfterMs).toBeLessThan(2_000)
  await expect(page.getByText('Not signed in')).toBeVisible()
  expect(page.url()).toBe(`${SUBSITE}/`)
})

test('twenty tabs on five sub-site origins with an expired access token: exactly one token request, all signed in', async ({
  page,
  app,
  context,
  controls,
}) => {
  test.setTimeout(90_000)
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  await page.goto('about:blank')
  // The access token is gone (as past its lifetime); the refresh token remains.
  await context.clearCookies({ name: 'access_token' })
  const before = (await context.cookies()).find((cookie) => cookie.name === 'refresh_token')
  expect(before).toBeTruthy()
  await controls.clearRequests()

  const origins = [SUBSITE, ORIGINS.secondSubsite, ...ORIGINS.moreSubsites]
  expect(new Set(origins).size).toBe(5)
  const tabs: Page[] = await Promise.all(Array.from({ length: 20 }, () => context.newPage()))
  const started = Date.now()
  await Promise.all(tabs.map((tab, index) => tab.goto(`${origins[index % 5]}/`)))
  for (const tab of tabs)
    await expect(tab.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email, {
      timeout: 30_000,
    })
  console.log(`[subsiteApp] 20 tabs on 5 origins signed in after ${Date.now() - started} ms`)

  const tokenRequests = (await controls.requests()).filter(
    (entry) => entry.method === 'POST' && entry.path === TOKEN_PATH,
  )
  expect(tokenRequests).toHaveLength(1)
  const cookies = await context.cookies()
  const after = cookies.filter((cookie) => cookie.name === 'refresh_token')
  expect(after).toHaveLength(1)
  expect(after[0]?.value).not.toBe(before?.value)
  expect(cookies.filter((cookie) => cookie.name === 'refresh_lease')).toEqual([])
})
