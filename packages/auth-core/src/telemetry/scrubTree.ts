import { isSensitiveKey } from './sensitiveKeys'
import { FILTERED, replaceSecrets, scrubText } from './scrubText'

/** What the scrubbers share while walking one event or breadcrumb. */
export interface ScrubContext {
  /** Exact values to remove wherever they appear (e.g. this session's state token). */
  readonly secrets: readonly string[]
}

/** Objects nested deeper than this are replaced by `[Filtered]` (Sentry normalises far less deep). */
export const MAX_SCRUB_DEPTH = 20

/** Returned by a field handler to leave the field out of the copy. */
export const OMIT: unique symbol = Symbol('omit')

/** A per-field override of the generic walk, for fields that need more than their key's rules. */
export type FieldHandler = (value: unknown, context: ScrubContext) => unknown

/** SDK-generated identifiers kept as they are (they look like base64 runs but are never secrets). */
const IDENTIFIER_KEYS: ReadonlySet<string | undefined> = new Set([
  'event_id',
  'trace_id',
  'span_id',
  'parent_span_id',
  'replay_id',
  'profile_id',
  'debug_id',
  'release',
  'dist',
])
const IDENTIFIER = /^[\w.:@+-]{1,200}$/
/** Stack-frame fields that name code: scrubbed as code locations (see `TextMode`). */
const CODE_LOCATION_KEYS: ReadonlySet<string | undefined> = new Set([
  'filename',
  'abs_path',
  'function',
  'module',
])

/**
 * A scrubbed deep copy of `value`: values under sensitive keys become `[Filtered]`, every string is
 * scrubbed (`scrubText`), cycles and objects deeper than {@link MAX_SCRUB_DEPTH} become
 * `[Filtered]`, and a property whose getter throws becomes `[Filtered]`. The input is not changed.
 * @see https://docs.sentry.io/platforms/javascript/configuration/options/#normalize-depth
 */
export function scrubTree(
  value: unknown,
  context: ScrubContext,
  key?: string,
  depth = 0,
  ancestors: Set<object> = new Set(),
): unknown {
  if (key !== undefined && isSensitiveKey(key)) return FILTERED
  if (typeof value === 'string') return scrubString(value, context, key)
  if (typeof value !== 'object' || value === null || value instanceof Date) return value
  if (depth > MAX_SCRUB_DEPTH || ancestors.has(value)) return FILTERED
  ancestors.add(value)
  try {
    if (Array.isArray(value))
      return value.map((item: unknown) => scrubTree(item, context, key, depth + 1, ancestors))
    return scrubFields(value, context, {}, depth, ancestors)
  } finally {
    ancestors.delete(value)
  }
}

/**
 * Copies `record` field by field: a field with a handler in `handlers` takes the handler's result
 * (or is left out on {@link OMIT}); any other field goes through {@link scrubTree}. Errors keep
 * their (non-enumerable) `name`, `message` and `stack`, scrubbed.
 * @see https://develop.sentry.dev/sdk/data-model/event-payloads/ (the fields of an event)
 */
export function scrubFields(
  record: object,
  context: ScrubContext,
  handlers: Readonly<Record<string, FieldHandler>>,
  depth = 0,
  ancestors: Set<object> = new Set([record]),
): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  const keys = new Set(Object.keys(record))
  if (record instanceof Error) for (const key of ['name', 'message', 'stack']) keys.add(key)
  for (const key of keys) {
    let value: unknown
    try {
      value = (record as Record<string, unknown>)[key]
    } catch {
      define(out, key, FILTERED)
      continue
    }
    const handler = Object.hasOwn(handlers, key) ? handlers[key] : undefined
    const scrubbed = handler
      ? handler(value, context)
      : scrubTree(value, context, key, depth + 1, ancestors)
    if (scrubbed !== OMIT) define(out, key, scrubbed)
  }
  return out
}

function scrubString(value: string, context: ScrubContext, key: string | undefined): string {
  if (IDENTIFIER_KEYS.has(key) && IDENTIFIER.test(value))
    return replaceSecrets(value, context.secrets)
  const mode = CODE_LOCATION_KEYS.has(key) ? 'codeLocation' : 'full'
  return scrubText(value, context.secrets, mode)
}

/** Sets an own data property, so a key such as `__proto__` stays a plain key of the copy. */
function define(target: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}
