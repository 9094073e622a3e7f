/**
 * MFA enrolment, for Okta Verify and for Google Authenticator: choose,
 * read the shared secret from the page, compute the code, activate, land signed in. The QR image
 * decodes to an otpauth:// URI carrying the same secret.
 */
import { expectOktaSignInChain, expectStorageClean } from '../support/assertions'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { decodeQrPng } from '../support/qr'
import { ACCOUNTS, expectSignedInOnSubsite, TEXTS } from '../support/signInPage'

const PROVIDERS = [
  { provider: 'OKTA', name: TEXTS.oktaVerify },
  { provider: 'GOOGLE', name: TEXTS.googleAuthenticator },
] as const

for (const { provider, name } of PROVIDERS) {
  test(`enrolment with ${name}: QR and shared secret agree, the code activates, the user lands signed in`, async ({
    page,
    app,
    totp,
    net,
    secrets,
    controls,
  }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await expect(app.heading).toHaveText(TEXTS.factorHeading)
    await expect(page.getByText(TEXTS.factorInstruction)).toBeVisible()
    await expect(page).toHaveURL(/#setup$/)
    // Only the TOTP apps are offered (the provider also lists SMS).
    const options = page.getByRole('listitem').getByRole('button')
    await expect(options).toHaveCount(2)
    await expect(options.nth(0)).toContainText(TEXTS.oktaVerify)
    await expect(options.nth(1)).toContainText(TEXTS.googleAuthenticator)

    const qrResponse = page.waitForResponse((response) => /\/qr\/[^/]+$/.test(response.url()))
    await page.getByRole('button', { name: new RegExp(`^${name}`) }).click()
    await expect(app.heading).toHaveText(TEXTS.qrHeading)
    await expect(page).toHaveURL(/#activate$/)

    // The shared secret as shown for manual entry (grouped by four).
    const shown = (await page.locator('code').innerText()).replace(/\s+/g, '')
    expect(shown).toMatch(/^[A-Z2-7]{16,}$/)
    secrets.add(shown, 'sharedSecret')

    // The QR image comes from the provider and encodes the same secret.
    const image = page.getByRole('img', { name: new RegExp(name) })
    await expect(image).toBeVisible()
    expect(new URL((await image.getAttribute('src'))!).origin).toBe(ORIGINS.okta)
    const png = await (await qrResponse).body()
    const uri = new URL(decodeQrPng(png))
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(uri.searchParams.get('secret')).toBe(shown)
    expect(uri.searchParams.get('issuer')).toContain(name)
    expect(decodeURIComponent(uri.pathname)).toContain(ACCOUNTS.nia.email)
    await expectStorageClean(page, secrets)

    // The same key as an otpauth:// link for an app on this device; a desktop does not show it.
    const sameDevice = page.locator('a[href^="otpauth:"]')
    await expect(sameDevice).toBeHidden()
    expect(new URL((await sameDevice.getAttribute('href'))!).searchParams.get('secret')).toBe(shown)

    await app.typeCode(totp.code(shown))
    await expectSignedInOnSubsite(page, ACCOUNTS.nia.email)

    const enrolls = net.matching('POST', '/api/v1/authn/factors')
    expect(enrolls).toHaveLength(1)
    expect(net.count('POST', /\/lifecycle\/activate$/)).toBe(1)
    expectOktaSignInChain(net, ACCOUNTS.nia.email)
    // The provider now holds exactly this enrolment.
    const nia = await controls.account(ACCOUNTS.nia.email)
    expect(nia.enrolledFactors).toEqual([expect.objectContaining({ provider, secret: shown })])
  })
}

test('after enrolment, the next sign-in asks for a code from the new app', async ({
  page,
  app,
  totp,
}) => {
  await app.signInWithPassword(ACCOUNTS.nia)
  await page.getByRole('button', { name: new RegExp(`^${TEXTS.googleAuthenticator}`) }).click()
  await expect(app.heading).toHaveText(TEXTS.qrHeading)
  const secret = (await page.locator('code').innerText()).replace(/\s+/g, '')
  await app.typeCode(totp.code(secret))
  await expectSignedInOnSubsite(page, ACCOUNTS.nia.email)

  await page.context().clearCookies()
  await totp.nextStep()
  await app.signInWithPassword(ACCOUNTS.nia)
  await app.expectCodeStep()
  await app.typeCode(totp.code(secret))
  await expectSignedInOnSubsite(page, ACCOUNTS.nia.email)
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })

  test('the QR step links the key to an authenticator app on this device, and that key signs in', async ({
    page,
    app,
    totp,
    secrets,
  }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await page.getByRole('button', { name: new RegExp(`^${TEXTS.oktaVerify}`) }).click()
    await expect(app.heading).toHaveText(TEXTS.qrHeading)
    const link = page.getByRole('link', { name: TEXTS.sameDevice })
    await expect(link).toBeVisible()
    const uri = new URL((await link.getAttribute('href'))!)
    expect(uri.protocol).toBe('otpauth:')
    expect(uri.host).toBe('totp')
    expect(decodeURIComponent(uri.pathname)).toBe(`/Mapping Platform:${ACCOUNTS.nia.email}`)
    expect(uri.searchParams.get('issuer')).toBe('Mapping Platform')
    const secret = uri.searchParams.get('secret')!
    secrets.add(secret, 'sharedSecret')
    expect((await page.locator('code').innerText()).replace(/\s+/g, '')).toBe(secret)

    await app.typeCode(totp.code(secret))
    await expectSignedInOnSubsite(page, ACCOUNTS.nia.email)
  })
})
