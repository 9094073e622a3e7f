/**
 * Accessibility (issue 5, last bullet): axe reports zero violations (WCAG 2.0/2.1/2.2 A and AA,
 * best practices) on every screen, in light and in dark. Dev mode only: axe is injected as script,
 * which the production CSP rightly forbids; the DOM is the same build either way.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ORIGINS, UNCONFIGURED_PORT } from '../support/env'
import { expect, test, type TestFixtures } from '../support/fixtures'
import { ACCOUNTS, MESSAGES, TEXTS } from '../support/signInPage'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

type Fixtures = Pick<TestFixtures, 'app' | 'controls' | 'totp'> & { page: Page }

/** How to bring the page to each screen; resolves once the screen is on show. */
const SCREENS: Record<string, (f: Fixtures) => Promise<void>> = {
  email: async ({ app }) => {
    await app.goto()
    await expect(app.email).toBeFocused()
  },
  'email with an invalid address': async ({ page, app }) => {
    await app.goto()
    await app.email.fill('not-an-email')
    await page.keyboard.press('Enter')
    await expect(page.getByText('Enter an email address like name@example.com.')).toBeVisible()
  },
  'email with an error': async ({ app }) => {
    await app.signInWithPassword({ email: ACCOUNTS.pat.email, password: 'Wrong-password-1' })
    await expect(app.error(MESSAGES.invalid_credentials)).toBeVisible()
  },
  password: async ({ app }) => {
    await app.goto()
    await app.enterEmail(ACCOUNTS.pat.email)
  },
  'password revealed': async ({ app }) => {
    await app.goto()
    await app.enterEmail(ACCOUNTS.pat.email)
    await app.typePassword('Revealed-1')
    await app.reveal.click()
    await expect(app.password).toHaveAttribute('type', 'text')
  },
  code: async ({ app }) => {
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.expectCodeStep()
  },
  'code with an error': async ({ app, controls, totp }) => {
    const tess = await controls.account(ACCOUNTS.tess.email)
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.typeCode(totp.wrongCode(tess.totpSecret!))
    await expect(app.error(MESSAGES.mfa_verification_failed)).toBeVisible()
  },
  'factor choice': async ({ app }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await expect(app.heading).toHaveText(TEXTS.factorHeading)
  },
  'QR step': async ({ page, app }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await page.getByRole('button', { name: new RegExp(`^${TEXTS.oktaVerify}`) }).click()
    await expect(app.heading).toHaveText(TEXTS.qrHeading)
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible()
  },
  'QR step with an error': async ({ page, app, totp }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await page.getByRole('button', { name: new RegExp(`^${TEXTS.oktaVerify}`) }).click()
    const secret = (await page.locator('code').innerText()).replace(/\s+/g, '')
    await app.typeCode(totp.wrongCode(secret))
    await expect(app.error('Invalid verification code')).toBeVisible()
  },
  progress: async ({ page, app, controls }) => {
    // The exchange is held for a few seconds: "Signing you in…" stays on screen.
    await controls.fault('token', 'delay', { delayMs: 4000 })
    await app.signInWithPassword(ACCOUNTS.pat)
    await page.waitForURL(`${ORIGINS.app}/`)
    await expect(page.getByRole('status')).toContainText('Signing you in…')
  },
  'configuration error': async ({ page }) => {
    await page.goto(`http://localhost:${UNCONFIGURED_PORT}/`)
    await expect(page.getByRole('heading', { name: 'Sign-in is not available' })).toBeVisible()
  },
}

/** Runs axe on the page as it is, in `scheme`; the violations, one line each. */
async function axe(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  await page.emulateMedia({ colorScheme: scheme })
  // Colours ease for 120 ms after the switch: axe must measure the settled ones, not a frame of
  // the transition (which once failed contrast on a busy machine).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => !(animation instanceof CSSTransition)),
  )
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  expect(results.passes.length).toBeGreaterThan(10)
  return results.violations.map(
    (v) =>
      `${scheme}: ${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
}

for (const [screen, reach] of Object.entries(SCREENS)) {
  test(`axe: ${screen}, light and dark`, async ({ page, app, controls, totp }) => {
    await reach({ page, app, controls, totp })
    const violations = [...(await axe(page, 'light')), ...(await axe(page, 'dark'))]
    expect(violations).toEqual([])
  })
}

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('axe: QR step with its same-device link, light and dark', async ({
    page,
    app,
    controls,
    totp,
  }) => {
    await SCREENS['QR step']!({ page, app, controls, totp })
    await expect(page.getByRole('link', { name: TEXTS.sameDevice })).toBeVisible()
    const violations = [...(await axe(page, 'light')), ...(await axe(page, 'dark'))]
    expect(violations).toEqual([])
  })
})
