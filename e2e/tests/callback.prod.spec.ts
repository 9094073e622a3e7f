/**
 * Callback attacks (security checklist A2, A3, A7, A8): a wrong, missing
 * or duplicated `state`, a replayed callback URL, an error with markup, and the other provider's
 * kind of return. Each is refused with a clear message and no token request is made.
 */
import { expectRefused, pendingTransaction } from '../support/callback'
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite, MESSAGES } from '../support/signInPage'

const REFUSED = MESSAGES.invalid_callback

test.describe('callback attacks', () => {
  test('a forged callback with no sign-in pending is refused', async ({
    page,
    app,
    net,
    controls,
  }) => {
    await page.goto(`${ORIGINS.app}/#code=x&state=forged`)
    await expectRefused(page, app, net, controls)
  })

  test('a callback without state is refused', async ({ page, app, net, controls }) => {
    await page.goto(`${ORIGINS.app}/#code=x`)
    await expectRefused(page, app, net, controls)
  })

  test('a callback with the wrong state, while a real sign-in is pending, is refused', async ({
    page,
    app,
    net,
    controls,
  }) => {
    await pendingTransaction(page, app)
    await page.goto(`${ORIGINS.app}/#code=x&state=forged`)
    await expectRefused(page, app, net, controls)
  })

  test('a callback repeating the right state is refused', async ({ page, app, net, controls }) => {
    const authorize = await pendingTransaction(page, app)
    const state = authorize.searchParams.get('state')!
    await page.goto(`${ORIGINS.app}/#code=x&state=${state}&state=${state}`)
    await expectRefused(page, app, net, controls)
  })

  test('the identity provider’s state arriving the way Google answers (mix-up) is refused', async ({
    page,
    app,
    net,
    controls,
  }) => {
    const authorize = await pendingTransaction(page, app)
    await page.goto(`${ORIGINS.app}/?code=x&state=${authorize.searchParams.get('state')}`)
    await expectRefused(page, app, net, controls)
  })

  test('an error callback carrying markup is refused and rendered as text only', async ({
    page,
    app,
    net,
    controls,
  }) => {
    const markup = encodeURIComponent('<img src=x onerror="window.__pwned=1">')
    await page.goto(`${ORIGINS.app}/#error=access_denied&error_description=${markup}&state=forged`)
    await expectRefused(page, app, net, controls)
    expect(await page.locator('img[src="x"]').count()).toBe(0)
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined()
  })

  test('replaying the callback URL after a successful sign-in is refused, with no token request', async ({
    page,
    app,
    net,
    controls,
    context,
  }) => {
    await app.signInWithPassword(ACCOUNTS.pat)
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
    const callback = net.committed.find((c) => c.url.startsWith(`${ORIGINS.app}/#code=`))
    expect(callback).toBeTruthy()
    const tokensBefore = net.count('POST', '/oauth2/default/v1/token')
    expect(tokensBefore).toBe(1)

    await controls.clearRequests()
    await context.clearCookies()
    await page.goto(callback!.url)
    await app.expectEmailStepError(REFUSED)
    expect(net.count('POST', '/oauth2/default/v1/token')).toBe(tokensBefore)
    expect((await controls.requests()).filter((r) => r.path.endsWith('/v1/token'))).toEqual([])
    expect((await context.cookies()).filter((c) => c.name.endsWith('_token'))).toEqual([])
  })
})
