/**
 * Google's failures, production mode only (the same code in local mode, whose Google path
 * `google.spec.ts` proves): an unknown account shows `No user found for this email address.`, a
 * failing or non-JSON product API and an answer the page must refuse whole the generic message,
 * cancelling offers the email again; the product API refuses `X-Nonce`, as in production.
 */
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { alterGoogleAuthAnswer, directUrl as directUrlOf } from '../support/providerRoutes'
import { ACCOUNTS, MESSAGES } from '../support/signInPage'

test.describe('Google', () => {
  test.beforeEach(async ({ app }) => {
    await app.openGoogle()
  })

  test('an account the product API does not know: "No user found for this email address."', async ({
    page,
    app,
  }) => {
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.uma.email) }).click()
    await app.expectEmailStepError('No user found for this email address.')
    expect(MESSAGES.google_not_found).toBe('No user found for this email address.')
    expect((await page.context().cookies()).filter((c) => c.name.endsWith('_token'))).toEqual([])
  })

  test('the product API failing: "Oops, something went wrong, please try again."', async ({
    page,
    app,
    controls,
  }) => {
    await controls.fault('google-auth', 'status500')
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
    await app.expectEmailStepError('Oops, something went wrong, please try again.')
  })

  test('the product API answering something that is not JSON: the generic Google message', async ({
    page,
    app,
    controls,
  }) => {
    await controls.fault('google-auth', 'html200')
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
    await app.expectEmailStepError(MESSAGES.google_failed)
  })

  test('cancelling on Google’s page says so and offers the email again', async ({ page, app }) => {
    await page.getByRole('button', { name: 'Cancel' }).click()
    await app.expectEmailStepError(MESSAGES.google_cancelled)
  })

  test('an answer of 20 cookies of 4 KB (valid one by one) is refused whole: nothing written, the page still works', async ({
    page,
    app,
    context,
  }) => {
    await alterGoogleAuthAnswer(page, (body) => ({
      ...body,
      ...Object.fromEntries(
        Array.from({ length: 18 }, (_, i) => [
          `big${String(i).padStart(2, '0')}`,
          'v'.repeat(4000),
        ]),
      ),
    }))
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
    await app.expectEmailStepError(MESSAGES.google_failed)
    expect((await context.cookies()).filter((c) => /_token$|^big/.test(c.name))).toEqual([])
    await page.reload()
    await expect(app.email).toBeVisible()
  })

  test('an answer naming post_login_redirect is refused whole (the answer may not choose the next redirect)', async ({
    page,
    app,
    context,
  }) => {
    await alterGoogleAuthAnswer(page, (body) => ({ ...body, post_login_redirect: 'evil' }))
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
    await app.expectEmailStepError(MESSAGES.google_failed)
    expect((await context.cookies()).map((c) => c.name)).not.toContain('access_token')
  })

  test('a call that sends X-Nonce instead of nonce is refused by the product API, as in production', async ({
    page,
    app,
  }) => {
    await page.route(
      (url) => url.origin === ORIGINS.api && url.pathname === '/auth/google-auth',
      async (route) => {
        const headers = { ...route.request().headers() }
        if (route.request().method() !== 'GET') return route.continue()
        headers['x-nonce'] = headers.nonce ?? ''
        delete headers.nonce
        const response = await route.fetch({ url: directUrlOf(route.request().url()), headers })
        expect(response.status()).toBe(400)
        expect(await response.json()).toMatchObject({ error: 'invalid_request' })
        await route.fulfill({ response })
      },
    )
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
    await app.expectEmailStepError(MESSAGES.google_failed)
  })
})
