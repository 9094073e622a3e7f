/**
 * The address rules (spec section 2): "If the hash is set while the email is not
 * valid, the address is reset to the root path": the root path `/`, whatever path the page was
 * opened at, also on Back out of an MFA step that was resumed without a known email; returns from
 * a provider are cleared to `/` too.
 */
import { ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, MESSAGES, toCodeStep } from '../support/signInPage'

const ROOT = `${ORIGINS.app}/`

for (const opened of ['/#sign-in', '/anything#sign-in', '/anything/else#verify', '/a#setup'])
  test(`opened at ${opened} with no email known: the email step at the root path /`, async ({
    page,
    app,
  }) => {
    await app.goto(opened)
    await expect(app.email).toBeVisible()
    await expect(page).toHaveURL(ROOT)
  })

test('opened at another path with a query and a hash: the root path, the query (language) kept', async ({
  page,
  app,
}) => {
  await app.goto('/anything/else?lang=en#verify')
  await expect(app.email).toBeVisible()
  await expect(page).toHaveURL(`${ROOT}?lang=en`)
})

test('a return from a provider at another path is cleared to the root path /', async ({
  page,
  app,
}) => {
  await app.goto(`/elsewhere?code=forged-code&state=${'S'.repeat(43)}`)
  await app.expectEmailStepError(MESSAGES.invalid_callback)
  await expect(page).toHaveURL(ROOT)
})

test('after a resume without a known email, Back to #sign-in from the code step: the root path /', async ({
  page,
  app,
  controls,
}) => {
  await toCodeStep(app, controls)
  // A reload while the MFA-redirect flag is set, in an entry that has lost the email: the flow
  // resumes the transaction without knowing who is signing in.
  await page.evaluate(() => {
    sessionStorage.setItem('signin.mfaRedirect', '1')
    history.replaceState(null, '', location.href)
  })
  await page.reload()
  await app.expectCodeStep()
  await expect(page.getByText(ACCOUNTS.tess.email)).toHaveCount(0)
  await page.goBack()
  await expect(app.email).toBeVisible()
  await expect(page).toHaveURL(ROOT)
  expect(await page.evaluate(() => sessionStorage.getItem('signin.stateToken'))).toBeNull()
})
