import { scrubText } from './scrubText'
import { OMIT, scrubFields, scrubTree } from './scrubTree'
import type { FieldHandler, ScrubContext } from './scrubTree'
import { scrubUrl } from './scrubUrl'

/** Breadcrumb `data` fields that hold a URL (navigation `from`/`to`, fetch and xhr `url`). */
const URL_FIELDS = ['url', 'from', 'to'] as const
/** Request and response bodies some integrations attach to fetch and xhr breadcrumbs. */
const BODY_FIELDS = ['body', 'request_body', 'response_body', 'request', 'response'] as const

/**
 * Sentry's `beforeBreadcrumb`: returns a scrubbed copy of the breadcrumb, or `null` to drop it.
 * Console breadcrumbs are dropped (they can echo anything). In `data`, `url`, `from` and `to` are
 * cut to origin plus path (the navigation breadcrumb that clearing the fragment itself creates has
 * `from: '/#code=…&state=…'`), and request and response bodies are left out. Everything else,
 * `message` included, is scrubbed like event values (see `scrubEvent`). The input is not changed.
 *
 * Pass it as `beforeBreadcrumb: (breadcrumb) => scrubBreadcrumb(breadcrumb)`.
 * @see https://docs.sentry.io/platforms/javascript/configuration/filtering/#using-before-breadcrumb
 * @see https://docs.sentry.io/platforms/javascript/data-management/sensitive-data/
 */
export function scrubBreadcrumb<T>(breadcrumb: T): T | null {
  return scrubBreadcrumbWith(breadcrumb, { secrets: [] }) as T | null
}

/** {@link scrubBreadcrumb} with the secrets of a `scrubEvent` call (for the event's breadcrumbs). */
export function scrubBreadcrumbWith(breadcrumb: unknown, context: ScrubContext): unknown {
  if (typeof breadcrumb !== 'object' || breadcrumb === null || Array.isArray(breadcrumb))
    return scrubTree(breadcrumb, context)
  if ((breadcrumb as { category?: unknown }).category === 'console') return null
  return scrubFields(breadcrumb, context, { data: scrubData })
}

function scrubData(data: unknown, context: ScrubContext): unknown {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return scrubTree(data, context)
  const handlers: Record<string, FieldHandler> = {}
  for (const field of URL_FIELDS) handlers[field] = scrubUrlField
  for (const field of BODY_FIELDS) handlers[field] = () => OMIT
  return scrubFields(data, context, handlers)
}

function scrubUrlField(value: unknown, context: ScrubContext): unknown {
  return typeof value === 'string'
    ? scrubText(scrubUrl(value), context.secrets)
    : scrubTree(value, context)
}
