/**
 * Configuration of the dev platform: the options `startDevPlatform` takes, their defaults, how they
 * are read from `DEV_*` environment variables, and the resolved configuration the servers use once
 * their ports are known.
 */
import { randomBytes as nodeRandomBytes } from 'node:crypto'

/* --- Roles (one listener, one origin each) --- */

/** The peers this process stands in for; each one is its own origin, as in the real world. */
export type Role = 'okta' | 'google' | 'api' | 'sentry' | 'subsite'

/** Display name, environment variables and default port of each role. */
export const ROLES: Readonly<
  Record<Role, { label: string; portEnv: string; urlEnv: string; defaultPort: number }>
> = {
  okta: { label: 'Okta', portEnv: 'DEV_OKTA_PORT', urlEnv: 'DEV_OKTA_URL', defaultPort: 4010 },
  google: {
    label: 'Google',
    portEnv: 'DEV_GOOGLE_PORT',
    urlEnv: 'DEV_GOOGLE_URL',
    defaultPort: 4011,
  },
  api: { label: 'Product API', portEnv: 'DEV_API_PORT', urlEnv: 'DEV_API_URL', defaultPort: 4012 },
  sentry: {
    label: 'Sentry',
    portEnv: 'DEV_SENTRY_PORT',
    urlEnv: 'DEV_SENTRY_URL',
    defaultPort: 4013,
  },
  subsite: {
    label: 'Sub-site',
    portEnv: 'DEV_SUBSITE_PORT',
    urlEnv: 'DEV_SUBSITE_URL',
    defaultPort: 3000,
  },
}

/** Every role, in banner order. */
export const ROLE_NAMES: readonly Role[] = ['okta', 'google', 'api', 'sentry', 'subsite']

/* --- Fixed identifiers (the sign-in app is configured with these) --- */

export const AUTH_SERVER_ID = 'default'
export const OKTA_CLIENT_ID = '0oadevsignin'
export const GOOGLE_CLIENT_ID = 'dev-google-client.apps.googleusercontent.com'
export const ACCESS_TOKEN_AUDIENCE = 'api://default'
export const SENTRY_PUBLIC_KEY = 'devpublickey'
export const SENTRY_PROJECT_ID = '1'

/* --- Options --- */

/** What `startDevPlatform` accepts; every field mirrors a `DEV_*` environment variable. */
export interface DevPlatformOptions {
  /** `DEV_BIND_HOST`: the interface every listener binds to. */
  bindHost: string
  /** `DEV_OKTA_PORT` etc.; 0 picks a free port (tests). */
  oktaPort: number
  googlePort: number
  apiPort: number
  sentryPort: number
  subsitePort: number
  /**
   * `DEV_SECOND_SUBSITE_PORT`: a second local sub-site (`roads`) on its own port, unset = none.
   * Cookies ignore ports, so it is another origin (its own Web Locks) sharing the host-only
   * cookies of `localhost`: two sub-sites that can refresh at the same moment, as `citystream.…`
   * and `roads.…` do under a parent domain. Registered like the first (CORS, logout redirect).
   */
  secondSubsitePort: number | undefined
  /**
   * `DEV_MORE_SUBSITE_PORTS`: up to three more local sub-sites (`atlas`, `survey`, `imagery`, in
   * that order) on their own ports, like the second: with it, five origins sharing one session
   * (the e2e suite's twenty tabs on five origins). Empty = none.
   */
  moreSubsitePorts: readonly number[]
  /** `DEV_OKTA_URL` etc.: public origin of each role; default `http://localhost:{port}`. */
  oktaUrl: string | undefined
  googleUrl: string | undefined
  apiUrl: string | undefined
  sentryUrl: string | undefined
  subsiteUrl: string | undefined
  /** `DEV_APP_ORIGINS`: origins of the sign-in app (CORS and redirect URIs `{origin}/`). */
  appOrigins: readonly string[]
  /** `DEV_SIGNIN_URL`: where the sub-site's Sign in link goes; default first app origin + `/`. */
  signinUrl: string | undefined
  /** `DEV_PARENT_DOMAIN`: cookie domain of the sub-site (with its leading dot); empty = host-only. */
  parentDomain: string
  /**
   * `DEV_LOGOUT_REDIRECT_URIS`: the registered `post_logout_redirect_uri`s, exactly (Okta's
   * sign-out redirect URIs); default: each app origin + `/` and + `/?error=unknown_error`, each
   * local sub-site URL + `/`, and with a template its expansion for each of `DEV_SUBSITE_NAMES`.
   */
  logoutRedirectUris: readonly string[] | undefined
  /** `DEV_SUBSITE_URL_TEMPLATE`: e.g. `https://{subsite}.platform.test/`; unset = one sub-site. */
  subsiteUrlTemplate: string | undefined
  /** `DEV_ACCESS_TOKEN_TTL`: access and ID token lifetime in seconds. */
  accessTokenTtlSeconds: number
  /** `DEV_STATE_TOKEN_TTL`: sliding stateToken lifetime in seconds. */
  stateTokenTtlSeconds: number
  /** `DEV_SLOW_MS`: delay of every Authn response for the slow account. */
  slowMs: number
  /**
   * `DEV_REFRESH_GRACE_SECONDS`: Okta's refresh-token rotation grace period, 0 to 60 (Okta's
   * single-page-app default 30): a rotated refresh token presented again within it still
   * refreshes; after it, the reuse revokes the whole family.
   */
  refreshGraceSeconds: number
  /** The clock (ms since the epoch); tests inject one. */
  now: () => number
  /** The randomness source; tests may inject one. */
  randomBytes: (size: number) => Uint8Array
}

/** The default of every option. */
/** The names of the more local sub-sites (`DEV_MORE_SUBSITE_PORTS`), in port order. */
export const MORE_LOCAL_SUBSITES = ['atlas', 'survey', 'imagery'] as const

/**
 * The demo sub-sites by name: the first (`citystream`), `maps` (the e2e suite's named redirect
 * target), the second (`roads`) and the more ones. With `DEV_SUBSITE_URL_TEMPLATE`, their
 * expansions are the registered sign-out redirect URIs by default, as an Okta app lists each
 * sub-site's: the template answers for any name, Okta's logout does not.
 */
export const DEV_SUBSITE_NAMES: readonly string[] = [
  'citystream',
  'maps',
  'roads',
  ...MORE_LOCAL_SUBSITES,
]

export function defaultOptions(): DevPlatformOptions {
  return {
    bindHost: '127.0.0.1',
    oktaPort: ROLES.okta.defaultPort,
    googlePort: ROLES.google.defaultPort,
    apiPort: ROLES.api.defaultPort,
    sentryPort: ROLES.sentry.defaultPort,
    subsitePort: ROLES.subsite.defaultPort,
    secondSubsitePort: undefined,
    moreSubsitePorts: [],
    oktaUrl: undefined,
    googleUrl: undefined,
    apiUrl: undefined,
    sentryUrl: undefined,
    subsiteUrl: undefined,
    appOrigins: ['http://localhost:5173', 'http://localhost:4173'],
    signinUrl: undefined,
    parentDomain: '',
    logoutRedirectUris: undefined,
    subsiteUrlTemplate: undefined,
    accessTokenTtlSeconds: 3600,
    stateTokenTtlSeconds: 300,
    slowMs: 20_000,
    refreshGraceSeconds: 30,
    now: () => Date.now(),
    randomBytes: (size) => new Uint8Array(nodeRandomBytes(size)),
  }
}

/** A wrong environment variable: the message names it. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message)
    this.name = 'ConfigError'
  }
}

/** The option key of each role's port and public URL. */
export const PORT_OPTION: Readonly<Record<Role, keyof DevPlatformOptions>> = {
  okta: 'oktaPort',
  google: 'googlePort',
  api: 'apiPort',
  sentry: 'sentryPort',
  subsite: 'subsitePort',
}
const URL_OPTION: Readonly<Record<Role, keyof DevPlatformOptions>> = {
  okta: 'oktaUrl',
  google: 'googleUrl',
  api: 'apiUrl',
  sentry: 'sentryUrl',
  subsite: 'subsiteUrl',
}

/**
 * Reads the `DEV_*` variables that are set. Only set variables appear in the result, so it can be
 * spread over the defaults. Throws {@link ConfigError} naming the first malformed variable.
 */
export function readEnvOptions(env: NodeJS.ProcessEnv): Partial<DevPlatformOptions> {
  const out: Partial<Record<keyof DevPlatformOptions, unknown>> = {}
  const value = (name: string): string | undefined => {
    const text = env[name]?.trim()
    return text ? text : undefined
  }
  for (const role of ROLE_NAMES) {
    const { portEnv, urlEnv } = ROLES[role]
    const port = value(portEnv)
    if (port !== undefined) out[PORT_OPTION[role]] = parseInteger(portEnv, port, 0, 65535)
    const url = value(urlEnv)
    if (url !== undefined) out[URL_OPTION[role]] = parseOrigin(urlEnv, url)
  }
  const second = value('DEV_SECOND_SUBSITE_PORT')
  if (second !== undefined)
    out.secondSubsitePort = parseInteger('DEV_SECOND_SUBSITE_PORT', second, 0, 65535)
  const more = value('DEV_MORE_SUBSITE_PORTS')
  if (more !== undefined) {
    const ports = more.split(',').map((port) => port.trim())
    if (ports.length > MORE_LOCAL_SUBSITES.length)
      throw new ConfigError(
        'DEV_MORE_SUBSITE_PORTS',
        `DEV_MORE_SUBSITE_PORTS lists at most ${MORE_LOCAL_SUBSITES.length} ports, not ${ports.length}`,
      )
    out.moreSubsitePorts = ports.map((port) =>
      parseInteger('DEV_MORE_SUBSITE_PORTS', port, 0, 65535),
    )
  }
  const bindHost = value('DEV_BIND_HOST')
  if (bindHost !== undefined) out.bindHost = bindHost
  const appOrigins = value('DEV_APP_ORIGINS')
  if (appOrigins !== undefined) out.appOrigins = parseList('DEV_APP_ORIGINS', appOrigins, true)
  const signinUrl = value('DEV_SIGNIN_URL')
  if (signinUrl !== undefined) out.signinUrl = parseUrl('DEV_SIGNIN_URL', signinUrl).href
  const parentDomain = value('DEV_PARENT_DOMAIN')
  if (parentDomain !== undefined) {
    if (!/^\.[a-z0-9.-]+$/i.test(parentDomain))
      throw new ConfigError('DEV_PARENT_DOMAIN', 'DEV_PARENT_DOMAIN must look like .example.com')
    out.parentDomain = parentDomain.toLowerCase()
  }
  const logoutUris = value('DEV_LOGOUT_REDIRECT_URIS')
  if (logoutUris !== undefined)
    out.logoutRedirectUris = parseList('DEV_LOGOUT_REDIRECT_URIS', logoutUris, false)
  const template = value('DEV_SUBSITE_URL_TEMPLATE')
  if (template !== undefined) {
    if (!template.includes('{subsite}'))
      throw new ConfigError(
        'DEV_SUBSITE_URL_TEMPLATE',
        'DEV_SUBSITE_URL_TEMPLATE must contain {subsite}, e.g. https://{subsite}.platform.test/',
      )
    parseUrl('DEV_SUBSITE_URL_TEMPLATE', template.replace('{subsite}', 'citystream'))
    out.subsiteUrlTemplate = template
  }
  const ttl = value('DEV_ACCESS_TOKEN_TTL')
  if (ttl !== undefined) out.accessTokenTtlSeconds = parseInteger('DEV_ACCESS_TOKEN_TTL', ttl, 1)
  const stateTtl = value('DEV_STATE_TOKEN_TTL')
  if (stateTtl !== undefined)
    out.stateTokenTtlSeconds = parseInteger('DEV_STATE_TOKEN_TTL', stateTtl, 1)
  const slow = value('DEV_SLOW_MS')
  if (slow !== undefined) out.slowMs = parseInteger('DEV_SLOW_MS', slow, 0)
  const grace = value('DEV_REFRESH_GRACE_SECONDS')
  if (grace !== undefined)
    out.refreshGraceSeconds = parseInteger('DEV_REFRESH_GRACE_SECONDS', grace, 0, 60)
  return out as Partial<DevPlatformOptions>
}

function parseInteger(name: string, text: string, min: number, max = Number.MAX_SAFE_INTEGER) {
  const n = Number(text)
  if (!/^\d+$/.test(text) || n < min || n > max)
    throw new ConfigError(
      name,
      `${name} must be a whole number from ${min} to ${max}, not "${text}"`,
    )
  return n
}

function parseUrl(name: string, text: string): URL {
  try {
    const url = new URL(text)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url
  } catch {
    // fall through to the error below
  }
  throw new ConfigError(name, `${name} must be an http(s) URL, not "${text}"`)
}

function parseOrigin(name: string, text: string): string {
  const url = parseUrl(name, text)
  if (url.pathname !== '/' || url.search || url.hash)
    throw new ConfigError(name, `${name} must be an origin such as https://idp.platform.test`)
  return url.origin
}

function parseList(name: string, text: string, origins: boolean): string[] {
  const items = text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
  if (items.length === 0) throw new ConfigError(name, `${name} must list at least one URL`)
  return items.map((item) => (origins ? parseOrigin(name, item) : parseUrl(name, item).href))
}

/* --- Resolved configuration (after the ports are bound) --- */

/** Everything the routes need to know, with public URLs resolved. */
export interface PlatformConfig {
  /** Public origin of each role, without a trailing slash. */
  readonly urls: Readonly<Record<Role, string>>
  readonly appOrigins: readonly string[]
  /** Registered OAuth redirect URIs (Okta and Google): each app origin + `/`. */
  readonly redirectUris: readonly string[]
  readonly signinUrl: string
  readonly parentDomain: string
  readonly logoutRedirectUris: readonly string[]
  readonly subsiteUrlTemplate: string | null
  /** The second local sub-site's origin (`DEV_SECOND_SUBSITE_PORT`), or null. */
  readonly secondSubsiteUrl: string | null
  /** The origins of the more local sub-sites (`DEV_MORE_SUBSITE_PORTS`), in that order. */
  readonly moreSubsiteUrls: readonly string[]
  readonly accessTokenTtlSeconds: number
  readonly stateTokenTtlSeconds: number
  readonly slowMs: number
  readonly refreshGraceSeconds: number
  /** `{okta}/oauth2/default`. */
  readonly issuer: string
  readonly sentryDsn: string
}

/**
 * Resolves the public URLs and derived lists once every listener has its real port.
 * @param ports the bound port of each role (differs from the option when it was 0).
 * @param secondSubsitePort the second sub-site's bound port, when it has one.
 * @param moreSubsitePorts the more local sub-sites' bound ports.
 */
export function resolveConfig(
  options: DevPlatformOptions,
  ports: Readonly<Record<Role, number>>,
  secondSubsitePort: number | null = null,
  moreSubsitePorts: readonly number[] = [],
): PlatformConfig {
  const urlOf = (role: Role): string => {
    const configured = options[URL_OPTION[role]] as string | undefined
    return configured ? new URL(configured).origin : `http://localhost:${ports[role]}`
  }
  const urls = Object.fromEntries(ROLE_NAMES.map((role) => [role, urlOf(role)])) as Record<
    Role,
    string
  >
  const secondSubsiteUrl =
    secondSubsitePort === null ? null : `http://localhost:${secondSubsitePort}`
  const moreSubsiteUrls = moreSubsitePorts.map((port) => `http://localhost:${port}`)
  const appOrigins = options.appOrigins.map((origin) => new URL(origin).origin)
  const redirectUris = appOrigins.map((origin) => `${origin}/`)
  // Okta redirects after logout only to a URI registered exactly: this list and nothing else.
  const template = options.subsiteUrlTemplate
  const logoutRedirectUris = options.logoutRedirectUris ?? [
    ...new Set([
      ...appOrigins.flatMap((origin) => [`${origin}/`, `${origin}/?error=unknown_error`]),
      `${urls.subsite}/`,
      ...(secondSubsiteUrl === null ? [] : [`${secondSubsiteUrl}/`]),
      ...moreSubsiteUrls.map((url) => `${url}/`),
      ...(template === undefined
        ? []
        : DEV_SUBSITE_NAMES.map((name) => new URL(template.replace('{subsite}', name)).href)),
    ]),
  ]
  const sentry = new URL(urls.sentry)
  return {
    urls,
    appOrigins,
    redirectUris,
    signinUrl: options.signinUrl ?? redirectUris[0] ?? `${urls.okta}/`,
    parentDomain: options.parentDomain,
    logoutRedirectUris,
    subsiteUrlTemplate: options.subsiteUrlTemplate ?? null,
    secondSubsiteUrl,
    moreSubsiteUrls,
    accessTokenTtlSeconds: options.accessTokenTtlSeconds,
    stateTokenTtlSeconds: options.stateTokenTtlSeconds,
    slowMs: options.slowMs,
    refreshGraceSeconds: options.refreshGraceSeconds,
    issuer: `${urls.okta}/oauth2/${AUTH_SERVER_ID}`,
    sentryDsn: `${sentry.protocol}//${SENTRY_PUBLIC_KEY}@${sentry.host}/${SENTRY_PROJECT_ID}`,
  }
}
