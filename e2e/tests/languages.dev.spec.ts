/**
 * axe in German, Japanese and Arabic (right to left) on the email and password steps, light and
 * dark (there the colour rules: dark mode is colours only, see `support/axe.ts`). Dev mode only:
 * axe is injected as script, which the production CSP rightly forbids.
 */
import type { Page } from '@playwright/test'
import { axeViolations } from '../support/axe'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS } from '../support/signInPage'
import { textsOf } from '../support/locales'

const de = textsOf('de')
const ar = textsOf('ar')
const ja = textsOf('ja')
const heading = (page: Page) => page.getByRole('heading', { level: 1 })

test.describe('axe in German, Japanese and Arabic, light and dark', () => {
  for (const [locale, texts] of [
    ['de', de],
    ['ja', ja],
    ['ar', ar],
  ] as const)
    test(`axe: ${locale}, email and password steps`, async ({ page }) => {
      await page.goto(`${ORIGINS.app}/?lang=${locale}`)
      await expect(heading(page)).toHaveText(texts['email.heading']!)
      const violations: string[] = []
      const check = async () => {
        for (const scheme of ['light', 'dark'] as const)
          violations.push(...(await axeViolations(page, scheme)).map((line) => `${locale} ${line}`))
      }
      await check()
      await page.getByLabel(texts['email.label']!, { exact: true }).fill(ACCOUNTS.pat.email)
      await page.keyboard.press('Enter')
      await expect(heading(page)).toHaveText(texts['password.heading']!)
      await check()
      expect(violations).toEqual([])
    })
})
