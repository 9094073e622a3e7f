/**
 * Email → password → sub-site, in the run's engine: both token cookies written on the parent
 * domain with the contract's attributes, and the provider saw one Authn call and one exchange.
 */
import { expect, test } from 'vitest'
import { PARENT_DOMAIN } from '../../support/env'
import { ACCOUNTS, expectSignedIn, signInWithPassword } from '../flows'
import { useEngine } from '../harness'

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
