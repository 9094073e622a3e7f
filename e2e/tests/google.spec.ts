/**
 * Google (issue 5, fourth bullet): consent, the product API, cookies from the API, redirect; an
 * unknown account shows `No user found for this email address.`; other failures the generic one.
 */
import { expectCleanHistory, expectTokenCookies } from '../support/assertions'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite, MESSAGES } from '../support/signInPage'

test.describe('Google', () => {
  test.beforeEach(async ({ page, app }) => {
    await app.goto()
    await app.google.click()
    await page.waitForURL((url) => url.origin === ORIGINS.google)
    await expect(page.getByRole('heading', { name: 'Choose an account' })).toBeVisible()
  })

  test('a known account: consent, the product API answers cookies, which are written; the user lands signed in', async ({
    page,
    net,
    context,
  }) => {
    const consent = new URL(page.url())
    expect(consent.pathname).toBe('/o/oauth2/v2/auth')
    const params = consent.searchParams
    expect(params.get('client_id')).toBe('dev-google-client.apps.googleusercontent.com')
    expect(params.get('redirect_uri')).toBe(`${ORIGINS.app}/`)
    expect(params.get('response_type')).toBe('code')
    expect(params.get('scope')).toBe('openid profile email')
    expect(params.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const apiCall = page.waitForRequest((request) => request.url().endsWith('/auth/google-auth'))
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
    const request = await apiCall
    await expectSignedInOnSubsite(page, ACCOUNTS.gina.email)
    const issuedAt = Date.now() / 1000

    // The API got the code as a bearer and the nonce sent to Google, and no cookies.
    const returned = net.committed.find((c) => c.url.startsWith(`${ORIGINS.app}/?code=`))
    expect(returned, 'the return from Google').toBeTruthy()
    const code = new URL(returned!.url).searchParams.get('code')
    const headers = await request.allHeaders()
    expect(request.method()).toBe('GET')
    expect(headers.authorization).toBe(`Bearer ${code}`)
    expect(headers['x-nonce']).toBe(params.get('nonce'))
    expect(headers.cookie).toBeUndefined()
    expect(new URL(request.url()).search).toBe('')
    expect(net.count('GET', '/auth/google-auth')).toBe(1)

    await expectTokenCookies(context, issuedAt)
    await expectCleanHistory(page)
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
})
