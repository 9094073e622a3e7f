/**
 * Accessibility: axe reports zero violations (WCAG 2.0/2.1/2.2 A and AA,
 * best practices) on every screen, in light and in dark (there the colour rules: dark mode is
 * colours only, see `support/axe.ts`). Dev mode only: axe is injected as script,
 * which the production CSP rightly forbids; the DOM is the same build either way.
 */
import { axeViolations as axe } from '../support/axe'
import { expect, test } from '../support/fixtures'
import { ACCOUNT_SCREENS, SCREENS } from '../support/screens'
import { TEXTS } from '../support/signInPage'

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
