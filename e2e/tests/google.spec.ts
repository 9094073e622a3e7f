/**
 * Google in both modes: consent, the product API (plain `http://` in local mode), the cookies it
 * answers written (host-only on `localhost` in local mode, on the parent domain in production), names
 * outside the allow-list reported, the redirect. Its failures (the messages, answers refused whole,
 * cancelling) are the same code in both modes: `google.prod.spec.ts`.
 */
import { expectCleanHistory, expectTokenCookies } from '../support/assertions'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { alterGoogleAuthAnswer } from '../support/providerRoutes'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'

test.describe('Google', () => {
  test.beforeEach(async ({ app }) => {
    await app.openGoogle()
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
