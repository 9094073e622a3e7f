/**
 * The steps the scenarios share, by the page's own texts (accessible names, as a person reads
 * them), on a `Tab` of any engine.
 */
import { ORIGINS } from '../support/env'
import type { Account } from '../support/signInPage'
import { button, field, type Tab } from './tab'

export { ACCOUNTS } from '../support/signInPage'

export const EMAIL = field('Email')
export const PASSWORD = field('Password')
export const NEXT = button('Next')
export const SIGN_IN = button('Sign in')

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
