/**
 * Cookie tossing: a sibling sub-domain sets `access_token` for the parent
 * domain with a deeper Path; the browser lists it first on the real sub-site's pages under that
 * path. The session must not run as the attacker there: a name present twice is a damaged
 * session. The sibling is a real other host (`roads.platform.test` next to
 * `citystream.platform.test`): production mode only, as local mode has no parent domain to toss
 * from (its host-only cookies on `localhost` are shared by every port anyway), and the session
 * code reading the duplicate is the same in both modes.
 */
import { COOKIE_DOMAIN } from '../support/assertions'
import { ORIGINS, PARENT_DOMAIN } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'

const SUBSITE = ORIGINS.subsite(ORIGINS.defaultSubsite)
const SIBLING = ORIGINS.subsite('roads')

/** An unsigned JWT for another account, as an attacker would mint (the page never verifies). */
function attackerToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  return `${part({ alg: 'RS256', kid: 'x' })}.${part({ sub: 'mallory@example.com', email: 'mallory@example.com', iat: now, exp: now + 3600 })}.c2ln`
}

test('a sibling tosses access_token with Path=/projects: the pages there never show the attacker, and / keeps the real session', async ({
  page,
  app,
}) => {
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)

  await page.goto(`${SIBLING}/`)
  const domain = `; Domain=${PARENT_DOMAIN}`
  await page.evaluate((cookie) => {
    document.cookie = cookie
  }, `access_token=${attackerToken()}${domain}; Path=/projects; Secure; SameSite=Lax`)

  await page.goto(`${SUBSITE}/projects/overview`)
  await expect(page.getByRole('button', { name: /Sign (in|out)/ })).toBeVisible()
  await expect(page.getByText('mallory@example.com')).toHaveCount(0)

  // At `/` the session is ours, untouched.
  await page.goto(`${SUBSITE}/`)
  await expect(page.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
  // (Expiring the tossed copy at every ancestor path on sign-out is unit-tested in the session
  // module: the deeper page shows the person signed out, so it offers no Sign out to click.)
})

test('the sign-in page opened as /a/b expires a tossed access_token at Path=/a: after sign-in only ours at / is left', async ({
  page,
  app,
  context,
}) => {
  await context.addCookies([
    {
      name: 'access_token',
      value: attackerToken(),
      domain: COOKIE_DOMAIN,
      path: '/a',
      secure: true,
      sameSite: 'Lax',
    },
  ])
  await app.goto('/a/b#sign-in')
  // The page resets the address to the root, and the tossed copy is gone at once.
  await expect(page).toHaveURL(`${ORIGINS.app}/`)
  const tossed = async () =>
    (await context.cookies()).filter(
      (cookie) => cookie.name === 'access_token' && cookie.path !== '/',
    )
  await expect.poll(tossed).toEqual([])

  await app.enterEmail(ACCOUNTS.pat.email)
  await app.typePassword(ACCOUNTS.pat.password)
  await app.signIn.click()
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  const access = (await context.cookies()).filter((cookie) => cookie.name === 'access_token')
  expect(access.map((cookie) => cookie.path)).toEqual(['/'])
  expect(access[0]?.value).not.toBe(attackerToken())
})
