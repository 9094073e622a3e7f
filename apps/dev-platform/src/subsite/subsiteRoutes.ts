/**
 * The demo sub-site (`http://localhost:3000`, or any host when `DEV_SUBSITE_URL_TEMPLATE` is set):
 * a page whose script (bundled at start-up from `client/`) does everything session-related with
 * `@mapping-platform/auth-core/session`, as any real sub-site would; the server only says which sub-site this is
 * and how the platform is configured, and serves the legal pages.
 */
import { readFileSync } from 'node:fs'
import { Hono, type Context } from 'hono'
import { AUTH_SERVER_ID, OKTA_CLIENT_ID } from '../config'
import type { AppEnv } from '../context'
import { pageHeaders } from '../htmlPage'
import { SUBSITE_LABEL } from '../subsiteUrls'
import type { SubsiteConfig } from './client/subsiteConfig'
import { LEGAL_PAGES, renderLegalPage, renderSubsitePage } from './subsitePage'

/** What the sub-site needs from the platform around it. */
export interface SubsiteOptions {
  /** `DEV_PARENT_DOMAIN`; empty: local mode (host-only cookies, plain HTTP allowed). */
  readonly parentDomain: string
  /** `DEV_SIGNIN_URL`. */
  readonly signinUrl: string
  /** The sub-site's own public origin (local mode). */
  readonly subsiteUrl: string
  /** `DEV_SUBSITE_URL_TEMPLATE`, or null for the single local sub-site. */
  readonly template: string | null
  /** The identity provider's public origin (`{okta}`; the issuer is `{okta}/oauth2/default`). */
  readonly oktaUrl: string
  /** The product API's public origin (`GET /auth/whoami`). */
  readonly apiUrl: string
  /** The access token lifetime now in force (the refresh leeway follows it). */
  readonly accessTokenTtlSeconds: () => number
  /** The bundled page script. */
  readonly script: string
  /** The sub-site's name without a template (default {@link LOCAL_SUBSITE}). */
  readonly localName?: string
}

/** The name shown in local mode (the app's default sub-site). */
export const LOCAL_SUBSITE = 'citystream'
const LABEL = new RegExp(`^${SUBSITE_LABEL}$`)
const CSS = readFileSync(new URL('./static/subsite.css', import.meta.url), 'utf8')

/**
 * Clock-skew allowance and refresh leeway for a token lifetime: auth-core's default 60 s, but
 * never more than a fifth of the lifetime, so a short-lived token (`DEV_ACCESS_TOKEN_TTL=5`) is
 * used for most of its life instead of counting as expired the moment it is issued.
 */
export function refreshMarginSeconds(ttlSeconds: number): number {
  return Math.min(60, Math.floor(ttlSeconds / 5))
}

/** The sub-site's routes. */
export function subsiteRoutes(options: SubsiteOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  /** Which sub-site this request is for: the first host label with a template, else citystream. */
  const subsiteOf = (c: Context<AppEnv>): string => {
    if (options.template === null) return options.localName ?? LOCAL_SUBSITE
    const host = c.req.header('X-Forwarded-Host') ?? c.req.header('Host') ?? ''
    const label = host.split('.')[0]?.split(':')[0]?.toLowerCase() ?? ''
    return LABEL.test(label) ? label : LOCAL_SUBSITE
  }
  /** This sub-site's own URL (`post_logout_redirect_uri`). */
  const homeOf = (subsite: string): string =>
    options.template === null
      ? `${options.subsiteUrl}/`
      : options.template.replace('{subsite}', subsite)

  /** What the page script needs, with the sign-in app's values for the session. */
  const configFor = (subsite: string): SubsiteConfig => {
    const margin = refreshMarginSeconds(options.accessTokenTtlSeconds())
    return {
      subsite,
      home: homeOf(subsite),
      apiUrl: options.apiUrl,
      apiOrigins: [new URL(homeOf(subsite)).origin],
      session: {
        oktaOrgUrl: options.oktaUrl,
        authServerId: AUTH_SERVER_ID,
        clientId: OKTA_CLIENT_ID,
        parentDomain: options.parentDomain,
        localMode: options.parentDomain === '',
        signInUrl: options.signinUrl,
        clockSkewSeconds: margin,
        refreshLeewaySeconds: margin,
      },
    }
  }
  // The script refreshes at the provider, asks its own demo API and may ask the product API.
  const headers = () => pageHeaders([], ["'self'", options.oktaUrl, options.apiUrl])
  const page = (c: Context<AppEnv>) =>
    c.body(renderSubsitePage(configFor(subsiteOf(c))), 200, headers())

  for (const page of Object.keys(LEGAL_PAGES))
    app.get(`/legal/${page}`, (c) => c.body(renderLegalPage(subsiteOf(c), page), 200, headers()))

  const asset = (body: string, type: string) => (c: Context<AppEnv>) =>
    c.body(body, 200, { 'Content-Type': type, 'Cache-Control': 'no-cache' })
  app.get('/static/subsite.css', asset(CSS, 'text/css; charset=utf-8'))
  app.get('/static/subsite.js', asset(options.script, 'text/javascript; charset=utf-8'))
  // Browsers ask for it on every page; there is none (204 keeps the console free of 404s).
  app.get('/favicon.ico', (c) => c.body(null, 204, { 'Cache-Control': 'max-age=86400' }))
  // The app on every other path: deep links (`/projects/…?x=1`) as real sub-sites have, where
  // the app asks for a session and sign-in brings the person back. Cookies with a deeper Path
  // (tossed in by a sibling sub-domain) apply there, not at `/`.
  app.get('/api/*', (c) => c.json({ error: 'not_found' }, 404))
  app.get('*', page)
  return app
}
