/**
 * The demo sub-site's HTML: the home page (a shell the page script fills from
 * `@mapping-platform/auth-core/session`) and the three legal pages the app links to.
 */
import { html, renderPage, type SafeHtml } from '../htmlPage'
import { SUBSITE_CONFIG_META, type SubsiteConfig } from './client/subsiteConfig'

/** The legal pages (`/legal/{name}`) and their titles. */
export const LEGAL_PAGES: Readonly<Record<string, string>> = {
  privacy: 'Privacy policy',
  cookies: 'Cookie policy',
  terms: 'Terms of service',
}

/** Where the page script is served (bundled at start-up). */
export const SUBSITE_SCRIPT = '/static/subsite.js'

function layout(
  subsite: string,
  title: string,
  body: SafeHtml,
  config: SubsiteConfig | null = null,
): string {
  const legal = Object.entries(LEGAL_PAGES).map(
    ([name, label]) => html`<li><a href="/legal/${name}">${label}</a></li>`,
  )
  return renderPage({
    title,
    stylesheet: '/static/subsite.css',
    scripts: config === null ? [] : [SUBSITE_SCRIPT],
    meta: config === null ? {} : { [SUBSITE_CONFIG_META]: JSON.stringify(config) },
    main: html`<header class="brand">
        <a href="/">${subsite}</a> <span class="tag">demo sub-site</span>
      </header>
      ${body}
      <footer>
        <nav aria-label="Legal">
          <ul>
            ${legal}
          </ul>
        </nav>
      </footer>`,
  })
}

/**
 * The home page: the configuration as JSON in `<meta name="subsite-config">` (escaped like any
 * attribute, so no inline script is needed) and an empty session panel that
 * `/static/subsite.js` (the React app) fills: who is signed in, the demo API, Sign in or out.
 */
export function renderSubsitePage(config: SubsiteConfig): string {
  return layout(
    config.subsite,
    `${config.subsite} — demo sub-site`,
    html`<h1>${config.subsite}</h1>
      <section aria-labelledby="session-heading">
        <h2 id="session-heading">Your session</h2>
        <div id="session" aria-live="polite" aria-busy="true">
          <p>Checking your session…</p>
        </div>
        <noscript>
          <p>
            This demo sub-site reads the platform session in the browser with auth-core/session:
            please enable JavaScript.
          </p>
        </noscript>
      </section>`,
    config,
  )
}

/** A tiny legal page (no script). */
export function renderLegalPage(subsite: string, page: string): string {
  const title = LEGAL_PAGES[page] ?? 'Legal'
  return layout(
    subsite,
    `${title} — ${subsite}`,
    html`<h1>${title}</h1>
      <p>
        This is the dev platform's placeholder ${title.toLowerCase()}. The real one is published by
        the platform.
      </p>`,
  )
}
