/**
 * What people actually do: double-click and Enter-spam send exactly one
 * request; reload on every step lands on a sensible step, never a blank page; Back and Forward
 * move between email and password and out of MFA.
 */
import type { Page } from '@playwright/test'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { holdRequests } from '../support/holdRequests'
import {
  ACCOUNTS,
  expectSignedInOnSubsite,
  MESSAGES,
  TEXTS,
  type SignInPage,
  toCodeStep,
} from '../support/signInPage'
import { textsOf } from '../support/locales'

const de = textsOf('de')

/** Primary authentications the dev platform received (server side, not counting preflights). */
async function serverCount(
  controls: { requests: () => Promise<{ method: string; path: string }[]> },
  path: RegExp,
): Promise<number> {
  return (await controls.requests()).filter((r) => r.method === 'POST' && path.test(r.path)).length
}

async function toPasswordStep(app: SignInPage, account = ACCOUNTS.pat): Promise<void> {
  await app.goto()
  await app.enterEmail(account.email)
  await app.typePassword(account.password)
}

/**
 * Opens the page with its entry script held back until `release` is called: the prerendered
 * email step is on screen and usable, and nothing of the app has run.
 */
async function openWithEntryHeld(page: Page, app: SignInPage): Promise<() => void> {
  const { release } = await holdRequests(page, /\/assets\/index-[^/]+\.js$/)
  await page.goto(`${ORIGINS.app}/`, { waitUntil: 'commit' })
  await expect(app.email).toBeVisible()
  return release
}

test('keys typed before the script has run are all kept (the prerendered email step)', async ({
  page,
  app,
}) => {
  // The email step is painted from the prerendered HTML long before the script has run on a slow
  // phone; a person (or a password manager) who starts at once must not lose a key. The bundle is
  // held back until the whole address is typed.
  const release = await openWithEntryHeld(page, app)
  await expect(app.email).toBeFocused()
  await page.keyboard.type(ACCOUNTS.tess.email)
  release()
  await expect(app.next).toBeEnabled()
  await expect(app.email).toHaveValue(ACCOUNTS.tess.email)
  await page.keyboard.press('Enter')
  await expect(app.password).toBeFocused()
  await expect(page.getByText(ACCOUNTS.tess.email)).toBeVisible()
})

test('a language chosen in the menu before the script has run is applied once it has', async ({
  page,
  app,
}) => {
  // The menu is part of the prerendered page, so it can be used before React has taken it over; a
  // choice made then must not be lost (the page would stay in English with German selected).
  const release = await openWithEntryHeld(page, app)
  await page.getByRole('combobox', { name: /./ }).selectOption('de')
  release()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(de['email.heading']!)
  await expect(page.locator('html')).toHaveAttribute('lang', 'de')
  await expect(page.getByRole('combobox', { name: /./ })).toHaveValue('de')
})

test('the views cannot be loaded (offline): the page says so, and Try again loads them', async ({
  page,
  app,
}) => {
  // The views' chunk (React and the steps) never arrives: instead of a page that stays inert, the
  // network message and a way forward, from the page itself (nothing more can be fetched).
  const views = /\/assets\/views-[^/]+\.js$/
  await page.route(views, (route) => route.abort('internetdisconnected'))
  await app.goto()
  const retry = page.getByRole('button', { name: 'Try again', exact: true })
  await expect(retry).toBeFocused()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in')
  await expect(page.getByText(MESSAGES.network_error)).toBeVisible()
  await page.unroute(views)
  await retry.click()
  await app.enterEmail(ACCOUNTS.pat.email)
})

test.describe('exactly one request', () => {
  test('double-clicking Sign in sends one primary authentication', async ({
    page,
    app,
    net,
    controls,
  }) => {
    await toPasswordStep(app)
    await controls.fault('authn', 'delay', { delayMs: 1500 })
    await app.signIn.dblclick({ force: true })
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
    expect(net.count('POST', '/api/v1/authn')).toBe(1)
    expect(await serverCount(controls, /^\/api\/v1\/authn$/)).toBe(1)
  })

  test('pressing Enter five times fast sends one primary authentication', async ({
    page,
    app,
    net,
    controls,
  }) => {
    await toPasswordStep(app)
    await controls.fault('authn', 'delay', { delayMs: 1500 })
    await app.password.focus()
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Enter')
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
    expect(net.count('POST', '/api/v1/authn')).toBe(1)
    expect(await serverCount(controls, /^\/api\/v1\/authn$/)).toBe(1)
  })

  test('the sixth digit, then Enter five times and a double-click on Verify: one verification', async ({
    page,
    app,
    net,
    controls,
    totp,
  }) => {
    const tessSecret = await toCodeStep(app, controls)
    await controls.fault('authn', 'delay', { delayMs: 1500 })
    await app.typeCode(totp.code(tessSecret))
    for (let i = 0; i < 5; i += 1) await page.keyboard.press('Enter')
    await app.verify.dblclick({ force: true })
    await expect(app.verify).toHaveText(TEXTS.verifying)
    await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
    expect(net.count('POST', /\/verify$/)).toBe(1)
    expect(await serverCount(controls, /\/verify$/)).toBe(1)
    expect(net.count('POST', '/oauth2/default/v1/token')).toBe(1)
  })

  test('double-clicking an authenticator app enrols it once', async ({
    page,
    app,
    net,
    controls,
  }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await expect(app.heading).toHaveText(TEXTS.factorHeading)
    await controls.fault('authn', 'delay', { delayMs: 1000 })
    await page
      .getByRole('button', { name: new RegExp(`^${TEXTS.oktaVerify}`) })
      .dblclick({ force: true })
    await expect(app.heading).toHaveText(TEXTS.qrHeading)
    expect(net.count('POST', '/api/v1/authn/factors')).toBe(1)
  })
})

/** Reloads and checks the page shows a real step: a heading, never an empty root. */
async function reloadAndExpectStep(page: Page): Promise<void> {
  await page.reload()
  await expect(page.locator('#root')).not.toBeEmpty()
  await expect(page).toHaveTitle(TEXTS.title)
}

test.describe('reload on each step', () => {
  test('email step: still the email step', async ({ page, app }) => {
    await app.goto()
    await app.email.fill(ACCOUNTS.pat.email)
    await reloadAndExpectStep(page)
    await expect(app.email).toBeVisible()
    await expect(app.next).toBeVisible()
    expect(new URL(page.url()).hash).toBe('')
  })

  test('password step: still the password step for the same email', async ({ page, app }) => {
    await app.goto()
    await app.enterEmail(ACCOUNTS.pat.email)
    await reloadAndExpectStep(page)
    await expect(app.password).toBeVisible()
    await expect(page.getByText(ACCOUNTS.pat.email)).toBeVisible()
    await expect(page).toHaveURL(/#sign-in$/)
    await app.typePassword(ACCOUNTS.pat.password)
    await app.signIn.click()
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  })

  test('a #sign-in address without a known email goes back to the root', async ({ page, app }) => {
    await app.goto('/#sign-in')
    await expect(app.email).toBeVisible()
    expect(new URL(page.url()).hash).toBe('')
  })

  test('code step: the transaction is resumed and the code still signs in', async ({
    page,
    app,
    controls,
    totp,
  }) => {
    const tessSecret = await toCodeStep(app, controls)
    await app.codeBoxes.first().pressSequentially('12')
    await reloadAndExpectStep(page)
    await app.expectCodeStep()
    await app.typeCode(totp.code(tessSecret))
    await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
  })

  test('factor choice: still the choice, and enrolment works', async ({ page, app }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await expect(app.heading).toHaveText(TEXTS.factorHeading)
    await reloadAndExpectStep(page)
    await expect(app.heading).toHaveText(TEXTS.factorHeading)
    await page.getByRole('button', { name: new RegExp(`^${TEXTS.googleAuthenticator}`) }).click()
    await expect(app.heading).toHaveText(TEXTS.qrHeading)
  })

  test('QR step: the same QR step and secret, and activation works', async ({
    page,
    app,
    totp,
  }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await page.getByRole('button', { name: new RegExp(`^${TEXTS.oktaVerify}`) }).click()
    await expect(app.heading).toHaveText(TEXTS.qrHeading)
    const secret = (await page.locator('code').innerText()).replace(/\s+/g, '')
    await reloadAndExpectStep(page)
    await expect(app.heading).toHaveText(TEXTS.qrHeading)
    expect((await page.locator('code').innerText()).replace(/\s+/g, '')).toBe(secret)
    await app.typeCode(totp.code(secret))
    await expectSignedInOnSubsite(page, ACCOUNTS.nia.email)
  })

  test('during the 1000 ms wait (password): back at the password step, and signing in again works', async ({
    page,
    app,
    net,
  }) => {
    await toPasswordStep(app)
    await app.signIn.click()
    await expect(page.getByRole('heading', { name: 'Signing you in…' })).toBeVisible()
    await reloadAndExpectStep(page)
    await expect(app.password).toBeVisible()
    expect(net.navigations().some((n) => n.url.includes('/v1/authorize'))).toBe(false)
    await app.typePassword(ACCOUNTS.pat.password)
    await app.signIn.click()
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  })

  test('during the 1000 ms wait (after MFA): the transaction is re-read and the page says it has expired', async ({
    page,
    app,
    controls,
    totp,
  }) => {
    const tessSecret = await toCodeStep(app, controls)
    // The wait begins when the verification is answered (SUCCESS): the button says "Verifying…"
    // from the click on, so reloading on that alone reloads before the answer on a loaded machine,
    // and the code step comes back for a transaction still open.
    const verified = page.waitForResponse(
      (r) => /\/api\/v1\/authn\/factors\/[^/]+\/verify$/.test(new URL(r.url()).pathname) && r.ok(),
    )
    await app.typeCode(totp.code(tessSecret))
    expect(((await (await verified).json()) as { status: string }).status).toBe('SUCCESS')
    await expect(app.verify).toHaveText(TEXTS.verifying)
    await reloadAndExpectStep(page)
    // The one-time session token lived only in the page. The flag shows the code step verifying
    // while the stored transaction is re-read; the provider has closed it, and the page says so.
    await expect(page.getByRole('alert')).toHaveText('Your session has expired. Please try again.')
    await expect(app.email).toBeVisible()
  })
  // A reload during the callback (before the token request, in flight, before the redirect):
  // early-callback.spec.ts, in both modes.
})

test.describe('back and forward', () => {
  test('between email and password', async ({ page, app }) => {
    await app.goto()
    await app.enterEmail(ACCOUNTS.pat.email)
    await page.goBack()
    await expect(app.email).toHaveValue(ACCOUNTS.pat.email)
    expect(new URL(page.url()).hash).toBe('')
    await page.goForward()
    await expect(app.password).toBeVisible()
    await expect(page).toHaveURL(/#sign-in$/)
    await app.typePassword(ACCOUNTS.pat.password)
    await app.signIn.click()
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  })

  test('out of MFA: Back from the code step returns to the password step and abandons the transaction', async ({
    page,
    app,
    totp,
    controls,
  }) => {
    const tessSecret = await toCodeStep(app, controls)
    await page.goBack()
    await expect(app.password).toBeVisible()
    await expect(page).toHaveURL(/#sign-in$/)
    expect(await page.evaluate(() => sessionStorage.getItem('signin.stateToken'))).toBeNull()
    await page.goForward()
    await expect(app.password).toBeVisible()
    await expect(page).toHaveURL(/#sign-in$/)
    // And the person simply signs in again.
    await app.typePassword(ACCOUNTS.tess.password)
    await app.signIn.click()
    await app.expectCodeStep()
    await app.typeCode(totp.code(tessSecret))
    await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
  })

  test('out of enrolment: Back from the factor choice returns to the password step', async ({
    page,
    app,
  }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await expect(app.heading).toHaveText(TEXTS.factorHeading)
    await page.goBack()
    await expect(app.password).toBeVisible()
  })

  // The session is live, so the page says who is signed in and waits: it never sends
  // the person back to the sub-site by itself, and shows no code, error or callback.
  test('Back from the sub-site after signing in says who is signed in, without a code, and stays', async ({
    page,
    app,
  }) => {
    await app.signInWithPassword(ACCOUNTS.pat)
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
    await page.goBack()
    await expect(app.heading).toHaveText(/^You’re (signed in as .+|already signed in)$/)
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible()
    await expect(app.anyError).toHaveCount(0)
    await expect(page.getByRole('alert')).toHaveText('')
    expect(page.url()).not.toMatch(/[#?&](code|state)=/)
    await page.waitForTimeout(1500)
    expect(new URL(page.url()).origin).toBe(ORIGINS.app)
  })
})
