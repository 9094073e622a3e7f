/**
 * The twelve MFA and enrolment messages of spec section 8, each reached through the real UI where
 * a person (or the real provider) can cause it. Three need an answer the dev platform never gives
 * (a well-formed answer that lacks what the app needs); those alter the platform's real answer in
 * flight and say why Okta could send it. `No factor selected for enrollment` cannot be reached:
 * the page only offers the factors the provider listed.
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../support/fixtures'
import { alterOktaAnswer, withoutKey, type JsonBody } from '../support/providerRoutes'
import {
  ACCOUNTS,
  expectSignedInOnSubsite,
  MESSAGES,
  TEXTS,
  type SignInPage,
  toCodeStep,
} from '../support/signInPage'

const chooseOktaVerify = (page: Page) =>
  page.getByRole('button', { name: new RegExp(`^${TEXTS.oktaVerify}`) }).click()

/** Nia at the QR step; returns the shared secret shown. */
async function toQrStep(page: Page, app: SignInPage): Promise<string> {
  await app.signInWithPassword(ACCOUNTS.nia)
  await expect(app.heading).toHaveText(TEXTS.factorHeading)
  await chooseOktaVerify(page)
  await expect(app.heading).toHaveText(TEXTS.qrHeading)
  return (await page.locator('code').innerText()).replace(/\s+/g, '')
}

test.describe('the twelve MFA and enrolment messages', () => {
  test('"Missing required state token": a reload at the factor choice after the transaction was lost', async ({
    page,
    app,
  }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await expect(app.heading).toHaveText(TEXTS.factorHeading)
    await page.evaluate(() => sessionStorage.removeItem('signin.stateToken'))
    await page.reload()
    await app.expectEmailStepError('Missing required state token')
    expect(MESSAGES.missing_state_token).toBe('Missing required state token')
  })

  test('"Failed to enroll factor": the provider fails the enrolment', async ({
    page,
    app,
    controls,
  }) => {
    await app.signInWithPassword(ACCOUNTS.nia)
    await expect(app.heading).toHaveText(TEXTS.factorHeading)
    await controls.fault('authn', 'status500')
    await chooseOktaVerify(page)
    await expect(app.error('Failed to enroll factor')).toHaveText('Failed to enroll factor')
    await expect(app.heading).toHaveText(TEXTS.factorHeading)
    // The choice can be made again.
    await chooseOktaVerify(page)
    await expect(app.heading).toHaveText(TEXTS.qrHeading)
  })

  test('"Failed to get enrollment information": the enrolment answer has no activation (altered answer: Okta omits it for factors activated elsewhere)', async ({
    page,
    app,
  }) => {
    await alterOktaAnswer(page, /^\/api\/v1\/authn\/factors$/, (body) => {
      withoutKey(body, 'activation')
      return body
    })
    await app.signInWithPassword(ACCOUNTS.nia)
    await chooseOktaVerify(page)
    await expect(app.error('Failed to get enrollment information')).toHaveText(
      'Failed to get enrollment information',
    )
    expect(MESSAGES.enrollment_info_failed).toBe('Failed to get enrollment information')
  })

  test('"Missing required verification data": Enter with an incomplete code at the QR step', async ({
    page,
    app,
    net,
  }) => {
    await toQrStep(page, app)
    await app.codeBoxes.first().pressSequentially('123')
    await page.keyboard.press('Enter')
    await expect(app.error('Missing required verification data')).toHaveText(
      'Missing required verification data',
    )
    expect(net.count('POST', /\/lifecycle\/activate$/)).toBe(0)
  })

  test('"Failed to verify code": activation answers 200 without a session token (altered answer: the transaction still waiting for activation)', async ({
    page,
    app,
    totp,
  }) => {
    let enrolAnswer: JsonBody | null = null
    await alterOktaAnswer(page, /^\/api\/v1\/authn\/factors$/, (body) => {
      enrolAnswer = structuredClone(body)
      return undefined
    })
    await alterOktaAnswer(page, /\/lifecycle\/activate$/, () => enrolAnswer ?? undefined)
    const secret = await toQrStep(page, app)
    await app.typeCode(totp.code(secret))
    await expect(app.error('Failed to verify code')).toHaveText('Failed to verify code')
    expect(MESSAGES.activation_incomplete).toBe('Failed to verify code')
  })

  test('"Invalid verification code": a wrong code at activation', async ({ page, app, totp }) => {
    const secret = await toQrStep(page, app)
    await app.typeCode(totp.wrongCode(secret))
    await expect(app.error('Invalid verification code')).toHaveText('Invalid verification code')
    expect(await app.codeValue()).toBe('')
    await expect(app.heading).toHaveText(TEXTS.qrHeading)
  })

  test('"Failed to verify code. Please try again.": activation fails unexpectedly', async ({
    page,
    app,
    totp,
    controls,
  }) => {
    const secret = await toQrStep(page, app)
    await controls.fault('authn', 'status500')
    await app.typeCode(totp.code(secret))
    await expect(app.error('Failed to verify code. Please try again.')).toHaveText(
      'Failed to verify code. Please try again.',
    )
  })

  test('"Missing required MFA verification data": Enter with an incomplete code', async ({
    page,
    app,
    net,
  }) => {
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.expectCodeStep()
    await app.codeBoxes.first().pressSequentially('12345')
    await page.keyboard.press('Enter')
    await expect(app.error('Missing required MFA verification data')).toHaveText(
      'Missing required MFA verification data',
    )
    expect(net.count('POST', /\/verify$/)).toBe(0)
  })

  test('"Missing required MFA verification data": a reload at the code step after the transaction was lost', async ({
    page,
    app,
  }) => {
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.expectCodeStep()
    await page.evaluate(() => sessionStorage.removeItem('signin.stateToken'))
    await page.reload()
    await app.expectEmailStepError('Missing required MFA verification data')
  })

  test('"Failed to verify MFA code": verify answers 200 without a session token (altered answer: Okta still waiting on the factor)', async ({
    page,
    app,
    controls,
    totp,
  }) => {
    const tess = await controls.account(ACCOUNTS.tess.email)
    let required: JsonBody | null = null
    await alterOktaAnswer(page, /^\/api\/v1\/authn$/, (body) => {
      if (body.status === 'MFA_REQUIRED') required = structuredClone(body)
      return undefined
    })
    await alterOktaAnswer(page, /\/verify$/, () => required ?? undefined)
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.expectCodeStep()
    await app.typeCode(totp.code(tess.totpSecret!))
    await expect(app.error('Failed to verify MFA code')).toHaveText('Failed to verify MFA code')
    expect(MESSAGES.mfa_verify_incomplete).toBe('Failed to verify MFA code')
  })

  test('"Verification failed. Please try again.": verify fails unexpectedly', async ({
    app,
    controls,
    totp,
  }) => {
    const tessSecret = await toCodeStep(app, controls)
    await controls.fault('authn', 'html200')
    await app.typeCode(totp.code(tessSecret))
    await expect(app.error('Verification failed. Please try again.')).toHaveText(
      'Verification failed. Please try again.',
    )
  })

  test('"No authentication factor selected": MFA required without a TOTP factor (altered answer: a user with push only)', async ({
    page,
    app,
  }) => {
    await alterOktaAnswer(page, /^\/api\/v1\/authn$/, (body) => {
      const embedded = body._embedded as { factors?: { factorType: string }[] } | undefined
      if (body.status === 'MFA_REQUIRED' && embedded?.factors)
        embedded.factors = embedded.factors.filter((f) => f.factorType !== 'token:software:totp')
      return body
    })
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.expectEmailStepError('No authentication factor selected')
    expect(MESSAGES.no_authentication_factor).toBe('No authentication factor selected')
  })

  test('a code used twice in the same period: the replay message, never a second sign-in with it', async ({
    page,
    app,
    controls,
    totp,
  }) => {
    const tess = await controls.account(ACCOUNTS.tess.email)
    const code = totp.code(tess.totpSecret!)
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.typeCode(code)
    await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
    await page.context().clearCookies()
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.typeCode(code)
    await expect(app.error(MESSAGES.passcode_replayed)).toBeVisible()
    expect(await app.codeValue()).toBe('')
  })
})
