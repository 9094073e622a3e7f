/**
 * The password path in the run's engine: email → password → sub-site with both token cookies on
 * the parent domain; keyboard only; already signed in; the connection and timeout messages.
 */
import { expect, test } from 'vitest'
import { ORIGINS, PARENT_DOMAIN } from '../../support/env'
import {
  ACCOUNTS,
  EMAIL,
  ERRORS,
  expectSignedIn,
  MESSAGES,
  NEXT,
  oktaRequests,
  openSignIn,
  PASSWORD,
  SIGN_IN,
  signInWithPassword,
} from '../flows'
import { useEngine } from '../harness'
import { waitFor, type Tab } from '../tab'

const run = useEngine()

test('email, password, signed in on the sub-site with both cookies', async () => {
  const tab = await run.open()
  await signInWithPassword(tab, ACCOUNTS.pat)
  await expectSignedIn(tab, ACCOUNTS.pat.email)

  const cookies = await tab.page.cookies()
  for (const name of ['access_token', 'refresh_token']) {
    const found = cookies.filter((cookie) => cookie.name === name)
    expect(found, name).toHaveLength(1)
    expect(found[0]).toMatchObject({
      domain: PARENT_DOMAIN,
      path: '/',
      secure: true,
      sameSite: 'Lax',
    })
    expect(found[0]!.expires, `${name} persists`).toBeGreaterThan(Date.now() / 1000)
  }
  expect(cookies.find((cookie) => cookie.name === 'access_token')!.value).toMatch(/^eyJ/)
  expect(cookies.filter((cookie) => cookie.name === 'post_login_redirect')).toEqual([])

  const okta = (await run.platform.controls.requests()).filter((entry) => entry.role === 'okta')
  expect(
    okta.filter((entry) => entry.method === 'POST' && entry.path === '/api/v1/authn'),
  ).toHaveLength(1)
  expect(okta.filter((entry) => entry.path === '/oauth2/default/v1/token')).toHaveLength(1)
})

test('keyboard only: type, Enter, Tab to the eye, Space reveals and hides, Enter signs in', async () => {
  const tab = await run.open()
  await openSignIn(tab)
  await tab.focusIs('Email')
  await tab.type(ACCOUNTS.pat.email)
  await tab.press('Enter')
  await tab.focusIs('Password')
  await tab.type(ACCOUNTS.pat.password)
  await tab.press('Tab')
  await tab.focusIs('Show password')
  await tab.press('Space')
  await waitFor(
    'the password shown',
    () => passwordType(tab),
    (type) => type === 'text',
  )
  await tab.press('Space')
  await waitFor(
    'the password hidden',
    () => passwordType(tab),
    (type) => type === 'password',
  )
  await tab.press('Tab')
  await tab.focusIs('Sign in')
  await tab.press('Shift+Tab')
  await tab.press('Shift+Tab')
  await tab.focusIs('Password')
  await tab.press('Enter')
  await expectSignedIn(tab, ACCOUNTS.pat.email)
})

test('already signed in: the page says so, Continue has focus and leads to the sub-site', async () => {
  const tab = await run.open()
  await signInWithPassword(tab, ACCOUNTS.pat)
  await expectSignedIn(tab, ACCOUNTS.pat.email)
  await tab.goto(`${ORIGINS.app}/`)
  await tab.focusIs('Continue')
  await tab.press('Enter')
  await expectSignedIn(tab, ACCOUNTS.pat.email)
  expect(await oktaRequests(run.platform.controls, 'POST', '/api/v1/authn')).toHaveLength(1)
})

test('network failure (the platform stopped): the connection message; signing in works once it is back', async () => {
  const tab = await run.open()
  await openSignIn(tab)
  await tab.fill(EMAIL, ACCOUNTS.pat.email)
  await tab.click(NEXT)
  await tab.fill(PASSWORD, ACCOUNTS.pat.password)
  await run.platform.stop()
  try {
    await tab.click(SIGN_IN)
    await tab.text(ERRORS, MESSAGES.network_error)
    await tab.visible(PASSWORD)
  } finally {
    await run.platform.start()
  }
  await tab.click(SIGN_IN)
  await expectSignedIn(tab, ACCOUNTS.pat.email)
})

test('a slow provider: the timeout message after a few seconds, and the person can try again', async () => {
  const tab = await run.open()
  const started = Date.now()
  await signInWithPassword(tab, ACCOUNTS.sam)
  await tab.text(ERRORS, MESSAGES.timeout, 10_000)
  const waited = Date.now() - started
  expect(waited).toBeGreaterThan(3500)
  expect(waited).toBeLessThan(12_000)
  await tab.visible(SIGN_IN)
  expect(await oktaRequests(run.platform.controls, 'POST', '/api/v1/authn')).toHaveLength(1)
})

function passwordType(tab: Tab): Promise<string | null> {
  return tab.evaluate(
    () =>
      document.querySelector<HTMLInputElement>('input[autocomplete="current-password"]')?.type ??
      null,
    null,
  )
}
