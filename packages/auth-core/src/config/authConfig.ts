/**
 * The typed configuration of the sign-in flow, and its validation from the build-time
 * environment variables named in `shared/docs/contracts.md`.
 */
import { isHarmfulCookieName, isCookieName } from '../cookies/cookieRules'
import { isSubsiteLabel } from '../redirect/subsiteLabel'
import { createEnvReader, isClientId, parseUrl, readPlatformFields } from './platformFields'

/** Everything auth-core needs to know about the platform it signs people into. */
export interface AuthConfig {
  /** The identity provider's org base URL: an origin without a trailing slash. */
  readonly oktaOrgUrl: string
  /** The custom authorization server id used in `/oauth2/{id}/v1/...`. */
  readonly authServerId: string
  /** The app's OAuth client id (public client, PKCE). */
  readonly clientId: string
  /** The redirect URI registered with both providers: the app's own origin plus `/`. */
  readonly redirectUri: string
  /** The shared parent domain with its leading dot, e.g. `.example.com`. */
  readonly parentDomain: string
  /** Base URL of the product API that serves `GET /auth/google-auth` (no trailing slash). */
  readonly authApiUrl: string
  /** Google OAuth client id. */
  readonly googleClientId: string
  /** Google's consent endpoint. */
  readonly googleAuthUrl: string
  /** Sub-site used when the post-login redirect cookie is absent or not acceptable. */
  readonly defaultSubsite: string
  /**
   * Only these sub-sites are honoured from the post-login redirect cookie. Required outside local
   * mode; `null` only in local mode without the variable (every target is then localhost:3000).
   */
  readonly allowedSubsites: readonly string[] | null
  /** Local mode: redirect target is `http://localhost:3000/`, cookies are host-only, plain HTTP is allowed. */
  readonly localMode: boolean
  /** Time allowed for each HTTP request before it fails with `timeout`. */
  readonly requestTimeoutMs: number
  /**
   * The cookie names the Google path may write from the product API's cookie map (an
   * allow-list; other names are ignored). Always holds `access_token` and `refresh_token`.
   */
  readonly googleCookieNames: readonly string[]
}

/** One problem found in the environment, naming the variable. */
export interface ConfigProblem {
  /** The variable, e.g. `VITE_OKTA_ORG_URL`. */
  readonly variable: string
  /** `missing`: absent or blank; `invalid`: present but not acceptable. */
  readonly reason: 'missing' | 'invalid'
  /** A sentence for the developer, naming the variable and what is expected. */
  readonly message: string
}

/** The outcome of reading the configuration: the config, or every problem at once. */
export type ConfigResult =
  | { readonly ok: true; readonly config: AuthConfig }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] }

/** Environment variables as Vite exposes them (`import.meta.env`). */
export type ConfigEnv = Readonly<Record<string, string | boolean | undefined>>

/** Default Google consent endpoint (contracts: `VITE_GOOGLE_AUTH_URL`). */
export const DEFAULT_GOOGLE_AUTH_URL = 'https://accounts.google.com/o/oauth2/v2/auth'
/** Default sub-site (spec section 9). */
export const DEFAULT_SUBSITE = 'citystream'
/** Default per-request timeout. */
export const DEFAULT_REQUEST_TIMEOUT_MS = 15_000
/** Default allow-list of the Google path's cookie map (contracts: `VITE_GOOGLE_COOKIE_NAMES`). */
export const DEFAULT_GOOGLE_COOKIE_NAMES: readonly string[] = ['access_token', 'refresh_token']

/**
 * `VITE_ALLOWED_SUBSITES` absent outside local mode (contracts: required for a production build):
 * the page does not start, and the sign-in app's build stops with this message.
 */
export const ALLOWED_SUBSITES_MISSING: ConfigProblem = {
  variable: 'VITE_ALLOWED_SUBSITES',
  reason: 'missing',
  message:
    'VITE_ALLOWED_SUBSITES is missing: a production build needs the sub-sites the post-login redirect may name, comma-separated lowercase DNS labels such as citystream,maps,roads (each with its sign-out redirect URI registered in Okta).',
}

/** The most names `VITE_GOOGLE_COOKIE_NAMES` may list. */
export const MAX_GOOGLE_COOKIE_NAMES = 10

/**
 * Reads and validates the configuration from build-time variables. Every problem is returned at
 * once, each naming its variable, so a misconfigured deployment is fixed in one pass.
 *
 * @param env - `import.meta.env` (or any record with the contract's variable names).
 * @param options - `redirectUri`: the app's own origin plus `/` (read from the page by the shell).
 * @see ../../../../shared/docs/contracts.md
 */
export function readAuthConfig(env: ConfigEnv, options: { redirectUri: string }): ConfigResult {
  const reader = createEnvReader(env)
  const { problems, text, required, invalid } = reader
  const { oktaOrgUrl, authServerId, clientId, parentDomain, localMode } = readPlatformFields(reader)
  const schemeHint = localMode ? 'an http:// or https:// URL' : 'an https:// URL'

  const apiUrlText = required('VITE_AUTH_API_URL')
  const authApiUrl = apiUrlText === undefined ? undefined : parseBaseUrl(apiUrlText, localMode)
  if (authApiUrl === null)
    invalid('VITE_AUTH_API_URL', `${schemeHint} such as https://api.example.com`)

  const googleClientId = required('VITE_GOOGLE_CLIENT_ID')
  if (googleClientId !== undefined && !isClientId(googleClientId))
    invalid('VITE_GOOGLE_CLIENT_ID', 'a Google OAuth client id')

  const googleAuthText = text('VITE_GOOGLE_AUTH_URL') ?? DEFAULT_GOOGLE_AUTH_URL
  const googleAuthUrl = parseBaseUrl(googleAuthText, localMode)
  if (googleAuthUrl === null)
    invalid('VITE_GOOGLE_AUTH_URL', `${schemeHint} of Google's consent endpoint`)

  const defaultSubsite = text('VITE_DEFAULT_SUBSITE') ?? DEFAULT_SUBSITE
  if (!isSubsiteLabel(defaultSubsite))
    invalid('VITE_DEFAULT_SUBSITE', 'one lowercase DNS label such as citystream')

  const allowedText = text('VITE_ALLOWED_SUBSITES')
  let allowedSubsites: readonly string[] | null = null
  // Without the list any label would pass (`api`, `www`), and a sub-site whose sign-out redirect
  // URI Okta does not know strands the person on Okta's error page after the tokens are written.
  if (allowedText === undefined && !localMode) problems.push(ALLOWED_SUBSITES_MISSING)
  if (allowedText !== undefined) {
    const labels = allowedText
      .split(',')
      .map((label) => label.trim())
      .filter(Boolean)
    if (labels.length === 0 || !labels.every(isSubsiteLabel))
      invalid('VITE_ALLOWED_SUBSITES', 'a comma-separated list of lowercase DNS labels')
    else allowedSubsites = labels
  }

  const timeoutText = text('VITE_REQUEST_TIMEOUT_MS')
  let requestTimeoutMs = DEFAULT_REQUEST_TIMEOUT_MS
  if (timeoutText !== undefined) {
    const value = Number(timeoutText)
    if (!Number.isInteger(value) || value < 500 || value > 120_000)
      invalid('VITE_REQUEST_TIMEOUT_MS', 'a whole number of milliseconds from 500 to 120000')
    else requestTimeoutMs = value
  }

  const cookieNamesText = text('VITE_GOOGLE_COOKIE_NAMES')
  let googleCookieNames = DEFAULT_GOOGLE_COOKIE_NAMES
  if (cookieNamesText !== undefined) {
    const names = [
      ...new Set(
        cookieNamesText
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean),
      ),
    ]
    if (
      !names.every((name) => isCookieName(name) && !isHarmfulCookieName(name)) ||
      !DEFAULT_GOOGLE_COOKIE_NAMES.every((name) => names.includes(name)) ||
      names.length > MAX_GOOGLE_COOKIE_NAMES
    )
      invalid(
        'VITE_GOOGLE_COOKIE_NAMES',
        `a comma-separated list of at most ${MAX_GOOGLE_COOKIE_NAMES} cookie names ([A-Za-z0-9_-]) that includes access_token and refresh_token, without post_login_redirect or a __Host-/__Secure- prefix`,
      )
    else googleCookieNames = names
  }

  const redirectUri = parseRedirectUri(options.redirectUri, localMode)
  if (redirectUri === null)
    problems.push({
      variable: 'redirectUri',
      reason: 'invalid',
      message: `The page must be served from ${localMode ? 'http(s)' : 'https'} at the root path to sign in (redirect URI ${options.redirectUri}).`,
    })

  if (problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    config: {
      oktaOrgUrl: oktaOrgUrl as string,
      authServerId: authServerId as string,
      clientId: clientId as string,
      redirectUri: redirectUri as string,
      parentDomain: parentDomain as string,
      authApiUrl: authApiUrl as string,
      googleClientId: googleClientId as string,
      googleAuthUrl: googleAuthUrl as string,
      defaultSubsite,
      allowedSubsites,
      localMode,
      requestTimeoutMs,
      googleCookieNames,
    },
  }
}

/** A base URL that may carry a path, returned without a trailing slash. */
function parseBaseUrl(text: string, allowHttp: boolean): string | null {
  const url = parseUrl(text, allowHttp)
  return url ? url.href.replace(/\/+$/, '') : null
}

function parseRedirectUri(text: string, allowHttp: boolean): string | null {
  const url = parseUrl(text, allowHttp)
  return url && url.pathname === '/' ? `${url.origin}/` : null
}
