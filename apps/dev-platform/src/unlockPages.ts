/**
 * The unlock side of Okta's self-service unlock, as the dev platform plays it: the "mailbox"
 * (`GET /__test`, the test-controls page, lists every email sent) and the page the emailed link
 * opens, which unlocks the account once.
 * @see https://developer.okta.com/docs/reference/api/authn/#unlock-account-with-email-factor
 */
import { Hono } from 'hono'
import type { AuthnService } from './authnService'
import type { AppEnv, PlatformContext } from './context'
import { html, pageHeaders, renderPage } from './htmlPage'

/** `GET /__test` (the mailbox) and `GET /signin/unlock/{token}` (the emailed link). */
export function unlockPages(ctx: PlatformContext, authn: AuthnService): Hono<AppEnv> {
  const { config, store } = ctx
  const app = new Hono<AppEnv>()

  app.get('/__test', (c) => {
    const emails = [...store.emails].reverse()
    const list =
      emails.length === 0
        ? html`<p>No email has been sent since the last reset.</p>`
        : html`<ol class="accounts" reversed>
            ${emails.map(
              (email) =>
                html`<li>
                  <article aria-label="Email to ${email.to}">
                    <h3>${email.subject}</h3>
                    <p class="note">To ${email.to}, sent ${email.sentAt}</p>
                    <p>${email.text}</p>
                    <p><a href="${email.link}">Unlock ${email.to}</a></p>
                  </article>
                </li>`,
            )}
          </ol>`
    return c.body(
      renderPage({
        title: 'Dev platform – test controls',
        main: html`<h1>Test controls</h1>
          <p>
            The JSON controls (<code>POST /__test/reset</code> and more) are listed in the dev
            platform's README. Below is the mailbox: the emails Okta would have sent.
          </p>
          <h2>Emails</h2>
          ${list}
          <p><a href="${config.signinUrl}">Go to the sign-in app</a></p>`,
      }),
      200,
      pageHeaders(),
    )
  })

  /** The emailed link: unlocks once, within the hour; any other visit explains why not. */
  app.get('/signin/unlock/:token', (c) => {
    const user = authn.redeemUnlock(c.req.param('token'))
    const main = user
      ? html`<h1>Your account is unlocked</h1>
          <p>${user.login} can sign in again with its password.</p>
          <p><a href="${config.signinUrl}">Back to sign in</a></p>`
      : html`<h1>This unlock link is no longer valid</h1>
          <p>It was used already, it is more than an hour old, or it never existed.</p>
          <p><a href="${config.signinUrl}">Back to sign in</a></p>`
    return c.body(
      renderPage({ title: user ? 'Account unlocked' : 'Link not valid', main }),
      user ? 200 : 410,
      pageHeaders(),
    )
  })
  return app
}
