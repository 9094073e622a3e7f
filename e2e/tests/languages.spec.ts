/**
 * The language menu: switches in place, keeps the email and the step, and saves the choice where
 * the mode says (the parent domain in production, host-only on the local dev host in local mode),
 * so both modes run it. The paths in German, Arabic and Japanese are `languages.prod.spec.ts`
 * (the same views in both modes); axe in those languages `languages.dev.spec.ts`.
 */
import type { Page } from '@playwright/test'
import { IS_PROD, ORIGINS, PARENT_DOMAIN } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS } from '../support/signInPage'
import { textsOf } from '../support/locales'

const de = textsOf('de')
const ja = textsOf('ja')

/** Where the page writes the `locale` cookie: the parent domain in production; host-only on the
 * local dev host (the app's local mode, as for every cookie). */
const LOCALE_COOKIE_DOMAIN = IS_PROD ? PARENT_DOMAIN : new URL(ORIGINS.app).hostname

const heading = (page: Page) => page.getByRole('heading', { level: 1 })
const menu = (page: Page) => page.getByRole('combobox', { name: /./ })

test('the menu switches in place, keeps the email and the step, and saves on the parent domain', async ({
  page,
  context,
}) => {
  await page.goto(`${ORIGINS.app}/`)
  await expect(heading(page)).toHaveText('Sign in')
  await page.getByLabel('Email', { exact: true }).fill(ACCOUNTS.pat.email)
  await menu(page).selectOption('de')
  await expect(heading(page)).toHaveText(de['email.heading']!)
  await expect(page.getByLabel(de['email.label']!, { exact: true })).toHaveValue(ACCOUNTS.pat.email)
  await page.getByRole('button', { name: de['email.next'], exact: true }).click()
  await expect(heading(page)).toHaveText(de['password.heading']!)
  await menu(page).selectOption('ja')
  await expect(heading(page)).toHaveText(ja['password.heading']!)
  await expect(page).toHaveURL(/#sign-in$/)
  await expect(page.getByText(ACCOUNTS.pat.email)).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'ja')
  const saved = (await context.cookies()).filter((cookie) => cookie.name === 'locale')
  expect(saved).toEqual([
    expect.objectContaining({
      value: 'ja',
      domain: LOCALE_COOKIE_DOMAIN,
      path: '/',
      secure: true,
      sameSite: 'Lax',
    }),
  ])
  expect(saved[0]!.expires - Date.now() / 1000).toBeGreaterThan(364 * 24 * 3600)

  // The next visit, and every sub-site, knows it.
  await page.goto(`${ORIGINS.app}/`)
  await expect(heading(page)).toHaveText(ja['email.heading']!)
})
