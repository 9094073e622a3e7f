/**
 * Okta's Authn API as Okta's own SDK calls it (so Okta's device
 * recognition works): every `/api/v1/authn*` call is
 * credentialed, so Okta's device cookie `DT` set on the first answer comes back on the next one;
 * the token and revoke calls carry no cookie at all.
 */
import { expect, test } from '../support/fixtures'
import { ACCOUNTS, expectSignedInOnSubsite, toCodeStep } from '../support/signInPage'

test('the device cookie Okta sets on the first Authn answer travels with the next Authn call, never with the token call', async ({
  page,
  app,
  controls,
  totp,
  context,
  origins,
}) => {
  const secret = await toCodeStep(app, controls)
  await app.typeCode(totp.code(secret))
  await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)

  const okta = (await controls.requests()).filter((entry) => entry.role === 'okta')
  const primary = okta.find((entry) => entry.method === 'POST' && entry.path === '/api/v1/authn')
  const verify = okta.find((entry) => entry.method === 'POST' && entry.path.endsWith('/verify'))
  const token = okta.filter((entry) => entry.path === '/oauth2/default/v1/token')
  expect(primary?.cookies).toEqual([])
  expect(verify?.cookies).toEqual(['DT'])
  expect(token.length).toBeGreaterThan(0)
  for (const entry of token) expect(entry.cookies).toEqual([])

  const [dt] = (await context.cookies(origins.okta)).filter((cookie) => cookie.name === 'DT')
  expect(dt).toMatchObject({ httpOnly: true, secure: true, sameSite: 'None', path: '/' })
})
