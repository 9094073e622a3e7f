/**
 * One Sentry warning sent without the SDK, as a single envelope over `fetch` with `keepalive`, so
 * it survives the navigation that follows at once (the SDK chunk would still be loading when the
 * page is replaced). Used only for a warning whose content the app fully controls (a fixed
 * message, fixed tags, names already checked as cookie names), so the SDK's scrubbers have
 * nothing to remove.
 * @see https://develop.sentry.dev/sdk/data-model/envelopes/
 * @see https://develop.sentry.dev/sdk/overview/#parsing-the-dsn
 */

/** What the warning says. */
export interface Warning {
  readonly message: string
  readonly tags: Readonly<Record<string, string>>
  readonly extra: Readonly<Record<string, string>>
}

/** The envelope endpoint of a DSN (`{scheme}://{key}@{host}{path}/{project}`), or null. */
export function envelopeUrl(dsn: string): string | null {
  let url: URL
  try {
    url = new URL(dsn)
  } catch {
    return null
  }
  const path = url.pathname.split('/')
  const project = path.pop()
  if (!url.username || !project || !/^\d+$/.test(project)) return null
  const base = `${url.protocol}//${url.host}${path.join('/')}`
  return `${base}/api/${project}/envelope/?sentry_key=${encodeURIComponent(url.username)}&sentry_version=7`
}

/** Sends `warning` to the DSN's project; never throws (a lost warning must not stop sign-in). */
export function sendWarningEnvelope(
  dsn: string,
  warning: Warning,
  deps: { fetch?: typeof fetch; now?: () => number; eventId?: () => string } = {},
): void {
  const url = envelopeUrl(dsn)
  if (url === null) return
  const now = (deps.now ?? Date.now)()
  const eventId = (deps.eventId ?? randomEventId)()
  const body = [
    JSON.stringify({ event_id: eventId, sent_at: new Date(now).toISOString() }),
    JSON.stringify({ type: 'event' }),
    JSON.stringify({
      event_id: eventId,
      timestamp: now / 1000,
      platform: 'javascript',
      level: 'warning',
      message: warning.message,
      tags: warning.tags,
      extra: warning.extra,
    }),
  ].join('\n')
  try {
    void (deps.fetch ?? fetch)(url, {
      method: 'POST',
      // text/plain: a simple request, no preflight to wait for before the page goes.
      headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
      body,
      keepalive: true,
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
    }).catch(() => undefined)
  } catch {
    // fetch itself unavailable: the warning is lost, sign-in goes on.
  }
}

function randomEventId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}
