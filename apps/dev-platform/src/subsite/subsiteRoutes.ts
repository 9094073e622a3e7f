/**
 * The demo sub-site (`http://localhost:3000`, or any host when `DEV_SUBSITE_URL_TEMPLATE` is set):
 * shows who is signed in from the token cookies, signs out (clearing them and going through the
 * provider's logout), and sends the person to sign in with `post_login_redirect` set.
 */
import { readFileSync } from 'node:fs'
import { Hono, type Context } from 'hono'
import type { AppEnv } from '../context'
import { pageHeaders } from '../htmlPage'
import { SUBSITE_LABEL } from '../subsiteUrls'
import {
  ACCESS_TOKEN_COOKIE,
  clearSessionCookies,
  parseCookieHeader,
  postLoginRedirectCookie,
  readAccessToken,
  REFRESH_TOKEN_COOKIE,
} from './sessionCookies'
import { renderLegalPage, renderSubsitePage, LEGAL_PAGES } from './subsitePage'

/** What the sub-site needs from the platform around it. */
export interface SubsiteOptions {
  /** `DEV_PARENT_DOMAIN` (empty: host-only cookies). */
  readonly parentDomain: string
  /** `DEV_SIGNIN_URL`. */
  readonly signinUrl: string
  /** The sub-site's own public origin (local mode). */
  readonly subsiteUrl: string
  /** `DEV_SUBSITE_URL_TEMPLATE`, or null for the single local sub-site. */
  readonly template: string | null
  /** The provider's logout endpoint (`{issuer}/v1/logout`). */
  readonly logoutEndpoint: string
  /** An ID token for `id_token_hint` from the refresh token cookie (which it revokes). */
  readonly idTokenForSignOut: (refreshToken: string) => Promise<string | null>
  /** The clock (ms). */
  readonly now: () => number
}

/** The name shown in local mode (the app's default sub-site). */
export const LOCAL_SUBSITE = 'citystream'
const LABEL = new RegExp(`^${SUBSITE_LABEL}$`)
const STATIC = {
  'subsite.css': 'text/css; charset=utf-8',
  'subsite.js': 'text/javascript; charset=utf-8',
} as const
const STATIC_FILES = Object.fromEntries(
  Object.keys(STATIC).map((name) => [
    name,
    readFileSync(new URL(`./static/${name}`, import.meta.url), 'utf8'),
  ]),
)

/** The sub-site's routes. */
export function subsiteRoutes(options: SubsiteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  /** Which sub-site this request is for: the first host label with a template, else citystream. */
  const subsiteOf = (c: Context<AppEnv>): string => {
    if (options.template === null) return LOCAL_SUBSITE
    const host = c.req.header('X-Forwarded-Host') ?? c.req.header('Host') ?? ''
    const label = host.split('.')[0]?.split(':')[0]?.toLowerCase() ?? ''
    return LABEL.test(label) ? label : LOCAL_SUBSITE
  }
  /** This sub-site's own URL (`post_logout_redirect_uri`). */
  const homeOf = (subsite: string): string =>
    options.template === null
      ? `${options.subsiteUrl}/`
      : options.template.replace('{subsite}', subsite)
  const headers = () => pageHeaders([new URL(options.logoutEndpoint).origin])

  app.get('/', (c) => {
    const cookies = parseCookieHeader(c.req.header('Cookie'))
    const user = readAccessToken(cookies.get(ACCESS_TOKEN_COOKIE))
    return c.body(renderSubsitePage(subsiteOf(c), user, options.now()), 200, headers())
  })

  /** Sets `post_login_redirect` to this sub-site and goes to the sign-in app. */
  app.get('/sign-in', (c) => {
    c.header('Set-Cookie', postLoginRedirectCookie(subsiteOf(c), options.parentDomain))
    c.header('Cache-Control', 'no-store')
    return c.redirect(options.signinUrl, 302)
  })

  /**
   * Clears the token cookies, then ends the provider session through its logout (with an ID
   * token obtained from the refresh token) and comes back here; without a usable refresh token
   * it just comes back.
   */
  app.post('/sign-out', async (c) => {
    const cookies = parseCookieHeader(c.req.header('Cookie'))
    const refreshToken = cookies.get(REFRESH_TOKEN_COOKIE)
    const home = homeOf(subsiteOf(c))
    const idToken = refreshToken ? await options.idTokenForSignOut(refreshToken) : null
    for (const cookie of clearSessionCookies(options.parentDomain))
      c.header('Set-Cookie', cookie, { append: true })
    c.header('Cache-Control', 'no-store')
    if (idToken === null) return c.redirect(home, 303)
    const logout = new URL(options.logoutEndpoint)
    logout.searchParams.set('id_token_hint', idToken)
    logout.searchParams.set('post_logout_redirect_uri', home)
    return c.redirect(logout.href, 303)
  })

  for (const page of Object.keys(LEGAL_PAGES))
    app.get(`/legal/${page}`, (c) => c.body(renderLegalPage(subsiteOf(c), page), 200, headers()))

  for (const [name, type] of Object.entries(STATIC))
    app.get(`/static/${name}`, (c) =>
      c.body(STATIC_FILES[name] ?? '', 200, { 'Content-Type': type, 'Cache-Control': 'no-cache' }),
    )
  return app
}
