/**
 * Password only: email, password, the 1000 ms wait, /authorize, the token
 * exchange; then the cookies, the provider logout with id_token_hint, and the sub-site showing
 * the user. Also: the URL and history never keep the code, and storage never holds a token.
 */
import {
  expectCleanHistory,
  expectOktaSignInChain,
  expectStorageClean,
  expectTokenCookies,
} from '../support/assertions'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'

test('password only: waits 1000 ms, exchanges the code, writes the cookies and lands on the sub-site through the provider logout', async ({
  page,
  app,
  net,
  secrets,
  context,
}) => {
  const atToken: { href: string; storage: Record<string, string> | null }[] = []
  await page.route('**/oauth2/default/v1/token', async (route) => {
    // At the moment the token request is made, the page no longer shows the code in its URL.
    atToken.push(
      await page.evaluate(() => ({
        href: location.href,
        storage: Object.fromEntries(Object.entries(sessionStorage)),
      })),
    )
    await route.continue()
  })

  await app.goto()
  await expectStorageClean(page, secrets)
  await app.enterEmail(ACCOUNTS.pat.email)
  await expect(page).toHaveURL(/#sign-in$/)
  await app.typePassword(ACCOUNTS.pat.password)
  await expectStorageClean(page, secrets)
  await app.signIn.click()
  await expect(page.getByRole('heading', { name: 'Signing you in…' })).toBeVisible()
  await expectStorageClean(page, secrets)

  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  const issuedAt = Date.now() / 1000

  // One primary authentication, then /authorize no sooner than 1000 ms after its answer.
  expect(net.count('POST', '/api/v1/authn')).toBe(1)
  const authnAnswer = net.responses.find((r) => new URL(r.url).pathname === '/api/v1/authn')
  const authorize = net.navigations().find((r) => r.url.includes('/v1/authorize?'))
  expect(authnAnswer && authorize).toBeTruthy()
  const wait = authorize!.at - authnAnswer!.at
  expect(wait, 'the redirect delay').toBeGreaterThanOrEqual(950)
  expect(wait).toBeLessThan(2500)

  const chain = expectOktaSignInChain(net, ACCOUNTS.pat.email)
  // The callback arrived in the fragment with the request's state, and was cleared before the
  // token request; by then the verifier and OAuth state were already out of storage.
  const callback = net.committed.find((c) => c.url.startsWith(`${ORIGINS.app}/#code=`))
  expect(callback, 'the callback URL').toBeTruthy()
  expect(new URLSearchParams(new URL(callback!.url).hash.slice(1)).get('state')).toBe(
    chain.authorize.searchParams.get('state'),
  )
  expect(atToken).toHaveLength(1)
  expect(atToken[0]!.href).toBe(`${ORIGINS.app}/`)
  expect(Object.keys(atToken[0]!.storage ?? {})).not.toContain('signin.pkceVerifier')
  expect(Object.keys(atToken[0]!.storage ?? {})).not.toContain('signin.oauthState')
  expect(net.count('POST', '/oauth2/default/v1/token')).toBe(1)

  const { accessToken } = await expectTokenCookies(context, issuedAt)
  expect(accessToken).toMatch(/^eyJ/)

  // Nothing in the session history keeps a code, a state or a token.
  const history = await expectCleanHistory(page)
  expect(history.some((url) => url.startsWith(ORIGINS.app))).toBe(true)
})

test('password only: Sign in sends the primary authentication before the page paints again', async ({
  page,
  app,
}) => {
  // When the page calls fetch for it (resource timing starts a preflighted request later).
  await page.addInitScript(() => {
    const fetch = window.fetch
    window.fetch = (...args) => {
      if (String(args[0]).endsWith('/api/v1/authn'))
        document.documentElement.dataset.authnAt = `${performance.now()}`
      return fetch(...args)
    }
  })
  await app.goto()
  await app.enterEmail(ACCOUNTS.pat.email)
  await app.typePassword(ACCOUNTS.pat.password)
  // The provider clients' chunk arrives while the person types (or when the page is idle).
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').some((r) => r.name.includes('networkEffects')),
      ),
    )
    .toBe(true)
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)))
  // The next frame after the click (the step re-rendered "Signing you in…"), when it runs.
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      () =>
        requestAnimationFrame(
          () => (document.documentElement.dataset.frameAt = `${performance.now()}`),
        ),
      { capture: true, once: true },
    ),
  )
  await app.signIn.click()
  const html = page.locator('html')
  await expect(html).toHaveAttribute('data-authn-at')
  await expect(html).toHaveAttribute('data-frame-at')
  const sentAt = Number(await html.getAttribute('data-authn-at'))
  const frameAt = Number(await html.getAttribute('data-frame-at'))
  expect(sentAt).toBeLessThan(frameAt)
})

test('password only: the Forgot password button goes to the provider’s page', async ({
  page,
  app,
}) => {
  await app.goto()
  await app.enterEmail(ACCOUNTS.pat.email)
  await app.forgotPassword.click()
  await page.waitForURL(`${ORIGINS.okta}/signin/forgot-password`)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Reset your password')
})

test('password only: the eye button reveals and hides the password', async ({ app }) => {
  await app.goto()
  await app.enterEmail(ACCOUNTS.pat.email)
  await app.typePassword(ACCOUNTS.pat.password)
  await expect(app.password).toHaveAttribute('type', 'password')
  await app.reveal.click()
  await expect(app.password).toHaveAttribute('type', 'text')
  await expect(app.reveal).toHaveAttribute('aria-pressed', 'true')
  await app.reveal.click()
  await expect(app.password).toHaveAttribute('type', 'password')
})
