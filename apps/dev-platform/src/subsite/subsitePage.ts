/** The demo sub-site's HTML: the home page and the three legal pages the app links to. */
import { html, renderPage, type SafeHtml } from '../htmlPage'
import type { SignedInUser } from './sessionCookies'

/** The legal pages (`/legal/{name}`) and their titles. */
export const LEGAL_PAGES: Readonly<Record<string, string>> = {
  privacy: 'Privacy policy',
  cookies: 'Cookie policy',
  terms: 'Terms of service',
}

function layout(subsite: string, title: string, body: SafeHtml): string {
  const legal = Object.entries(LEGAL_PAGES).map(
    ([name, label]) => html`<li><a href="/legal/${name}">${label}</a></li>`,
  )
  return renderPage({
    title,
    stylesheet: '/static/subsite.css',
    scripts: ['/static/subsite.js'],
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

/** The home page: who is signed in (from the access token cookie), with Sign out or Sign in. */
export function renderSubsitePage(subsite: string, user: SignedInUser | null, now: number): string {
  const session = user
    ? html`<p>Signed in as <strong data-testid="signed-in-email">${user.email}</strong></p>
        <p>
          Access token ${user.expiresAt > now ? 'expires' : 'expired'}
          <time datetime="${new Date(user.expiresAt).toISOString()}" data-local
            >${new Date(user.expiresAt).toISOString()}</time
          >
        </p>
        <form method="post" action="/sign-out"><button type="submit">Sign out</button></form>`
    : html`<p>Not signed in</p>
        <p><a class="button" href="/sign-in">Sign in</a></p>`
  return layout(
    subsite,
    `${subsite} — demo sub-site`,
    html`<h1>${subsite}</h1>
      <section aria-labelledby="session-heading">
        <h2 id="session-heading">Your session</h2>
        ${session}
      </section>`,
  )
}

/** A tiny legal page. */
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
