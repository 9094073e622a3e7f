/**
 * Every screen of the page, and how to bring the page to it (shared by the axe and the layout
 * checks). Each resolves once its screen is on show.
 */
import type { Page } from '@playwright/test'
import { ORIGINS, UNCONFIGURED_PORT } from './env'
import { expect, type TestFixtures } from './fixtures'
import { ACCOUNTS, MESSAGES, TEXTS } from './signInPage'

export type ScreenFixtures = Pick<TestFixtures, 'app' | 'controls' | 'totp'> & { page: Page }

/** The screens of what real accounts run into, checked on a phone as well. */
export const ACCOUNT_SCREENS = [
  'password expired',
  'locked',
  'locked, administrator only',
  'unlock sent',
  'code with remember device',
  'password rate-limited',
  'code rate-limited',
  'signed in',
] as const

/** How to bring the page to each screen. */
export const SCREENS: Record<string, (f: ScreenFixtures) => Promise<void>> = {
  email: async ({ app }) => {
    await app.goto()
    await expect(app.email).toBeFocused()
  },
  'email with an invalid address': async ({ page, app }) => {
    await app.goto()
    await app.email.fill('not-an-email')
    await page.keyboard.press('Enter')
    await expect(
      page.locator('main').getByText('Enter an email address like name@example.com.'),
    ).toBeVisible()
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
  'password expired': async ({ app }) => {
    await app.signInWithPassword(ACCOUNTS.pia)
    await expect(app.heading).toHaveText('Your password has expired')
  },
  locked: async ({ app }) => {
    await app.signInWithPassword(ACCOUNTS.lou)
    await expect(app.heading).toHaveText('Your account is locked')
  },
  'locked, administrator only': async ({ page, app }) => {
    await app.signInWithPassword(ACCOUNTS.ali)
    await expect(page.getByText(/contact your administrator/)).toBeVisible()
  },
  'unlock sent': async ({ page, app }) => {
    await app.signInWithPassword(ACCOUNTS.lou)
    await page.getByRole('button', { name: 'Unlock account' }).click()
    await expect(app.heading).toHaveText('Check your email')
  },
  'code with remember device': async ({ page, app }) => {
    await app.signInWithPassword(ACCOUNTS.remy)
    await app.expectCodeStep()
    await expect(page.getByRole('checkbox')).toBeVisible()
  },
  'password rate-limited': async ({ page, app }) => {
    await app.signInWithPassword(ACCOUNTS.ray)
    await expect(page.getByRole('button', { name: /^Try again in / })).toBeDisabled()
  },
  'code rate-limited': async ({ page, app, controls, totp }) => {
    // One verify per 30 s: the wrong code opens the window, the right one is refused (429).
    await controls.rateLimit('verify', { limit: 1, windowSeconds: 30 })
    const tess = await controls.account(ACCOUNTS.tess.email)
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.typeCode(totp.wrongCode(tess.totpSecret!))
    await expect(app.error(MESSAGES.mfa_verification_failed)).toBeVisible()
    await app.typeCode(totp.code(tess.totpSecret!))
    await expect(page.getByRole('button', { name: /^Try again in / })).toBeDisabled()
  },
  'signed in': async ({ page, app }) => {
    await app.signInWithPassword(ACCOUNTS.pat)
    await page.waitForURL(`${ORIGINS.subsite(ORIGINS.defaultSubsite)}/`)
    await app.goto()
    await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused()
  },
  progress: async ({ page, app, controls }) => {
    // The exchange is held: "Signing you in…" stays on screen while the checks run (axe in both
    // colour schemes took longer than 4 s on a busy machine, and the screen moved on under it).
    await controls.fault('token', 'delay', { delayMs: 15_000 })
    await app.signInWithPassword(ACCOUNTS.pat)
    await page.waitForURL(`${ORIGINS.app}/`)
    await expect(app.heading).toHaveText('Signing you in…')
  },
  'configuration error': async ({ page }) => {
    await page.goto(`http://localhost:${UNCONFIGURED_PORT}/`)
    await expect(page.getByRole('heading', { name: 'Sign-in is not available' })).toBeVisible()
  },
}
