/**
 * Google's OAuth consent on its own origin: "Choose an account" with the seeded Google accounts
 * (or Cancel), redirecting back with a one-time code bound to the account and the nonce.
 * @see https://developers.google.com/identity/protocols/oauth2/web-server#creatingclient
 * @see https://developers.google.com/identity/openid-connect/openid-connect#authenticationuriparameters
 */
import { Hono, type Context } from 'hono'
import { SEEDED_ACCOUNTS } from './accounts'
import { GOOGLE_CLIENT_ID } from './config'
import type { AppEnv, PlatformContext } from './context'
import { html, pageHeaders, PAGE_CSS, renderPage } from './htmlPage'
import { redirectWith } from './redirectWith'

/** Lifetime of a Google authorization code here. */
export const GOOGLE_CODE_TTL_MS = 5 * 60_000
const CONSENT_PATH = '/o/oauth2/v2/auth'

/** The Google accounts the chooser lists. */
export const GOOGLE_ACCOUNTS = SEEDED_ACCOUNTS.filter((account) => account.kind === 'google')

interface ConsentRequest {
  readonly redirectUri: string
  readonly state: string | null
  readonly nonce: string | null
  readonly scope: string
}

/** The Google origin's routes. */
export function googleRoutes(ctx: PlatformContext): Hono<AppEnv> {
  const { config, store, clock, random } = ctx
  const app = new Hono<AppEnv>()

  const errorPage = (c: Context<AppEnv>, title: string, detail: string) =>
    c.body(
      renderPage({
        title: `Error 400: ${title}`,
        main: html`<h1>Access blocked: this request is invalid</h1>
          <p><strong>Error 400: ${title}</strong></p>
          <p>${detail}</p>
          <p class="note">Dev platform stand-in for Google sign-in.</p>`,
      }),
      400,
      pageHeaders(),
    )

  /** Validates the request; an error page or a redirect with `error` when it is not usable. */
  const check = (c: Context<AppEnv>, params: URLSearchParams): ConsentRequest | Response => {
    if (params.get('client_id') !== GOOGLE_CLIENT_ID)
      return errorPage(c, 'invalid_client', 'The OAuth client was not found.')
    const redirectUri = params.get('redirect_uri') ?? ''
    if (!config.redirectUris.includes(redirectUri))
      return errorPage(
        c,
        'redirect_uri_mismatch',
        'The redirect URI in the request does not match the ones authorized for the OAuth client.',
      )
    const request: ConsentRequest = {
      redirectUri,
      state: params.get('state'),
      nonce: params.get('nonce'),
      scope: params.get('scope') ?? '',
    }
    if (params.get('response_type') !== 'code')
      return back(c, request, { error: 'unsupported_response_type' })
    if (!request.scope.split(' ').includes('openid'))
      return back(c, request, { error: 'invalid_scope' })
    return request
  }

  const back = (c: Context<AppEnv>, request: ConsentRequest, params: Record<string, string>) => {
    const all = request.state === null ? params : { ...params, state: request.state }
    return c.redirect(redirectWith(request.redirectUri, 'query', all), 302)
  }

  /** The account chooser. */
  app.get(CONSENT_PATH, (c) => {
    const params = new URL(c.req.url).searchParams
    const request = check(c, params)
    if (request instanceof Response) return request
    const hidden = ['client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'nonce']
      .filter((name) => params.get(name) !== null)
      .map((name) => html`<input type="hidden" name="${name}" value="${params.get(name)}" />`)
    const accounts = GOOGLE_ACCOUNTS.map(
      (account) =>
        html`<li>
          <button type="submit" name="account" value="${account.email}">
            <strong>${account.firstName} ${account.lastName}</strong><br />${account.email}
          </button>
        </li>`,
    )
    const page = renderPage({
      title: 'Sign in – Google accounts',
      main: html`<h1>Choose an account</h1>
        <p>to continue to the sign-in app</p>
        <form method="post" action="${CONSENT_PATH}">
          ${hidden}
          <ul class="accounts" aria-label="Google accounts">
            ${accounts}
          </ul>
          <button type="submit" name="cancel" value="1" class="secondary">Cancel</button>
        </form>
        <p class="note">Dev platform stand-in for Google. No real Google account is used.</p>`,
    })
    return c.body(page, 200, pageHeaders([new URL(request.redirectUri).origin]))
  })

  /** The person's choice: a code for the account, or `access_denied` on Cancel. */
  app.post(CONSENT_PATH, async (c) => {
    const params = new URLSearchParams(await c.req.text())
    const request = check(c, params)
    if (request instanceof Response) return request
    if (params.has('cancel')) return back(c, request, { error: 'access_denied' })
    const account = GOOGLE_ACCOUNTS.find((candidate) => candidate.email === params.get('account'))
    if (!account) return errorPage(c, 'invalid_request', 'Choose one of the listed accounts.')
    const code = `4/0A${random.opaque(60)}`
    store.googleCodes.set(code, {
      email: account.email,
      nonce: request.nonce,
      expiresAt: clock.now() + GOOGLE_CODE_TTL_MS,
      used: false,
    })
    return back(c, request, { code, scope: request.scope })
  })

  app.get('/static/page.css', (c) =>
    c.body(PAGE_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }),
  )
  return app
}
