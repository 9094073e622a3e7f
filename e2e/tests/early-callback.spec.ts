/**
 * The callback before React (the token request must not wait for the views to load): back from `/authorize` with `#code=…&state=…` (or from
 * Google with `?code=…`), the page's small entry reads the return and sends the token request (the
 * product API call) before any script carrying React or the views has arrived; the views follow
 * and show the flow's current step. And, on that early path: a reload at each point of it (before
 * the token request leaves, while it is in flight, after the tokens and before the redirect), a
 * slow token answer, a wrong state: each ends signed in or on a step with a way forward, never a
 * blank page, never a code exchanged twice.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page, Request } from '@playwright/test'
import { expectRefused, pendingTransaction } from '../support/callback'
import { IS_PROD, ORIGINS, RUN_DIR } from '../support/env'
import { expect, test } from '../support/fixtures'
import { holdRequests } from '../support/holdRequests'
import type { NetworkLog } from '../support/network'
import { ACCOUNTS, expectSignedInOnSubsite, TEXTS } from '../support/signInPage'

const TOKEN = '/oauth2/default/v1/token'
/** In React's production builds (its error URLs), in no other module of the page. */
const REACT_MARK = 'react.dev/errors/'

/** The built scripts carrying React (read from the build the suite serves). */
function reactScripts(): Set<string> {
  const assets = join(RUN_DIR, 'dist', 'assets')
  return new Set(
    readdirSync(assets).filter(
      (name) =>
        name.endsWith('.js') && readFileSync(join(assets, name), 'utf8').includes(REACT_MARK),
    ),
  )
}

/**
 * Holds back every script of the page that carries React until `release` is called, from now
 * on; `held` lists the ones requested. Routing also keeps the browser cache out, as on a first
 * visit.
 */
async function holdReact(page: Page): Promise<{ held: readonly Request[]; release: () => void }> {
  const react = reactScripts()
  expect(react.size, 'scripts carrying React in the build').toBeGreaterThan(0)
  return holdRequests(page, /\/assets\/[^/]+\.js$/, (request) =>
    react.has(new URL(request.url()).pathname.split('/').pop()!),
  )
}

/** The page shows a real step (a heading), never an empty root, after a reload. */
async function reloadAndExpectStep(page: Page): Promise<void> {
  await page.reload()
  await expect(page.locator('#root')).not.toBeEmpty()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page).toHaveTitle(TEXTS.title)
}

const tokenRequests = (net: NetworkLog) => net.count('POST', TOKEN)

test.describe('the callback before React', () => {
  test('back from /authorize, the token request leaves before any script with React has arrived; the views follow', async ({
    page,
    app,
    net,
  }) => {
    await app.goto()
    await app.enterEmail(ACCOUNTS.pat.email)
    await app.typePassword(ACCOUNTS.pat.password)
    const react = await holdReact(page)
    // The token answer is held too, so the page is seen before it moves on to the sub-site.
    const token = await holdRequests(page, `**${TOKEN}`)
    await app.signIn.click()
    await expect.poll(() => tokenRequests(net), { timeout: 10_000 }).toBe(1)
    expect(react.held.length, 'a script with React was requested and held').toBeGreaterThan(0)
    if (IS_PROD) {
      // The built page says what it is doing from its first frame, without React: never the
      // prerendered email step the person has left (nothing to type into, nothing to click).
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signing you in…')
      await expect(app.email).toHaveCount(0)
    }
    token.release()
    react.release()
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
    expect(tokenRequests(net)).toBe(1)
  })

  test('back from Google, the product API call leaves before any script with React has arrived', async ({
    page,
    app,
    net,
  }) => {
    await app.openGoogle()
    const react = await holdReact(page)
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
    await expect.poll(() => net.count('GET', '/auth/google-auth'), { timeout: 10_000 }).toBe(1)
    expect(react.held.length).toBeGreaterThan(0)
    react.release()
    await expectSignedInOnSubsite(page, ACCOUNTS.gina.email)
    expect(net.count('GET', '/auth/google-auth')).toBe(1)
  })

  test('a slow token answer: the page shows it is signing in, then the person lands signed in', async ({
    page,
    app,
    net,
    controls,
  }) => {
    await controls.fault('token', 'delay', { delayMs: 2500 })
    await app.signInWithPassword(ACCOUNTS.pat)
    await page.waitForRequest((request) => request.url().endsWith(TOKEN))
    await expect(page.getByRole('heading', { name: 'Signing you in…' })).toBeVisible()
    expect(new URL(page.url()).hash).toBe('')
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
    expect(tokenRequests(net)).toBe(1)
  })

  test('a wrong state, with a real sign-in pending: refused with the callback message, no token request', async ({
    page,
    app,
    net,
    controls,
  }) => {
    await pendingTransaction(page, app)
    await page.goto(`${ORIGINS.app}/#code=x&state=forged`)
    await expectRefused(page, app, net, controls)
  })
})

test.describe('a reload on the early callback path', () => {
  test('before the page has read the return (its scripts never arrived): the return is read once, signed in', async ({
    page,
    app,
    net,
  }) => {
    await app.goto()
    await app.enterEmail(ACCOUNTS.pat.email)
    await app.typePassword(ACCOUNTS.pat.password)
    // The page's entry script (the same build on the return), as the inline loader starts it.
    const entry = await page.evaluate(() =>
      (document.getElementById('scripts') as HTMLTemplateElement | null)?.content
        .querySelector('script[src]')
        ?.getAttribute('src'),
    )
    expect(entry, 'the entry script in the template of scripts').toMatch(/\.js$/)
    const refused: string[] = []
    await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
      refused.push(new URL(route.request().url()).pathname)
      await route.abort('connectionreset')
    })
    await app.signIn.click()
    await page.waitForURL((url) => url.origin === ORIGINS.app && url.hash.startsWith('#code='), {
      waitUntil: 'commit',
    })
    // The entry itself refused, not only the views' preload: had it been let through once the
    // route was gone, it would have read the return and the reload below would start elsewhere.
    await expect.poll(() => refused).toContain(entry)
    await page.unrouteAll({ behavior: 'wait' })
    await page.reload()
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
    expect(tokenRequests(net)).toBe(1)
  })

  test('after the return was read, before the token request left: a step to start again from, the code never exchanged', async ({
    page,
    app,
    net,
  }) => {
    await app.goto()
    await app.enterEmail(ACCOUNTS.pat.email)
    await app.typePassword(ACCOUNTS.pat.password)
    // The provider clients' chunk held: the entry has read and cleared the return, no request yet.
    let held = false
    await page.route(/\/assets\/networkEffects-[^/]+\.js$/, () => {
      held = true
    })
    await app.signIn.click()
    await page.waitForURL(`${ORIGINS.app}/`)
    await expect.poll(() => held).toBe(true)
    // Reloaded with the chunk still held (unrouting would let the old page's request through).
    await reloadAndExpectStep(page)
    await expect(app.email).toBeVisible()
    expect(page.url()).not.toMatch(/[#?&](code|state)=/)
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    await page.waitForTimeout(1000)
    expect(tokenRequests(net)).toBe(0)
    await app.enterEmail(ACCOUNTS.pat.email)
    await app.typePassword(ACCOUNTS.pat.password)
    await app.signIn.click()
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
    expect(tokenRequests(net)).toBe(1)
  })

  test('while the token request is in flight: a step to start again from, and no second token request', async ({
    page,
    app,
    net,
    controls,
  }) => {
    await controls.fault('token', 'delay', { delayMs: 2500 })
    await app.goto()
    await app.enterEmail(ACCOUNTS.pat.email)
    await app.typePassword(ACCOUNTS.pat.password)
    const tokenRequest = page.waitForRequest((r) => r.url().endsWith(TOKEN))
    await app.signIn.click()
    await tokenRequest
    await reloadAndExpectStep(page)
    await expect(app.email).toBeVisible()
    await page.waitForTimeout(3000) // the delayed exchange has answered by now
    expect(tokenRequests(net)).toBe(1)
    expect(page.url()).not.toMatch(/[#?&](code|state)=/)
  })

  test('after the tokens arrived, before the redirect: the page says who is signed in, and Continue goes on', async ({
    page,
    app,
    net,
  }) => {
    // The redirect to the provider's logout never gets through: the page stays, cookies written.
    let leaving = false
    const isLogout = (url: URL) => url.pathname.endsWith('/v1/logout')
    await page.route(isLogout, async (route) => {
      leaving = true
      await route.abort('aborted')
    })
    await app.signInWithPassword(ACCOUNTS.pat)
    await expect.poll(() => leaving).toBe(true)
    await page.unroute(isLogout)
    await reloadAndExpectStep(page)
    await expect(app.heading).toHaveText(/^You’re (signed in as .+|already signed in)$/)
    await page.getByRole('button', { name: 'Continue' }).click()
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
    expect(tokenRequests(net)).toBe(1)
  })
})
