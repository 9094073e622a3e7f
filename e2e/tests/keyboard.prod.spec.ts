/**
 * Keyboard only (people who cannot use a pointer): the password path, the MFA path and enrolment,
 * completed with Tab, Shift+Tab, Space, Enter and typing; never a click.
 */
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite, TEXTS } from '../support/signInPage'

test('keyboard only: the password path, including revealing the password', async ({
  page,
  app,
  secrets,
}) => {
  secrets.add(ACCOUNTS.pat.password, 'password')
  await app.goto()
  await expect(app.email).toBeFocused()
  await page.keyboard.type(ACCOUNTS.pat.email)
  await page.keyboard.press('Enter')
  await expect(app.password).toBeFocused()
  await page.keyboard.type(ACCOUNTS.pat.password)
  await page.keyboard.press('Tab')
  await expect(app.reveal).toBeFocused()
  await page.keyboard.press('Space')
  await expect(app.password).toHaveAttribute('type', 'text')
  await page.keyboard.press('Space')
  await expect(app.password).toHaveAttribute('type', 'password')
  await page.keyboard.press('Tab')
  await expect(app.signIn).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Shift+Tab')
  await expect(app.password).toBeFocused()
  await page.keyboard.press('Enter')
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
})

test('keyboard only: the Google button and the legal links are reachable with Tab', async ({
  page,
  app,
}) => {
  await app.goto()
  const reached: string[] = []
  for (let i = 0; i < 8; i += 1) {
    await page.keyboard.press('Tab')
    reached.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''))
  }
  expect(reached).toEqual(
    expect.arrayContaining([
      'Sign in with Google',
      'Privacy policy',
      'Cookie policy',
      'Terms of service',
    ]),
  )
})

test('keyboard only: the MFA path', async ({ page, app, controls, totp, secrets }) => {
  const tess = await controls.account(ACCOUNTS.tess.email)
  secrets.add(ACCOUNTS.tess.password, 'password')
  await app.goto()
  await page.keyboard.type(ACCOUNTS.tess.email)
  await page.keyboard.press('Enter')
  await expect(app.password).toBeFocused()
  await page.keyboard.type(ACCOUNTS.tess.password)
  await page.keyboard.press('Enter')
  await app.expectCodeStep()
  await expect(app.codeBoxes.first()).toBeFocused()
  const code = totp.code(tess.totpSecret!)
  secrets.add(code, 'passCode')
  // A typo, fixed with Backspace, then the rest: the last digit submits.
  await page.keyboard.type(`${code.slice(0, 3)}0`)
  await page.keyboard.press('Backspace')
  await page.keyboard.type(code.slice(3))
  await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
})

test('keyboard only: enrolment, from the factor choice to the code', async ({
  page,
  app,
  totp,
  secrets,
}) => {
  secrets.add(ACCOUNTS.nia.password, 'password')
  await app.goto()
  await page.keyboard.type(ACCOUNTS.nia.email)
  await page.keyboard.press('Enter')
  // As a person does (and the password path above): the password once its field has the focus.
  await expect(app.password).toBeFocused()
  await page.keyboard.type(ACCOUNTS.nia.password)
  await page.keyboard.press('Enter')
  await expect(app.heading).toHaveText(TEXTS.factorHeading)
  const okta = page.getByRole('button', { name: new RegExp(`^${TEXTS.oktaVerify}`) })
  const google = page.getByRole('button', { name: new RegExp(`^${TEXTS.googleAuthenticator}`) })
  await expect(okta).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(google).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(app.heading).toHaveText(TEXTS.qrHeading)
  const secret = (await page.locator('code').innerText()).replace(/\s+/g, '')
  secrets.add(secret, 'sharedSecret')
  // Focus is in the code boxes, or one Tab away from them.
  for (
    let i = 0;
    i < 4 && !(await app.codeBoxes.first().evaluate((el) => el === document.activeElement));
    i += 1
  )
    await page.keyboard.press('Tab')
  await expect(app.codeBoxes.first()).toBeFocused()
  const code = totp.code(secret)
  secrets.add(code, 'passCode')
  await page.keyboard.type(code)
  await expectSignedInOnSubsite(page, ACCOUNTS.nia.email)
})
