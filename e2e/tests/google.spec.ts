/**
 * Google: consent, the product API, cookies from the API, redirect; an
 * unknown account shows `No user found for this email address.`; other failures the generic one.
 */
import { expectCleanHistory, expectTokenCookies } from '../support/assertions'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { alterGoogleAuthAnswer, directUrl as directUrlOf } from '../support/providerRoutes'
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

    // The API got the code as a bearer, the nonce sent to Google in a header named nonce,
    // Credentials: omit and Accept: application/json, exactly as the contract states, and no cookies.
    const returned = net.committed.find((c) => c.url.startsWith(`${ORIGINS.app}/?code=`))
    expect(returned, 'the return from Google').toBeTruthy()
    const code = new URL(returned!.url).searchParams.get('code')
    const headers = await request.allHeaders()
    expect(request.method()).toBe('GET')
    expect(headers.authorization).toBe(`Bearer ${code}`)
    expect(headers.nonce).toBe(params.get('nonce'))
    expect(headers.credentials).toBe('omit')
    expect(headers.accept).toBe('application/json')
    expect(headers['x-nonce']).toBeUndefined()
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

  test('names outside the allow-list are not written and are reported by name only; the person is signed in', async ({
    page,
    controls,
    context,
  }) => {
    await alterGoogleAuthAnswer(page, (body) => ({
      ...body,
      tracking_id: 'trk-value-1234',
      region_hint: 'eu-value-5678',
    }))
    await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
    await expectSignedInOnSubsite(page, ACCOUNTS.gina.email)
    const names = (await context.cookies()).map((cookie) => cookie.name)
    expect(names).toEqual(expect.arrayContaining(['access_token', 'refresh_token']))
    expect(names).not.toContain('tracking_id')
    expect(names).not.toContain('region_hint')
    await expect
      .poll(async () =>
        (await controls.envelopes()).some((e) => e.body.includes('tracking_id,region_hint')),
      )
      .toBe(true)
    for (const envelope of await controls.envelopes()) {
      expect(envelope.body).not.toContain('trk-value-1234')
      expect(envelope.body).not.toContain('eu-value-5678')
    }
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

test('a Google answer with an access token only leaves no earlier refresh token', async ({
  page,
  app,
  context,
}) => {
  // Pat signed in on this browser earlier: a real refresh token of hers.
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  const earlier = (await context.cookies()).filter((cookie) => cookie.name.endsWith('_token'))
  expect(earlier.map((cookie) => cookie.name).sort()).toEqual(['access_token', 'refresh_token'])

  // Gina signs in with Google on the same browser while Pat's cookies are still there, and the
  // product API answers with an access token only.
  await context.clearCookies()
  await app.goto()
  await app.google.click()
  await page.waitForURL((url) => url.origin === ORIGINS.google)
  await context.addCookies(earlier)
  await alterGoogleAuthAnswer(page, (body) =>
    Object.fromEntries(Object.entries(body).filter(([name]) => name !== 'refresh_token')),
  )
  await page.getByRole('button', { name: new RegExp(ACCOUNTS.gina.email) }).click()
  await expectSignedInOnSubsite(page, ACCOUNTS.gina.email)

  const after = await context.cookies()
  expect(after.filter((cookie) => cookie.name === 'refresh_token')).toEqual([])
  const access = after.filter((cookie) => cookie.name === 'access_token')
  expect(access).toHaveLength(1)
  expect(access[0]?.value).not.toBe(earlier.find((c) => c.name === 'access_token')?.value)
})
