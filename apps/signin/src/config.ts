/**
 * The app's configuration: the one place `import.meta.env` is read. Every variable is validated at
 * start-up and every problem is reported at once, each naming its variable
 * (`shared/docs/contracts.md`).
 */
import { readAuthConfig } from '@mapping-platform/auth-core'
import type { AuthConfig, ConfigEnv, ConfigProblem } from '@mapping-platform/auth-core'

/** The three legal links of the email step. */
export interface LegalLinks {
  readonly privacyUrl: string
  readonly cookiePolicyUrl: string
  readonly termsUrl: string
}

/** Everything the app needs to run. */
export interface AppConfig {
  readonly auth: AuthConfig
  readonly legal: LegalLinks
  /** The Sentry DSN, or null: no reporting and no Sentry code loaded. */
  readonly sentryDsn: string | null
}

/** The configuration, or every problem at once. */
export type AppConfigResult =
  | { readonly ok: true; readonly config: AppConfig }
  | { readonly ok: false; readonly problems: readonly ConfigProblem[] }

const LEGAL_VARIABLES = {
  privacyUrl: 'VITE_PRIVACY_URL',
  cookiePolicyUrl: 'VITE_COOKIE_POLICY_URL',
  termsUrl: 'VITE_TERMS_URL',
} as const satisfies Record<keyof LegalLinks, string>

/** The build-time variables Vite baked into this bundle. */
export function buildEnv(): ConfigEnv {
  return import.meta.env as unknown as ConfigEnv
}

/**
 * Reads the configuration from `env` for a page served at `location`. The redirect URI registered
 * with both providers is the page's own origin plus `/`.
 */
export function readAppConfig(
  env: ConfigEnv,
  location: { readonly origin: string },
): AppConfigResult {
  const auth = readAuthConfig(env, { redirectUri: `${location.origin}/` })
  const localMode = text(env, 'VITE_LOCAL_MODE') === 'true'
  const problems: ConfigProblem[] = auth.ok ? [] : [...auth.problems]

  const legal: Record<string, string> = {}
  for (const [key, variable] of Object.entries(LEGAL_VARIABLES)) {
    const value = text(env, variable)
    if (value === undefined) problems.push(missing(variable))
    else if (!isWebUrl(value, localMode))
      problems.push(invalid(variable, localMode ? 'an http(s):// URL' : 'an https:// URL'))
    else legal[key] = value
  }

  const dsn = text(env, 'VITE_SENTRY_DSN') ?? null
  if (dsn !== null && !isDsn(dsn, localMode))
    problems.push(
      invalid('VITE_SENTRY_DSN', 'a Sentry DSN such as https://key@o1.ingest.sentry.io/1'),
    )

  if (!auth.ok || problems.length > 0) return { ok: false, problems }
  return {
    ok: true,
    config: { auth: auth.config, legal: legal as unknown as LegalLinks, sentryDsn: dsn },
  }
}

/** The one sentence naming what is wrong, for the page and the console. */
export function describeProblems(problems: readonly ConfigProblem[]): string {
  return `Sign-in is not configured: ${problems.map((problem) => problem.message).join(' ')}`
}

function text(env: ConfigEnv, name: string): string | undefined {
  const value = env[name]
  if (typeof value === 'boolean') return String(value)
  const trimmed = value?.trim()
  return trimmed ? trimmed : undefined
}

function parse(value: string): URL | null {
  try {
    return new URL(value)
  } catch {
    return null
  }
}

function isWebUrl(value: string, allowHttp: boolean): boolean {
  const url = parse(value)
  if (url === null || url.username !== '' || url.password !== '') return false
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')
}

function isDsn(value: string, allowHttp: boolean): boolean {
  const url = parse(value)
  if (url === null || url.username === '' || !/^\/(?:.*\/)?\d+$/.test(url.pathname)) return false
  return url.protocol === 'https:' || (allowHttp && url.protocol === 'http:')
}

function missing(variable: string): ConfigProblem {
  return { variable, reason: 'missing', message: `${variable} is missing.` }
}

function invalid(variable: string, expected: string): ConfigProblem {
  return {
    variable,
    reason: 'invalid',
    message: `${variable} is not valid: expected ${expected}.`,
  }
}
