/**
 * MFA required: the seeded TOTP secret, the current code typed, pasted
 * into the third box, and a wrong code showing the specification's message with the boxes empty.
 */
import {
  expectOktaSignInChain,
  expectStorageClean,
  expectTokenCookies,
} from '../support/assertions'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite, MESSAGES, TEXTS } from '../support/signInPage'

test.describe('MFA required', () => {
  let secret: string

  test.beforeEach(async ({ app, controls }) => {
    const tess = await controls.account(ACCOUNTS.tess.email)
    expect(tess.totpSecret).toBeTruthy()
    secret = tess.totpSecret!
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.expectCodeStep()
  })

  test('typing the current code verifies it by itself and signs in', async ({
    page,
    app,
    totp,
    net,
    secrets,
    context,
  }) => {
    await expect(app.codeBoxes).toHaveCount(6)
    await expect(app.codeBoxes.first()).toBeFocused()
    await expect(app.verify).toBeDisabled()
    await expectStorageClean(page, secrets)
    // The first TOTP factor is used, not the push factor listed before it.
    await app.typeCode(totp.code(secret))
    await expect(app.verify).toHaveText(TEXTS.verifying)
    await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
    const issuedAt = Date.now() / 1000

    const verifies = net.matching('POST', /\/api\/v1\/authn\/factors\/[^/]+\/verify$/)
    expect(verifies).toHaveLength(1)
    expect(verifies[0]!.url).toContain('/factors/ostdevtesstotp000001/verify')
    expectOktaSignInChain(net, ACCOUNTS.tess.email)
    await expectTokenCookies(context, issuedAt)
  })

  test('a code pasted into the third box fills all six and signs in', async ({
    page,
    app,
    totp,
    secrets,
    context,
  }) => {
    const code = totp.code(secret)
    secrets.add(code, 'passCode')
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.evaluate((text) => navigator.clipboard.writeText(text), `${code}`)
    await app.codeBoxes.nth(2).focus()
    await page.keyboard.press('ControlOrMeta+V')
    await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
  })

  test('a pasted code with spaces and letters keeps its first six digits', async ({
    page,
    totp,
    secrets,
  }) => {
    const code = totp.code(secret)
    secrets.add(code, 'passCode')
    // As a person copies it from an authenticator app: "123 456" plus stray text.
    await page.evaluate(
      (text) => {
        const box = document.querySelectorAll<HTMLInputElement>('input[aria-label^="Digit"]')[2]!
        const data = new DataTransfer()
        data.setData('text/plain', text)
        box.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
        )
      },
      ` ${code.slice(0, 3)} ${code.slice(3)}99 x`,
    )
    await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
  })

  test('a wrong code shows the specification’s message and empties the boxes; the right one then works', async ({
    page,
    app,
    totp,
    net,
  }) => {
    await app.typeCode(totp.wrongCode(secret))
    await expect(app.error(MESSAGES.mfa_verification_failed)).toHaveText(
      'MFA verification failed. Please try again.',
    )
    expect(await app.codeValue()).toBe('')
    await expect(app.codeBoxes.first()).toBeFocused()
    await expect(app.verify).toHaveText(TEXTS.verify)
    await app.expectCodeStep()

    await app.typeCode(totp.code(secret))
    await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
    expect(net.count('POST', /\/verify$/)).toBe(2)
  })

  test('backspace and the arrow keys move between the boxes; non-digits are ignored', async ({
    page,
    app,
  }) => {
    await app.codeBoxes.first().pressSequentially('1a2b')
    expect(await app.codeValue()).toBe('12')
    await expect(app.codeBoxes.nth(2)).toBeFocused()
    await page.keyboard.press('Backspace')
    expect(await app.codeValue()).toBe('1')
    await expect(app.codeBoxes.nth(1)).toBeFocused()
    await page.keyboard.press('ArrowLeft')
    await expect(app.codeBoxes.first()).toBeFocused()
    await page.keyboard.press('ArrowRight')
    await expect(app.codeBoxes.nth(1)).toBeFocused()
    await expect(app.verify).toBeDisabled()
  })
})
