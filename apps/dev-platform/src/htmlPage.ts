/**
 * Small, accessible HTML pages (error pages, forgot password, Google's account chooser) with
 * escaping by construction: interpolations in {@link html} are escaped unless already safe.
 */
import { readFileSync } from 'node:fs'

/** Markup that is already safe to insert. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value
  }
}

/** Escapes text for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

/** Tagged template: `${value}` is escaped; SafeHtml and arrays of SafeHtml are inserted as is. */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0] ?? ''
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value]
    for (const part of parts)
      out += part instanceof SafeHtml ? part.value : escapeHtml(String(part ?? ''))
    out += strings[i + 1] ?? ''
  })
  return new SafeHtml(out)
}

/**
 * A whole page: `lang`, viewport, title, `<meta name content>` pairs (escaped: data for the
 * page's script without an inline script), the shared stylesheet, module scripts, one `<main>`.
 */
export function renderPage(options: {
  title: string
  main: SafeHtml
  stylesheet?: string
  scripts?: readonly string[]
  meta?: Readonly<Record<string, string>>
}): string {
  const stylesheet = options.stylesheet ?? '/static/page.css'
  const scripts = (options.scripts ?? []).map(
    (src) => html`<script type="module" src="${src}"></script>`,
  )
  const meta = Object.entries(options.meta ?? {}).map(
    ([name, content]) => html`<meta name="${name}" content="${content}" />`,
  )
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${options.title}</title>
        ${meta}
        <link rel="stylesheet" href="${stylesheet}" />
        ${scripts}
      </head>
      <body>
        <main>${options.main}</main>
      </body>
    </html> `.value
}

/**
 * Headers of every HTML page: no inline script or style is allowed, nothing may frame it, and the
 * page is not cached. `formTargets` are extra origins a form may post or redirect to;
 * `connectTargets` the origins its script may `fetch` (none unless given).
 */
export function pageHeaders(
  formTargets: readonly string[] = [],
  connectTargets: readonly string[] = [],
): Record<string, string> {
  const formAction = ["'self'", ...formTargets].join(' ')
  const connect = connectTargets.length > 0 ? ` connect-src ${connectTargets.join(' ')};` : ''
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Security-Policy': `default-src 'none'; style-src 'self'; script-src 'self';${connect} img-src 'self' data:; form-action ${formAction}; base-uri 'none'; frame-ancestors 'none'`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  }
}

/** The stylesheet of the Okta and Google pages (`/static/page.css` on those origins). */
export const PAGE_CSS = readFileSync(new URL('./static/page.css', import.meta.url), 'utf8')
