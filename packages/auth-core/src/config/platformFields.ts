/**
 * The settings the sign-in app and every sub-site share (the identity provider, the client, the
 * parent domain, local mode), read from the same build-time variables by both
 * (`readAuthConfig`, `readSessionConfig`) and checked by the same rules when a session object is
 * created: one piece of code, so a value the sign-in app accepts is one a sub-site accepts.
 */
import { isParentDomain } from '../cookies/cookieRules'
import type { ConfigEnv, ConfigProblem } from './authConfig'

/** The shared settings, as `AuthConfig` and `SessionConfig` hold them. */
interface PlatformFields {
  readonly oktaOrgUrl: string
  readonly authServerId: string
  readonly clientId: string
  readonly parentDomain: string
  readonly localMode: boolean
}

/** Reads variables from an environment, collecting every problem. */
interface EnvReader {
  /** Every problem found so far, in the order found. */
  readonly problems: ConfigProblem[]
  /** The trimmed text of `name`, or undefined when it is absent or blank. */
  text(name: string): string | undefined
  /** As {@link EnvReader.text}, and a `missing` problem when absent. */
  required(name: string): string | undefined
  /** Records an `invalid` problem: `name` is not `expected`. */
  invalid(name: string, expected: string): void
}

/** An {@link EnvReader} over `env` (`import.meta.env`). */
export function createEnvReader(env: ConfigEnv): EnvReader {
  const problems: ConfigProblem[] = []
  const text = (name: string): string | undefined => {
    const value = env[name]
    if (typeof value === 'boolean') return String(value)
    // Anything but a string (a number or object from a loosely typed env) counts as absent.
    const trimmed = typeof value === 'string' ? value.trim() : undefined
    return trimmed ? trimmed : undefined
  }
  return {
    problems,
    text,
    required(name) {
      const value = text(name)
      if (value === undefined)
        problems.push({ variable: name, reason: 'missing', message: `${name} is missing.` })
      return value
    },
    invalid(name, expected) {
      problems.push({
        variable: name,
        reason: 'invalid',
        message: `${name} is not valid: expected ${expected}.`,
      })
    },
  }
}

const AUTH_SERVER_ID = /^[A-Za-z0-9_-]{1,64}$/
const CLIENT_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,254}$/

/**
 * One shared setting: its variable, and how a text becomes its value (null: not acceptable).
 * `parse` returns the canonical form (an origin without `/`, a lowercase domain).
 */
interface TextField {
  readonly field: Exclude<keyof PlatformFields, 'localMode'>
  readonly variable: string
  readonly parse: (text: string, localMode: boolean) => string | null
  readonly expected: (localMode: boolean) => string
}

const TEXT_FIELDS: readonly TextField[] = [
  {
    field: 'oktaOrgUrl',
    variable: 'VITE_OKTA_ORG_URL',
    parse: (text, localMode) => parseOrigin(text, localMode),
    expected: (localMode) =>
      `${localMode ? 'an http:// or https://' : 'an https://'} URL origin such as https://login.example.com`,
  },
  {
    field: 'authServerId',
    variable: 'VITE_OKTA_AUTH_SERVER_ID',
    parse: (text) => (AUTH_SERVER_ID.test(text) ? text : null),
    expected: () => 'an authorization server id such as "default"',
  },
  {
    field: 'clientId',
    variable: 'VITE_OKTA_CLIENT_ID',
    parse: (text) => (CLIENT_ID.test(text) ? text : null),
    expected: () => 'an OAuth client id',
  },
  {
    field: 'parentDomain',
    variable: 'VITE_PARENT_DOMAIN',
    parse: (text, localMode) => {
      const domain = text.toLowerCase()
      return isParentDomain(domain, localMode) ? domain : null
    },
    expected: () => 'a domain with its leading dot, such as .example.com',
  },
]

/** The Google and Okta client ids follow the same rule (`VITE_GOOGLE_CLIENT_ID` too). */
export function isClientId(text: string): boolean {
  return CLIENT_ID.test(text)
}

/**
 * Reads `VITE_LOCAL_MODE` and the four shared variables, recording each problem in `reader`;
 * the fields whose variable is missing or invalid are left out.
 */
export function readPlatformFields(
  reader: EnvReader,
): Partial<PlatformFields> & Pick<PlatformFields, 'localMode'> {
  const localModeText = reader.text('VITE_LOCAL_MODE')
  const localMode = localModeText === 'true'
  if (localModeText !== undefined && !localMode && localModeText !== 'false')
    reader.invalid('VITE_LOCAL_MODE', '"true" or "false"')
  const fields: Partial<Record<TextField['field'], string>> = {}
  for (const { field, variable, parse, expected } of TEXT_FIELDS) {
    const text = reader.required(variable)
    if (text === undefined) continue
    const value = parse(text, localMode)
    if (value === null) reader.invalid(variable, expected(localMode))
    else fields[field] = value
  }
  return { ...fields, localMode }
}

/**
 * What is wrong with the shared settings of an object being created, one sentence per setting
 * (empty: nothing). Each must already be in its canonical form: an `oktaOrgUrl` with a trailing
 * `/` (which would call `…//oauth2/…`) or a path, or a `parentDomain` in capitals, is refused.
 * `parentDomain` is not checked in local mode, where it scopes nothing.
 */
export function platformFieldProblems(config: PlatformFields): string[] {
  const problems: string[] = []
  if (typeof config.localMode !== 'boolean') problems.push('localMode must be true or false.')
  for (const { field, parse, expected } of TEXT_FIELDS) {
    // In local mode cookies are host-only and any http(s) URL is followed: no parent domain.
    if (field === 'parentDomain' && config.localMode === true) continue
    const value: unknown = config[field]
    if (typeof value !== 'string' || parse(value, config.localMode === true) !== value)
      problems.push(`${field} must be ${expected(config.localMode === true)}, not ${show(value)}.`)
  }
  return problems
}

/** A value for a developer's message: strings quoted, anything else by its type. */
function show(value: unknown): string {
  return typeof value === 'string' ? JSON.stringify(value) : typeof value
}

/** An `https://` URL (or `http://` when allowed) without user info, query or fragment. */
export function parseUrl(text: string, allowHttp: boolean): URL | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:')) return null
  if (url.username || url.password || url.hash || url.search) return null
  return url
}

/** An origin only (a bare `/` path is tolerated), returned without a trailing slash. */
function parseOrigin(text: string, allowHttp: boolean): string | null {
  const url = parseUrl(text, allowHttp)
  return url && url.pathname === '/' ? url.origin : null
}
