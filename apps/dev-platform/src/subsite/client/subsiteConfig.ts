/**
 * What the sub-site's server tells its page: which sub-site this is, where it lives, the product
 * API, and the platform session's settings (the sign-in app's values). The server writes it as
 * JSON into `<meta name="subsite-config">` (escaped, no inline script); the page parses it here.
 * DOM-free, so the server builds the same type and the tests run in Node.
 */
import type { SessionConfig } from '@mapping-platform/auth-core/session'

/** The `name` of the meta element that carries the configuration. */
export const SUBSITE_CONFIG_META = 'subsite-config'

export interface SubsiteConfig {
  /** This sub-site's name, one DNS label (`citystream`): what `redirectToSignIn` remembers. */
  readonly subsite: string
  /** This sub-site's home page: where sign-out comes back to (a registered logout URI). */
  readonly home: string
  /** The product API's origin, for `GET /auth/whoami`. */
  readonly apiUrl: string
  /**
   * The origins whose APIs take the platform token (the provider's `apiOrigins`): the sub-site's
   * own (its demo API). The product API is not named: the demo calls it as "another origin",
   * which must get no token.
   */
  readonly apiOrigins: readonly string[]
  /** The platform session as `@mapping-platform/auth-core/session` needs it. */
  readonly session: SessionConfig
}

/** A configuration the page cannot use; the message says which field. */
export class SubsiteConfigError extends Error {
  override readonly name = 'SubsiteConfigError'
}

type Json = Record<string, unknown>

/**
 * Parses and checks the meta element's content. Only the shape is checked here;
 * `createPlatformSession` checks the URLs and numbers itself.
 * @throws SubsiteConfigError naming the first missing or mistyped field.
 */
export function parseSubsiteConfig(content: string | null | undefined): SubsiteConfig {
  if (!content)
    throw new SubsiteConfigError(`The page has no <meta name="${SUBSITE_CONFIG_META}">.`)
  let data: unknown
  try {
    data = JSON.parse(content)
  } catch {
    throw new SubsiteConfigError('The sub-site configuration is not JSON.')
  }
  const root = object(data, 'the configuration')
  const session = object(root.session, 'session')
  return {
    subsite: text(root, 'subsite'),
    home: text(root, 'home'),
    apiUrl: text(root, 'apiUrl'),
    apiOrigins: texts(root, 'apiOrigins'),
    session: {
      oktaOrgUrl: text(session, 'oktaOrgUrl', 'session.'),
      authServerId: text(session, 'authServerId', 'session.'),
      clientId: text(session, 'clientId', 'session.'),
      parentDomain: text(session, 'parentDomain', 'session.', true),
      localMode: flag(session, 'localMode'),
      signInUrl: text(session, 'signInUrl', 'session.'),
      clockSkewSeconds: seconds(session, 'clockSkewSeconds'),
      refreshLeewaySeconds: seconds(session, 'refreshLeewaySeconds'),
    },
  }
}

function object(value: unknown, name: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new SubsiteConfigError(`${name} must be an object.`)
  return value as Json
}

function text(from: Json, key: string, prefix = '', emptyAllowed = false): string {
  const value = from[key]
  if (typeof value !== 'string' || (!emptyAllowed && value === ''))
    throw new SubsiteConfigError(
      `${prefix}${key} must be a ${emptyAllowed ? 'string' : 'non-empty string'}.`,
    )
  return value
}

function texts(from: Json, key: string): string[] {
  const value = from[key]
  if (!Array.isArray(value) || value.some((item) => typeof item !== 'string'))
    throw new SubsiteConfigError(`${key} must be an array of strings.`)
  return value as string[]
}

function flag(from: Json, key: string): boolean {
  const value = from[key]
  if (typeof value !== 'boolean') throw new SubsiteConfigError(`session.${key} must be a boolean.`)
  return value
}

function seconds(from: Json, key: string): number | undefined {
  const value = from[key]
  if (value === undefined) return undefined
  if (typeof value !== 'number') throw new SubsiteConfigError(`session.${key} must be a number.`)
  return value
}

/** The sub-site backend's demo API (same origin), called with the authenticated `fetch`. */
export const DEMO_API_PATH = '/api/hello'
