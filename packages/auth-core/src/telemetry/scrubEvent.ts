import { scrubBreadcrumbWith } from './scrubBreadcrumb'
import { scrubText } from './scrubText'
import { OMIT, scrubFields, scrubTree } from './scrubTree'
import type { ScrubContext } from './scrubTree'
import { scrubUrl } from './scrubUrl'

/** Options of {@link scrubEvent}. */
export interface ScrubOptions {
  /** Exact values to remove wherever they appear, raw or URL-encoded (e.g. the typed email). */
  readonly secrets?: readonly string[]
}

/** Request headers that carry credentials or the previous URL (which can hold a code). */
const DROPPED_HEADERS = new Set(['cookie', 'authorization', 'referer', 'referrer'])

/**
 * Sentry's `beforeSend` (and `beforeSendTransaction`): returns a scrubbed deep copy of the event;
 * the input is not changed. Nothing that could sign someone in survives:
 * - `request.cookies`, `request.data` and `request.query_string` are left out, and so are the
 *   `Cookie`, `Authorization` and `Referer` headers (any case); `request.url` is cut to origin
 *   plus path;
 * - breadcrumbs go through `scrubBreadcrumb` (console ones are dropped);
 * - everywhere (exception values, messages, extra, contexts, tags, user, ...), a value under a key
 *   matching `SENSITIVE_KEY_PATTERN` (password, passCode, code, state, stateToken, sessionToken,
 *   verifier, nonce, otp, secret, authorization, cookie, email, username, ...) becomes
 *   `[Filtered]`, except the structural keys in `NON_SENSITIVE_KEYS` (`status_code`,
 *   `auth_error_code`, ...);
 * - every string loses URL queries and fragments, sensitive `name=value` pairs, bearer values,
 *   JWTs, base64url runs of 32+ characters, six-digit codes, email addresses and the exact
 *   `options.secrets`;
 * - cycles and nesting deeper than 20 become `[Filtered]`.
 *
 * Pass it as `beforeSend: (event) => scrubEvent(event, { secrets })`.
 * @see https://docs.sentry.io/platforms/javascript/data-management/sensitive-data/
 * @see https://docs.sentry.io/platforms/javascript/data-management/data-collected/ (URL and referrer are always sent)
 */
export function scrubEvent<T>(event: T, options: ScrubOptions = {}): T {
  const context: ScrubContext = { secrets: secretsFrom(options) }
  if (typeof event !== 'object' || event === null || Array.isArray(event))
    return scrubTree(event, context) as T
  return scrubFields(event, context, { request: scrubRequest, breadcrumbs: scrubBreadcrumbs }) as T
}

function scrubRequest(request: unknown, context: ScrubContext): unknown {
  if (typeof request !== 'object' || request === null || Array.isArray(request))
    return scrubTree(request, context)
  return scrubFields(request, context, {
    cookies: () => OMIT,
    data: () => OMIT,
    query_string: () => OMIT,
    url: (url) =>
      typeof url === 'string' ? scrubText(scrubUrl(url), context.secrets) : scrubTree(url, context),
    headers: scrubHeaders,
  })
}

function scrubHeaders(headers: unknown, context: ScrubContext): unknown {
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers))
    return scrubTree(headers, context)
  const handlers: Record<string, () => typeof OMIT> = {}
  for (const name of Object.keys(headers))
    if (DROPPED_HEADERS.has(name.toLowerCase())) handlers[name] = () => OMIT
  return scrubFields(headers, context, handlers)
}

function scrubBreadcrumbs(breadcrumbs: unknown, context: ScrubContext): unknown {
  if (!Array.isArray(breadcrumbs)) return scrubTree(breadcrumbs, context)
  return breadcrumbs
    .map((breadcrumb: unknown) => scrubBreadcrumbWith(breadcrumb, context))
    .filter((breadcrumb) => breadcrumb !== null)
}

/** The caller's secrets, ignoring anything that is not a string (e.g. a Sentry hint passed by mistake). */
function secretsFrom(options: ScrubOptions): readonly string[] {
  const secrets: unknown = options.secrets
  // Stryker disable next-line ArrayDeclaration: the mutant's only secret is Stryker's own marker text, which no event holds
  if (!Array.isArray(secrets)) return []
  return secrets.filter((secret): secret is string => typeof secret === 'string')
}
