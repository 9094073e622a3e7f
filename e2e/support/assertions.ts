/** Assertions several specs share: storage hygiene, cookies, history, the navigation chain. */
import { expect, type BrowserContext, type Page } from '@playwright/test'
import { REFRESH_TOKEN_MAX_AGE_SECONDS } from '../../packages/auth-core/src/cookies/cookieLifetimes.ts'
import { SEEDED_ACCOUNTS } from 'dev-platform/src/accounts.ts'
import { AUTH_SERVER_ID, IS_PROD, OKTA_CLIENT_ID, ORIGINS, PARENT_DOMAIN } from './env'
import type { NetworkLog, SeenRequest } from './network'
import { containsSecret, NEVER_STORED, type SecretCorpus } from './secrets'

/** Access-token lifetime the dev platform issues (its default, `DEV_ACCESS_TOKEN_TTL`). */
export const ACCESS_TOKEN_TTL_SECONDS = 3600

/** The contract's scopes (spec section 6). */
export const SCOPES = [
  'api_usage:get',
  'coverage:get',
  'detection:find',
  'detection:get',
  'frame:get',
  'image:get',
  'subscription:add',
  'subscription:update',
  'subscription:find',
  'offline_access',
  'openid',
]

/** The app's web storage (both kinds), as text, when the page is on the app's origin. */
export async function appStorage(page: Page): Promise<Record<string, string> | null> {
  if (!page.url().startsWith(ORIGINS.app)) return null
  return page.evaluate(() => {
    const dump = (storage: Storage, prefix: string) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, i) => storage.key(i) as string).map((key) => [
          `${prefix}${key}`,
          storage.getItem(key) ?? '',
        ]),
      )
    return { ...dump(sessionStorage, 'session:'), ...dump(localStorage, 'local:') }
  })
}

/** No password, code, token, session token, secret or email in web storage; no JWT at all. */
export async function expectStorageClean(page: Page, secrets: SecretCorpus): Promise<void> {
  const storage = await appStorage(page)
  if (storage === null) return
  const text = JSON.stringify(storage)
  const leaked = secrets
    .all()
    .filter((secret) => NEVER_STORED.has(secret.kind) && containsSecret(text, secret.value))
  expect(leaked, `web storage holds secrets: ${text}`).toEqual([])
  expect(text).not.toMatch(/eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/)
}

/** The cookie the token cookies are written on: the parent domain, or host-only in local mode. */
export const COOKIE_DOMAIN = IS_PROD ? PARENT_DOMAIN : 'localhost'

/**
 * `access_token` and `refresh_token` exist with the contract's attributes: Domain, Path=/,
 * Secure, SameSite=Lax, lifetimes from `expires_in` and the documented refresh lifetime (±10 s),
 * and the post-login redirect cookie is gone.
 */
export async function expectTokenCookies(
  context: BrowserContext,
  issuedAtSeconds: number,
  accessTtlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<{ accessToken: string; refreshToken: string }> {
  const cookies = await context.cookies()
  const byName = (name: string) => cookies.filter((cookie) => cookie.name === name)
  const [access] = byName('access_token')
  const [refresh] = byName('refresh_token')
  expect(byName('access_token')).toHaveLength(1)
  expect(byName('refresh_token')).toHaveLength(1)
  for (const cookie of [access!, refresh!]) {
    expect(cookie, cookie.name).toMatchObject({
      domain: COOKIE_DOMAIN,
      path: '/',
      secure: true,
      sameSite: 'Lax',
    })
    expect(cookie.name.length + cookie.value.length).toBeLessThanOrEqual(4096)
  }
  expect(Math.abs(access!.expires - (issuedAtSeconds + accessTtlSeconds))).toBeLessThanOrEqual(10)
  expect(
    Math.abs(refresh!.expires - (issuedAtSeconds + REFRESH_TOKEN_MAX_AGE_SECONDS)),
  ).toBeLessThanOrEqual(10)
  expect(byName('post_login_redirect')).toEqual([])
  return { accessToken: access!.value, refreshToken: refresh!.value }
}

/** The claims of a JWT (not verified: the dev platform signed it; we read what it says). */
export function jwtClaims(token: string): Record<string, unknown> {
  const payload = token.split('.')[1]
  if (!payload) throw new Error('not a JWT')
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>
}

export interface SignInChain {
  readonly authorize: URL
  readonly logout: URL
  readonly landing: URL
}

/**
 * The top-level navigations of a password or MFA sign-in, in order: `/authorize` (PKCE S256,
 * `prompt=none`, fragment mode, the session token), back to the app, the provider's logout with
 * `id_token_hint` (an ID token for this client, bound to the request's nonce), then the sub-site.
 */
export function expectOktaSignInChain(
  net: NetworkLog,
  email: string,
  subsite = ORIGINS.defaultSubsite,
): SignInChain {
  const navigations = net.navigations().map((request: SeenRequest) => new URL(request.url))
  const issuer = `${ORIGINS.okta}/oauth2/${AUTH_SERVER_ID}`
  const authorizeAt = navigations.findIndex((url) => url.href.startsWith(`${issuer}/v1/authorize?`))
  expect(authorizeAt, 'a navigation to /authorize').toBeGreaterThanOrEqual(0)
  const authorize = navigations[authorizeAt]!
  const p = authorize.searchParams
  expect(p.get('client_id')).toBe(OKTA_CLIENT_ID)
  expect(p.get('response_type')).toBe('code')
  expect(p.get('response_mode')).toBe('fragment')
  expect(p.get('prompt')).toBe('none')
  expect(p.get('code_challenge_method')).toBe('S256')
  expect(p.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(p.get('code_verifier')).toBeNull()
  expect(p.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(p.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(p.get('sessionToken')).toBeTruthy()
  expect(p.get('redirect_uri')).toBe(`${ORIGINS.app}/`)
  expect(p.get('scope')?.split(' ').sort()).toEqual([...SCOPES].sort())

  const rest = navigations.slice(authorizeAt + 1)
  const backAt = rest.findIndex((url) => url.origin === ORIGINS.app)
  expect(backAt, 'back to the app after /authorize').toBeGreaterThanOrEqual(0)
  const logoutAt = rest.findIndex((url) => url.pathname === `/oauth2/${AUTH_SERVER_ID}/v1/logout`)
  expect(logoutAt, 'then the provider logout').toBeGreaterThan(backAt)
  const logout = rest[logoutAt]!
  expect(logout.origin).toBe(ORIGINS.okta)
  const landingAt = rest.findIndex(
    (url, i) => i > logoutAt && url.origin === ORIGINS.subsite(subsite),
  )
  expect(landingAt, 'then the sub-site').toBeGreaterThan(logoutAt)

  const hint = logout.searchParams.get('id_token_hint')
  expect(hint, 'id_token_hint').toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
  const claims = jwtClaims(hint!)
  // The person's Okta user id; with the spec's scopes (no `email`, no `profile`) Okta's ID token
  // names no email or name, so the account's id is what binds it to the person.
  const userId = SEEDED_ACCOUNTS.find((account) => account.email === email)?.userId
  expect(userId, `a seeded account for ${email}`).toBeTruthy()
  expect(claims).toMatchObject({
    iss: issuer,
    aud: OKTA_CLIENT_ID,
    sub: userId,
    nonce: p.get('nonce'),
  })
  expect(claims).not.toHaveProperty('email')
  expect(logout.searchParams.get('post_logout_redirect_uri')).toBe(`${ORIGINS.subsite(subsite)}/`)
  return { authorize, logout, landing: rest[landingAt]! }
}

/**
 * Walks the whole session history back from the sub-site: no entry holds a code, a state or a
 * token (the callback entry was replaced, every hop after it too). The one exception is Google's
 * consent page, which the app enters with `assign` so Back returns to it: its own request URL
 * carries the request's `state` and `nonce` (never a code or a token).
 */
export async function expectCleanHistory(page: Page): Promise<string[]> {
  const length = await page.evaluate(() => history.length)
  const seen = [page.url()]
  for (let i = 1; i < length; i += 1) {
    const response = await page.goBack({ waitUntil: 'commit' }).catch(() => null)
    if (response === null && seen.at(-1) === page.url()) break
    seen.push(page.url())
  }
  for (const url of seen) {
    expect(url).not.toMatch(
      /[?#&](code|access_token|refresh_token|id_token|id_token_hint|sessionToken|stateToken)=/,
    )
    if (new URL(url).origin !== ORIGINS.google) expect(url).not.toMatch(/[?#&](state|nonce)=/)
  }
  return seen
}
