/**
 * Accessibility: axe reports zero violations (WCAG 2.0/2.1/2.2 A and AA,
 * best practices) on every screen, in light and in dark. Dev mode only: axe is injected as script,
 * which the production CSP rightly forbids; the DOM is the same build either way.
 */
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { ACCOUNT_SCREENS, SCREENS } from '../support/screens'
import { TEXTS } from '../support/signInPage'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

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

  for (const screen of ACCOUNT_SCREENS) {
    test(`axe: ${screen}, light and dark`, async ({ page, app, controls, totp }) => {
      await SCREENS[screen]!({ page, app, controls, totp })
      expect(page.viewportSize()?.width).toBe(390)
      const violations = [...(await axe(page, 'light')), ...(await axe(page, 'dark'))]
      expect(violations).toEqual([])
    })
  }
})
