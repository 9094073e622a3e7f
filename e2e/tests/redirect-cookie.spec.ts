/**
 * The post-login redirect cookie: a valid sub-site is honoured and then
 * cleared; absent or the current sub-domain falls back to `citystream`; tampered values never
 * leave the parent domain. In dev (local) mode every target is http://localhost:3000/.
 * And `post_login_path`: a valid path brings the person back to that page of the named
 * sub-site; tampered paths, or a path without a named sub-site, are ignored; both cookies are
 * cleared either way.
 * And the sign-out redirect URIs: a valid label the build's
 * VITE_ALLOWED_SUBSITES does not name lands on the default, the provider's logout is only asked to
 * return to a registered URI, and refuses any other with its error page.
 */
import type { BrowserContext } from '@playwright/test'
import { COOKIE_DOMAIN } from '../support/assertions'
import { IS_PROD, ORIGINS, PARENT_DOMAIN } from '../support/env'
import { expect, test } from '../support/fixtures'
import type { NetworkLog } from '../support/network'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'

const DEFAULT = ORIGINS.defaultSubsite

/** Where the person must end for a cookie value: the sub-site it names, or the default. */
const VECTORS: readonly {
  readonly title: string
  readonly value: string | null
  readonly lands: string
}[] = [
  { title: 'absent', value: null, lands: DEFAULT },
  { title: 'a valid sub-site', value: 'maps', lands: 'maps' },
  { title: 'the current sub-domain', value: 'login', lands: DEFAULT },
  { title: 'a host with a path', value: 'evil.com/', lands: DEFAULT },
  { title: 'a backslash', value: 'a\\evil.com', lands: DEFAULT },
  { title: 'a dotted name', value: 'x.evil.com', lands: DEFAULT },
  { title: 'a 64-character label', value: 'a'.repeat(64), lands: DEFAULT },
  { title: 'unicode', value: 'münchen', lands: DEFAULT },
  { title: 'a unicode full stop', value: 'a。evil', lands: DEFAULT },
  { title: 'userinfo', value: 'a@evil.com', lands: DEFAULT },
  { title: 'a leading hyphen', value: '-maps', lands: DEFAULT },
  // Valid labels the build's VITE_ALLOWED_SUBSITES does not name: refused
  // by the page, so Okta's logout is never asked to return to an unregistered sub-site.
  { title: 'a label outside VITE_ALLOWED_SUBSITES', value: 'api', lands: DEFAULT },
  { title: 'another label outside VITE_ALLOWED_SUBSITES', value: 'www', lands: DEFAULT },
]

/**
 * In local mode every target is http://localhost:3000/, so only a few vectors show anything new
 * there (the cookie is still read once and cleared); production mode runs them all.
 */
const RUN = IS_PROD ? VECTORS : VECTORS.filter((v) => [null, 'maps', 'evil.com/'].includes(v.value))

for (const vector of RUN) {
  test(`post-login redirect cookie ${vector.title} ${JSON.stringify(vector.value)} → ${IS_PROD ? vector.lands : 'localhost:3000'}`, async ({
    page,
    app,
    context,
    net,
  }) => {
    if (vector.value !== null)
      await context.addCookies([
        {
          name: 'post_login_redirect',
          value: vector.value,
          domain: COOKIE_DOMAIN,
          path: '/',
          secure: true,
          sameSite: 'Lax',
        },
      ])
    await app.signInWithPassword(ACCOUNTS.pat)
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email, vector.lands)
    const host = new URL(page.url()).hostname
    if (IS_PROD) {
      expect(host).toBe(`${vector.lands}${PARENT_DOMAIN}`)
      expect(host.endsWith(PARENT_DOMAIN)).toBe(true)
    } else expect(page.url()).toBe(`${ORIGINS.subsite(DEFAULT)}/`)
    // The provider's logout was only ever asked to return where the person landed.
    const returns = logoutNavigations(net).map((url) =>
      url.searchParams.get('post_logout_redirect_uri'),
    )
    expect(returns).toEqual([`${ORIGINS.subsite(IS_PROD ? vector.lands : DEFAULT)}/`])
    // Read once, then cleared on the domain it lives on.
    const left = (await context.cookies()).filter((cookie) => cookie.name === 'post_login_redirect')
    expect(left).toEqual([])
  })
}

/** The top-level navigations to the provider's logout, in order. */
function logoutNavigations(net: NetworkLog): URL[] {
  return net
    .navigations()
    .map((request) => new URL(request.url))
    .filter((url) => url.origin === ORIGINS.okta && url.pathname.endsWith('/v1/logout'))
}

test('the provider refuses a sign-out redirect URI it has not registered, as Okta does: its 400 page, no redirect', async ({
  page,
  app,
  net,
}) => {
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  const [logout] = logoutNavigations(net)
  expect(logout, 'the sign-in ended with the provider logout').toBeTruthy()
  // The same logout (a valid ID token), sent back to a sub-site nobody registered: production
  // mode's `api` answers under the parent domain like any sub-site, and is not one.
  const unregistered = IS_PROD ? ORIGINS.subsite('api') : 'http://localhost:3999'
  logout!.searchParams.set('post_logout_redirect_uri', `${unregistered}/`)
  const response = await page.goto(logout!.href)
  expect(response?.status()).toBe(400)
  expect(page.url()).toBe(logout!.href)
  await expect(
    page.getByText(
      "The 'post_logout_redirect_uri' parameter must be a Logout redirect URI in the client app settings.",
    ),
  ).toBeVisible()
})

test('a sub-site’s own Sign in link sets the cookie, and sign-in returns the person there', async ({
  page,
  app,
  secrets,
}) => {
  const subsite = IS_PROD ? 'maps' : DEFAULT
  await page.goto(`${ORIGINS.subsite(subsite)}/`)
  await expect(page.getByText('Not signed in')).toBeVisible()
  await page
    .getByRole('button', { name: 'Sign in', exact: true })
    .or(page.getByRole('link', { name: 'Sign in', exact: true }))
    .click()
  await page.waitForURL(`${ORIGINS.app}/`)
  const cookie = (await page.context().cookies()).find((c) => c.name === 'post_login_redirect')
  expect(cookie).toMatchObject({ value: subsite, domain: COOKIE_DOMAIN, secure: true })

  await app.enterEmail(ACCOUNTS.pat.email)
  secrets.add(ACCOUNTS.pat.password, 'password')
  await app.password.fill(ACCOUNTS.pat.password)
  await app.signIn.click()
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email, subsite)
  expect((await page.context().cookies()).some((c) => c.name === 'post_login_redirect')).toBe(false)
})

/* --- post_login_path: deep links --- */

const DEEP_LINK = '/projects/42?tab=map'
/** The sub-site the redirect cookie names (local mode has one sub-site, whatever the name). */
const NAMED = IS_PROD ? 'maps' : DEFAULT

/** Both post-login cookies, as a sub-site writes them: parent domain, `/`, Secure, Lax. */
async function addPostLoginCookies(
  context: BrowserContext,
  redirect: string,
  path: string,
): Promise<void> {
  const attributes = { domain: COOKIE_DOMAIN, path: '/', secure: true, sameSite: 'Lax' } as const
  await context.addCookies([
    { name: 'post_login_redirect', value: redirect, ...attributes },
    { name: 'post_login_path', value: path, ...attributes },
  ])
}

/** The post-login cookies the browser still holds, whatever their domain or path. */
async function postLoginCookiesLeft(context: BrowserContext): Promise<string[]> {
  return (await context.cookies())
    .map((cookie) => cookie.name)
    .filter((name) => name === 'post_login_redirect' || name === 'post_login_path')
}

test('post_login_path: signing in with a password lands on that page of the named sub-site; both cookies cleared', async ({
  page,
  app,
  context,
}) => {
  await addPostLoginCookies(context, NAMED, DEEP_LINK)
  await app.signInWithPassword(ACCOUNTS.pat)
  // The provider's logout returns only to registered URIs: through the sign-in page, then on.
  await page.waitForURL(`${ORIGINS.subsite(NAMED)}${DEEP_LINK}`)
  await expect(page.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
  expect(await postLoginCookiesLeft(context)).toEqual([])
  // Once: the sign-in page asks again on the next visit instead of following the link again.
  await app.goto()
  await expect(app.heading).toHaveText(/^You’re (signed in as .+|already signed in)$/)
})

test('post_login_path: already signed in, Continue goes to that page; both cookies cleared', async ({
  page,
  app,
  context,
}) => {
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  await addPostLoginCookies(context, NAMED, DEEP_LINK)
  await app.goto()
  await page.getByRole('button', { name: 'Continue' }).click()
  await page.waitForURL(`${ORIGINS.subsite(NAMED)}${DEEP_LINK}`)
  await expect(page.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)
  expect(await postLoginCookiesLeft(context)).toEqual([])
})

/** Tampered paths: each is ignored (the named sub-site's root) and cleared all the same. */
const TAMPERED_PATHS: readonly { readonly title: string; readonly value: string }[] = [
  { title: 'a network-path reference', value: '//evil.com' },
  { title: 'slash backslash', value: '/\\evil.com' },
  { title: 'an escaped CRLF', value: '/%0d%0aSet-Cookie:x=1' },
  { title: 'a fragment', value: '/a#b' },
  { title: 'an absolute URL', value: 'https://evil.com/' },
  { title: '2049 characters', value: `/${'a'.repeat(2048)}` },
]
const RUN_TAMPERED = IS_PROD ? TAMPERED_PATHS : TAMPERED_PATHS.slice(0, 2)

for (const tampered of RUN_TAMPERED) {
  test(`post_login_path ${tampered.title}: ignored, the named sub-site’s root; both cookies cleared`, async ({
    page,
    app,
    context,
  }) => {
    await addPostLoginCookies(context, NAMED, tampered.value)
    await app.signInWithPassword(ACCOUNTS.pat)
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email, NAMED)
    expect(page.url()).toBe(`${ORIGINS.subsite(NAMED)}/`)
    expect(await postLoginCookiesLeft(context)).toEqual([])
  })
}

test('post_login_path without a valid post_login_redirect: the default sub-site’s root; both cookies cleared', async ({
  page,
  app,
  context,
}) => {
  await addPostLoginCookies(context, 'evil.com/', DEEP_LINK)
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  expect(page.url()).toBe(`${ORIGINS.subsite(DEFAULT)}/`)
  expect(await postLoginCookiesLeft(context)).toEqual([])
})
