import { isCookieName, isCookieValue, isHarmfulCookieName } from '../cookies/cookieRules'
import { AuthError } from '../errors/authError'
import type { AuthErrorDetails } from '../errors/authError'
import { isJsonObject } from '../http/isJsonObject'
import { readJsonBody } from '../http/readJsonBody'

/** The most cookies one answer may set. */
export const MAX_GOOGLE_COOKIES = 20
/**
 * The most bytes (`name=value` of every entry) one answer may hold. Browsers send every cookie of
 * the parent domain to every sub-site: a map of 20 cookies of 4 KB each would push the `Cookie`
 * header past what servers accept (nginx: 8 KB per header line) and close every connection.
 */
export const MAX_GOOGLE_COOKIE_MAP_BYTES = 8192

/** Valid cookie names that would be dangerous as keys of a plain object. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

const PROVIDER_CODE = /^[A-Za-z0-9_.:-]{1,64}$/

/**
 * Checks the product API's answer on the Google path. A 200 must be a JSON object of 1 to
 * {@link MAX_GOOGLE_COOKIES} entries, each a valid cookie name and a plain cookie value (the
 * attributes are auth-core's, never the server's), none of them a harmful name (`__Host-` and
 * `__Secure-` prefixes, `post_login_redirect`: `harmful_cookie_name`), and at most
 * {@link MAX_GOOGLE_COOKIE_MAP_BYTES} in all (`cookie_map_too_large`); it is returned as a fresh
 * map (which names are written is `selectGoogleCookies`' decision). Any other
 * answer is an error: `google_not_found` when its `error` or `code` is `not_found`, else
 * `google_failed`, with the HTTP status (and the API's code when it gave one).
 *
 * @throws AuthError `google_not_found` or `google_failed`; `timeout`/`network_error` if the body fails mid-read.
 * @see ../../../../shared/spec/signin-spec.md sections 7 and 8
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1.1
 */
export async function processGoogleAuthResponse(
  response: Response,
): Promise<Readonly<Record<string, string>>> {
  const body = await readJsonBody(response)
  const value = body.parsed ? body.value : undefined
  if (response.status !== 200) throw apiError(response.status, value)

  if (!isJsonObject(value)) throw invalidMap('The cookie map is not a JSON object.')
  const entries = Object.entries(value)
  if (entries.length < 1 || entries.length > MAX_GOOGLE_COOKIES)
    throw invalidMap(`The cookie map has ${entries.length} entries.`)
  const cookies: [string, string][] = []
  for (const [name, cookieValue] of entries) {
    if (!isCookieName(name) || RESERVED_KEYS.has(name) || !isCookieValue(cookieValue, name))
      throw invalidMap('The cookie map holds an invalid name or value.')
    cookies.push([name, cookieValue])
  }
  if (cookies.some(([name]) => isHarmfulCookieName(name)))
    throw invalidMap(
      'The cookie map holds a name the page must never write.',
      'harmful_cookie_name',
    )
  const bytes = cookies.reduce((sum, [name, value]) => sum + name.length + 1 + value.length, 0)
  if (bytes > MAX_GOOGLE_COOKIE_MAP_BYTES)
    throw invalidMap(`The cookie map holds ${bytes} bytes.`, 'cookie_map_too_large')
  return Object.fromEntries(cookies)
}

function apiError(status: number, value: unknown): AuthError {
  // Stryker disable next-line ArrayDeclaration: a filled array's entry would need to be 'not_found' or code-shaped to matter; Stryker's has a space, so it changes nothing
  const fields = isJsonObject(value) ? [value.error, value.code] : []
  const notFound = fields.includes('not_found')
  const providerCode = notFound
    ? 'not_found'
    : fields.find(
        (field): field is string => typeof field === 'string' && PROVIDER_CODE.test(field),
      )
  const details: AuthErrorDetails =
    providerCode === undefined ? { status } : { status, providerCode }
  return notFound
    ? new AuthError(
        'google_not_found',
        'The product API found no user for this Google account.',
        details,
      )
    : new AuthError('google_failed', `The product API answered ${status}.`, details)
}

function invalidMap(message: string, providerCode = 'invalid_cookie_map'): AuthError {
  return new AuthError('google_failed', message, { status: 200, providerCode })
}
