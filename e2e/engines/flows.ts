/**
 * The steps the scenarios share, by the page's own texts (accessible names, as a person reads
 * them), on a `Tab` of any engine.
 */
import { ORIGINS } from '../support/env'
import type { Account } from '../support/signInPage'
import { button, field, type Tab } from './tab'
import type { Controls } from '../support/platform'
import { MESSAGES, TEXTS } from '../support/signInPage'

import { ACCOUNTS } from '../support/signInPage'

export { ACCOUNTS, MESSAGES, TEXTS }
const ACCOUNTS_TESS = ACCOUNTS.tess.email
const TESS_PASSWORD = ACCOUNTS.tess.password

export const EMAIL = field('Email')
export const PASSWORD = field('Password')
export const NEXT = button('Next')
export const SIGN_IN = button('Sign in')
/** The step's visible errors (alert or field hint). */
export const ERRORS = 'main .alert, main .field__hint--error'
export const HEADING = 'main h1'

/** The email step, loaded and ready for typing. */
export async function openSignIn(tab: Tab, path = '/'): Promise<void> {
  await tab.goto(`${ORIGINS.app}${path}`)
  await tab.visible(EMAIL)
}

/** Email, Next, password, Sign in. */
export async function signInWithPassword(tab: Tab, account: Account): Promise<void> {
  await openSignIn(tab)
  await tab.fill(EMAIL, account.email)
  await tab.click(NEXT)
  await tab.fill(PASSWORD, account.password)
  await tab.click(SIGN_IN)
}

/** The demo sub-site, saying who is signed in. */
export async function expectSignedIn(
  tab: Tab,
  email: string,
  origin = ORIGINS.subsite(ORIGINS.defaultSubsite),
): Promise<void> {
  await tab.waitForUrl((url) => url.origin === origin && url.pathname === '/', 15_000)
  await tab.text('[data-testid="signed-in-email"]', email)
}

/** Signs in as Tess (TOTP enrolled) up to the code step, focus in the first box; her secret. */
export async function toCodeStep(tab: Tab, controls: Controls): Promise<string> {
  const tess = await controls.account(ACCOUNTS_TESS)
  await signInWithPassword(tab, { email: tess.email, password: TESS_PASSWORD })
  await tab.text(HEADING, TEXTS.codeHeading)
  await tab.focusIs('Digit 1 of 6')
  return tess.totpSecret!
}

/** Okta's Authn calls the platform logged (role okta), in order. */
export async function oktaRequests(controls: Controls, method: string, path: RegExp | string) {
  return (await controls.requests()).filter(
    (entry) =>
      entry.role === 'okta' &&
      entry.method === method &&
      (typeof path === 'string' ? entry.path === path : path.test(entry.path)),
  )
}
