/**
 * A sub-site team's app in a browser against the dev platform: React Router 7 pages with the
 * router entry's loader guard and `<RequireSession>`, an Express backend on the platform's
 * middleware, both from the packed packages (support/teamApp.ts). The app takes the sub-site's
 * origin (the dev platform's demo moves aside, as the sub-site guide says). A deep link through
 * sign-in, the API call, sign-out; and a page that keeps its state through two token expiries.
 * Dev mode only (the app is served on the one local sub-site origin).
 */
import type { BrowserContext, Page } from '@playwright/test'
import { startDevPlatform, type DevPlatform } from 'dev-platform/src/devPlatform.ts'
import { CONTROL_URL, IS_PROD, ORIGINS, platformOptions } from '../support/env'
import { expect, test } from '../support/fixtures'
import type { Server } from '../support/processes'
import type { SecretCorpus } from '../support/secrets'
import { ACCOUNTS, type SignInPage } from '../support/signInPage'
import { buildTeamApp, startTeamApp, TEAM_APP_ORIGIN } from '../support/teamApp'

test.skip(IS_PROD, 'the team app runs on the local sub-site origin (dev mode)')

const TOKEN_URL = `${ORIGINS.okta}/oauth2/default/v1/token`
const DEEP = '/projects/42?tab=layers'

let appDir = ''
test.beforeAll(() => {
  test.setTimeout(300_000)
  appDir = buildTeamApp()
})

/**
 * Runs `body` with the team's app on the sub-site origin and a dev platform that registers it
 * (its demo sub-site on a free port), then puts the suite's platform back.
 */
async function withTeamApp(
  platform: { stop(): Promise<void> },
  body: () => Promise<void>,
): Promise<void> {
  await platform.stop()
  let own: DevPlatform | null = null
  let app: Server | null = null
  try {
    own = await startDevPlatform({
      ...platformOptions(),
      subsitePort: 0,
      subsiteUrl: TEAM_APP_ORIGIN,
    })
    app = await startTeamApp(appDir)
    await body()
  } finally {
    await app?.stop()
    await own?.close()
  }
}

async function control(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/__test/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  expect(response.ok).toBe(true)
}

/** The refresh-token grants the context's pages send from now on. */
function refreshGrants(context: BrowserContext): number[] {
  const grants: number[] = []
  context.on('request', (request) => {
    if (request.method() !== 'POST' || request.url() !== TOKEN_URL) return
    if (new URLSearchParams(request.postData() ?? '').get('grant_type') === 'refresh_token')
      grants.push(Date.now())
  })
  return grants
}

/** Opens the deep link signed out and signs in as Pat: back on the project page. */
async function deepLinkThroughSignIn(page: Page, app: SignInPage, secrets: SecretCorpus) {
  await page.goto(`${TEAM_APP_ORIGIN}${DEEP}`)
  await page.waitForURL(`${ORIGINS.app}/`)
  const cookies = await page.context().cookies()
  expect(cookies.find((cookie) => cookie.name === 'post_login_path')?.value).toBe(DEEP)
  await app.enterEmail(ACCOUNTS.pat.email)
  secrets.add(ACCOUNTS.pat.password, 'password')
  await app.password.fill(ACCOUNTS.pat.password)
  await app.signIn.click()
  await page.waitForURL(`${TEAM_APP_ORIGIN}${DEEP}`)
  await expect(page.getByRole('heading', { name: 'Project 42' })).toBeVisible()
  await expect(page.getByTestId('who')).toHaveText(ACCOUNTS.pat.email)
}

test('the team app: a deep link through sign-in (loader guard), its Express API with the token, sign-out, and the deep link guarded again', async ({
  page,
  app,
  secrets,
  platform,
}) => {
  test.setTimeout(90_000)
  await withTeamApp(platform, async () => {
    const projectCalls: (string | null)[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(`${TEAM_APP_ORIGIN}/api/`))
        void request
          .allHeaders()
          .then((headers) => projectCalls.push(headers.authorization ?? null))
    })
    await deepLinkThroughSignIn(page, app, secrets)

    await page.getByRole('button', { name: 'Call the API' }).click()
    await expect(page.getByTestId('api-answer')).toHaveText(`200 ${ACCOUNTS.pat.email}`)
    // The loader's call and the button's, each with the token (Express accepted both).
    await expect.poll(() => projectCalls.length).toBe(2)
    for (const authorization of projectCalls)
      expect(authorization).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/)

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForURL(`${TEAM_APP_ORIGIN}/`)
    await expect(page.getByTestId('who')).toHaveText('Signed out')
    // Express refuses the page's cookies now: there are none.
    const afterSignOut = await page.evaluate(async () => (await fetch('/api/me')).status)
    expect(afterSignOut).toBe(401)

    await page.goto(`${TEAM_APP_ORIGIN}/projects/7`)
    await page.waitForURL(`${ORIGINS.app}/`)
    const cookies = await page.context().cookies()
    expect(cookies.find((cookie) => cookie.name === 'post_login_path')?.value).toBe('/projects/7')
  })
})

test('the team app: two access-token expiries on the project page keep its state (a counter) and fetch nothing again', async ({
  page,
  app,
  secrets,
  context,
  platform,
}) => {
  test.setTimeout(120_000)
  const TTL_SECONDS = 10
  await withTeamApp(platform, async () => {
    await control('access-token-ttl', { seconds: TTL_SECONDS })
    const projectLoads: string[] = []
    page.on('request', (request) => {
      if (request.url().startsWith(`${TEAM_APP_ORIGIN}/api/projects/`))
        projectLoads.push(request.url())
    })
    await deepLinkThroughSignIn(page, app, secrets)
    const grants = refreshGrants(context)
    for (let click = 0; click < 3; click += 1)
      await page.getByRole('button', { name: `Count ${click}` }).click()
    await expect(page.getByRole('button', { name: 'Count 3' })).toBeVisible()

    await expect
      .poll(() => grants.length, { timeout: 4 * TTL_SECONDS * 1000, intervals: [500] })
      .toBeGreaterThanOrEqual(2)
    // Through both refreshes: the same page, its state, no new load of the project.
    await expect(page.getByRole('button', { name: 'Count 3' })).toBeVisible()
    await expect(page.getByTestId('mounts')).toHaveText('1')
    expect(projectLoads).toEqual([`${TEAM_APP_ORIGIN}/api/projects/42`])
    await page.getByRole('button', { name: 'Call the API' }).click()
    await expect(page.getByTestId('api-answer')).toHaveText(`200 ${ACCOUNTS.pat.email}`)
    console.log(`[team-app] refreshes at ${grants.map((at) => at - grants[0]!).join(', ')} ms`)
  })
})
