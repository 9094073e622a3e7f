/**
 * The options of the server entry, checked once when a key cache or a verifier is created: a
 * wrong one fails at once as `configuration_error`, naming every problem, instead of as a
 * `TypeError` (or a refusal of every token) at each request.
 */
import type { JwksCacheOptions } from './createJwksCache'
import type { VerifyAccessTokenOptions } from './verifyAccessToken'

/** Host names of the local machine, where plain `http:` is accepted (a local identity provider). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])
/** A scope name (RFC 6749 section 3.3: printable ASCII but space, `"` and `\`). */
const SCOPE_NAME = /^[\x21\x23-\x5b\x5d-\x7e]+$/

/** What is wrong with `options` of {@link createJwksCache}, one sentence per problem. */
export function jwksCacheOptionProblems(options: JwksCacheOptions): string[] {
  const problems: string[] = []
  if (!isEndpointUrl(options.jwksUri))
    problems.push(
      'jwksUri must be an absolute https URL (http only on localhost), e.g. https://login.example.com/oauth2/default/v1/keys.',
    )
  optionalFunction(options.fetch, 'fetch', problems)
  optionalFunction(options.now, 'now', problems)
  if (
    options.timeoutMs !== undefined &&
    !(isFiniteNumber(options.timeoutMs) && options.timeoutMs > 0)
  )
    problems.push('timeoutMs must be a positive number of milliseconds.')
  for (const name of ['maxAgeMs', 'cooldownMs'] as const) {
    const value = options[name]
    if (value !== undefined && !(isFiniteNumber(value) && value >= 0))
      problems.push(`${name} must be a non-negative number of milliseconds.`)
  }
  return problems
}

/** What is wrong with `options` of {@link verifyAccessToken}, one sentence per problem. */
export function verifierOptionProblems(options: VerifyAccessTokenOptions): string[] {
  const given: unknown = options
  if (typeof given !== 'object' || given === null) return ['The options must be an object.']
  const problems: string[] = []
  const { issuer, audience, clientId, requiredScopes, clockTolerance, jwks } = options
  if (!isEndpointUrl(issuer) || issuer.endsWith('/'))
    problems.push(
      "issuer must be the tokens' iss exactly: an absolute https URL (http only on localhost) without a trailing /, e.g. https://login.example.com/oauth2/default.",
    )
  if (!isNonEmptyString(audience))
    problems.push('audience must be a non-empty string, e.g. api://default.')
  if (!isNonEmptyString(clientId))
    problems.push("clientId must be the sign-in app's client id, a non-empty string.")
  if (requiredScopes !== undefined && !isScopeList(requiredScopes))
    problems.push(
      typeof requiredScopes === 'string'
        ? "requiredScopes must be an array of scope names, e.g. ['coverage:get'], not a string."
        : 'requiredScopes must be an array of scope names (no spaces, quotes or backslashes).',
    )
  if (clockTolerance !== undefined && !(isFiniteNumber(clockTolerance) && clockTolerance >= 0))
    problems.push('clockTolerance must be a non-negative number of seconds.')
  if (jwks !== undefined && typeof (jwks as Partial<typeof jwks> | null)?.getKey !== 'function')
    problems.push('jwks must be a key cache made by createJwksCache.')
  optionalFunction(options.now, 'now', problems)
  return problems
}

/** An absolute `https:` URL, or `http:` on a loopback host, without user info or fragment. */
function isEndpointUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  const secure =
    url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname))
  return secure && url.username === '' && url.password === '' && !value.includes('#')
}

function isScopeList(value: unknown): boolean {
  return (
    Array.isArray(value) &&
    value.every((scope) => typeof scope === 'string' && SCOPE_NAME.test(scope))
  )
}

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value !== ''
}

function isFiniteNumber(value: unknown): value is number {
  // Number.isFinite converts nothing: a string is not a number here.
  return Number.isFinite(value)
}

function optionalFunction(value: unknown, name: string, problems: string[]): void {
  if (value !== undefined && typeof value !== 'function')
    problems.push(`${name} must be a function.`)
}
