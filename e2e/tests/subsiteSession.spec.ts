/**
 * The demo sub-site on auth-core/session: after a real sign-in, the access token
 * expires, the browser drops its cookie, and the next visit refreshes from the sub-site and
 * rewrites both cookies; Sign out revokes, removes both cookies, goes through the provider's
 * logout and comes back signed out. Also: Sign in from the signed-out sub-site.
 *
 * The access-token lifetime comes from the dev platform's test control
 * `POST /__test/access-token-ttl` (until the next reset, which every test starts with): the
 * platform is started once per worker with its defaults, so no restart and no fixture change.
 */
import type { Cookie, Request } from '@playwright/test'
import { COOKIE_DOMAIN } from '../support/assertions'
import { CONTROL_URL, OKTA_CLIENT_ID, ORIGINS } from '../support/env'
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite } from '../support/signInPage'

/** Short enough to wait for; the sub-site refreshes within max(0, ttl/5) s of the end (1 s). */
const TTL_SECONDS = 5
const REFRESH_TOKEN_MAX_AGE_SECONDS = 7 * 86_400
const SUBSITE = ORIGINS.subsite(ORIGINS.defaultSubsite)
const TOKEN_URL = `${ORIGINS.okta}/oauth2/default/v1/token`
const REVOKE_URL = `${ORIGINS.okta}/oauth2/default/v1/revoke`
const LOGOUT_URL = `${ORIGINS.okta}/oauth2/default/v1/logout`

async function setAccessTokenTtl(seconds: number): Promise<void> {
  const response = await fetch(`${CONTROL_URL}/__test/access-token-ttl`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ seconds }),
  })
  expect(response.status, await response.text()).toBe(200)
}

/** A request the sub-site's script sent to the provider: who sent it and the form it posted. */
interface ProviderCall {
  readonly url: string
  readonly origin: string | undefined
  readonly form: URLSearchParams
  readonly status: number | undefined
}

async function describeCall(request: Request): Promise<ProviderCall> {
  const response = await request.response()
  return {
    url: request.url(),
    origin: (await request.allHeaders()).origin,
    form: new URLSearchParams(request.postData() ?? ''),
    status: response?.status(),
  }
}

/** The token cookies as the browser holds them, by name. */
async function tokenCookies(cookies: () => Promise<Cookie[]>) {
  const all = await cookies()
  const one = (name: string) => all.filter((cookie) => cookie.name === name)
  return { access: one('access_token'), refresh: one('refresh_token') }
}

/** The attributes the contract fixes (everything but value and expiry). */
const attributes = (cookie: Cookie | undefined) => ({
  domain: cookie?.domain,
  path: cookie?.path,
  secure: cookie?.secure,
  httpOnly: cookie?.httpOnly,
  sameSite: cookie?.sameSite,
})

test('sub-site: an expired access token is refreshed from the sub-site, both cookies rewritten; Sign out revokes and leaves no token cookie', async ({
  page,
  app,
  context,
  net,
}) => {
  await setAccessTokenTtl(TTL_SECONDS)
  const calls: Promise<ProviderCall>[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && [TOKEN_URL, REVOKE_URL].includes(request.url()))
      calls.push(describeCall(request))
  })
  const refreshes = async () =>
    (await Promise.all(calls)).filter((call) => call.form.get('grant_type') === 'refresh_token')

  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  const signedIn = await tokenCookies(() => context.cookies())
  expect(signedIn.access).toHaveLength(1)
  expect(signedIn.refresh).toHaveLength(1)
  const before = { access: signedIn.access[0]!, refresh: signedIn.refresh[0]! }
  expect(before.access.expires - Date.now() / 1000).toBeLessThanOrEqual(TTL_SECONDS)
  // Landing used the fresh token: the sign-in's code exchange is the only token request so far.
  expect(await refreshes()).toEqual([])

  // The page leaves (an open sub-site page keeps its session fresh on its own), and past the
  // lifetime the browser drops the access_token cookie (Max-Age = expires_in).
  await page.goto('about:blank')
  await expect
    .poll(async () => (await tokenCookies(() => context.cookies())).access.length, {
      timeout: (TTL_SECONDS + 5) * 1000,
      intervals: [250],
    })
    .toBe(0)
  expect((await tokenCookies(() => context.cookies())).refresh).toHaveLength(1)

  await page.goto(`${SUBSITE}/`)
  await expect(page.getByTestId('signed-in-email')).toHaveText(ACCOUNTS.pat.email)

  // One refresh-token grant, sent by the sub-site's page (CORS from its origin), answered 200.
  const [refresh, ...more] = await refreshes()
  expect(more).toEqual([])
  expect(refresh).toMatchObject({ url: TOKEN_URL, origin: SUBSITE, status: 200 })
  expect(Object.fromEntries(refresh!.form)).toEqual({
    grant_type: 'refresh_token',
    client_id: OKTA_CLIENT_ID,
    refresh_token: before.refresh.value,
  })

  // Both cookies rewritten: new values, the same attributes, lifetimes from the new answer.
  const rewritten = await tokenCookies(() => context.cookies())
  expect(rewritten.access).toHaveLength(1)
  expect(rewritten.refresh).toHaveLength(1)
  const after = { access: rewritten.access[0]!, refresh: rewritten.refresh[0]! }
  expect(after.access.value).not.toBe(before.access.value)
  expect(after.refresh.value).not.toBe(before.refresh.value)
  expect(attributes(after.access)).toEqual(attributes(before.access))
  expect(attributes(after.refresh)).toEqual(attributes(before.refresh))
  expect(attributes(after.access)).toEqual({
    domain: COOKIE_DOMAIN,
    path: '/',
    secure: true,
    httpOnly: false,
    sameSite: 'Lax',
  })
  const now = Date.now() / 1000
  expect(Math.abs(after.access.expires - (now + TTL_SECONDS))).toBeLessThanOrEqual(3)
  expect(
    Math.abs(after.refresh.expires - (now + REFRESH_TOKEN_MAX_AGE_SECONDS)),
  ).toBeLessThanOrEqual(10)

  // Sign out: revocation of the current refresh token, then the provider's logout (with the ID
  // token of the refresh above: no second refresh), back to the sub-site, signed out.
  const requestsBefore = net.requests.length
  const committedBefore = net.committed.length
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByText('Not signed in')).toBeVisible()
  expect(page.url()).toBe(`${SUBSITE}/`)

  const revocations = (await Promise.all(calls)).filter((call) => call.url === REVOKE_URL)
  // The refresh token and the access token are both revoked.
  expect(revocations).toHaveLength(2)
  for (const revocation of revocations)
    expect(revocation).toMatchObject({ origin: SUBSITE, status: 200 })
  const forms = revocations.map((revocation) => Object.fromEntries(revocation.form))
  expect(forms).toContainEqual({
    token: after.refresh.value,
    token_type_hint: 'refresh_token',
    client_id: OKTA_CLIENT_ID,
  })
  expect(forms).toContainEqual({
    token: expect.stringMatching(/^eyJ/),
    token_type_hint: 'access_token',
    client_id: OKTA_CLIENT_ID,
  })
  expect(await refreshes()).toHaveLength(1)

  const navigations = net.requests
    .slice(requestsBefore)
    .filter((request) => request.navigation)
    .map((request) => new URL(request.url))
  const logout = navigations.find((url) => `${url.origin}${url.pathname}` === LOGOUT_URL)
  expect(logout, 'the provider logout').toBeTruthy()
  expect(logout!.searchParams.get('id_token_hint')).toMatch(/^eyJ/)
  expect(logout!.searchParams.get('post_logout_redirect_uri')).toBe(`${SUBSITE}/`)
  expect(navigations.at(-1)?.href).toBe(`${SUBSITE}/`)
  expect(net.committed.slice(committedBefore).at(-1)?.url).toBe(`${SUBSITE}/`)

  const left = await tokenCookies(() => context.cookies())
  expect(left).toEqual({ access: [], refresh: [] })

  // The revoked family is dead at the provider too.
  const replay = await fetch(`${CONTROL_URL}/oauth2/default/v1/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: OKTA_CLIENT_ID,
      refresh_token: after.refresh.value,
    }),
  })
  expect(((await replay.json()) as { error?: string }).error).toBe('invalid_grant')
})

test('sub-site: Sign in from the signed-out sub-site writes post_login_redirect and lands on the sign-in page', async ({
  page,
  context,
}) => {
  await page.goto(`${SUBSITE}/`)
  await expect(page.getByText('Not signed in')).toBeVisible()
  const toApp = page.waitForRequest(
    (request) => request.isNavigationRequest() && request.url() === `${ORIGINS.app}/`,
  )
  await page.getByRole('link', { name: 'Sign in' }).click()
  // The cookie travels with the very navigation to the sign-in page.
  const cookieHeader = (await (await toApp).allHeaders()).cookie ?? ''
  expect(cookieHeader.split('; ')).toContain(`post_login_redirect=${ORIGINS.defaultSubsite}`)
  await page.waitForURL(`${ORIGINS.app}/`)
  await expect(page).toHaveTitle('Sign in to your account')
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible()

  const written = (await context.cookies()).find((cookie) => cookie.name === 'post_login_redirect')
  expect(written).toMatchObject({
    value: ORIGINS.defaultSubsite,
    domain: COOKIE_DOMAIN,
    path: '/',
    secure: true,
    sameSite: 'Lax',
  })
  // Ten minutes, so an abandoned sign-in leaves no stale target.
  expect(Math.abs(written!.expires - (Date.now() / 1000 + 600))).toBeLessThanOrEqual(10)
})
