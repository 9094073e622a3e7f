/**
 * The code step as people use it, in the run's engine: typed (it verifies by itself, showing
 * `Verifying...`), pasted for real into the third box, corrected with Backspace and the arrow
 * keys; Okta's device cookie comes back on the next Authn call; a reload during the redirect
 * after MFA lands on a sensible step.
 */
import { expect, test } from 'vitest'
import {
  ACCOUNTS,
  ERRORS,
  EMAIL,
  expectSignedIn,
  MESSAGES,
  oktaRequests,
  TEXTS,
  toCodeStep,
} from '../flows'
import { useEngine } from '../harness'
import { button, named, waitFor } from '../tab'

const run = useEngine()
const controls = run.platform.controls

test('typed: the sixth digit verifies by itself, the button says Verifying..., signed in', async () => {
  const tab = await run.open()
  const secret = await toCodeStep(tab, controls)
  await tab.visible(button(TEXTS.verify))
  // The verify answer is held a moment, so the busy state can be seen.
  await controls.fault('authn', 'delay', { delayMs: 1500, times: 1 })
  await tab.type(run.totp.code(secret))
  await tab.visible(button(TEXTS.verifying), 1500)
  await expectSignedIn(tab, ACCOUNTS.tess.email)
  expect(await oktaRequests(controls, 'POST', /\/verify$/)).toHaveLength(1)
})

test('pasted for real into the third box: all six boxes filled, signed in', async () => {
  const tab = await run.open()
  const secret = await toCodeStep(tab, controls)
  await tab.click(named('input', 'Digit 3 of 6'))
  await tab.focusIs('Digit 3 of 6')
  await tab.paste(run.totp.code(secret))
  await expectSignedIn(tab, ACCOUNTS.tess.email)
  expect(await oktaRequests(controls, 'POST', /\/verify$/)).toHaveLength(1)
})

test('pasted with spaces, as copied from an authenticator app: its digits fill the boxes', async () => {
  const tab = await run.open()
  const secret = await toCodeStep(tab, controls)
  const code = run.totp.code(secret)
  await tab.paste(` ${code.slice(0, 3)} ${code.slice(3)} `)
  await expectSignedIn(tab, ACCOUNTS.tess.email)
})

test('Backspace empties box by box, the arrows move between boxes, letters are ignored', async () => {
  const tab = await run.open()
  await toCodeStep(tab, controls)
  await tab.type('1a2')
  await tab.codeIs('12')
  await tab.focusIs('Digit 3 of 6')
  await tab.press('Backspace')
  await tab.codeIs('1')
  await tab.focusIs('Digit 2 of 6')
  await tab.press('Backspace')
  await tab.codeIs('')
  await tab.focusIs('Digit 1 of 6')
  await tab.type('45')
  await tab.codeIs('45')
  await tab.press('ArrowLeft')
  await tab.focusIs('Digit 2 of 6')
  await tab.press('ArrowLeft')
  await tab.focusIs('Digit 1 of 6')
  await tab.press('ArrowRight')
  await tab.focusIs('Digit 2 of 6')
  // Typing over a filled box replaces its digit and moves on.
  await tab.type('7')
  await tab.codeIs('47')
  await tab.focusIs('Digit 3 of 6')
  expect(await oktaRequests(controls, 'POST', /\/verify$/)).toHaveLength(0)
})

test('a wrong code: the message, the boxes emptied, focus back in the first', async () => {
  const tab = await run.open()
  const secret = await toCodeStep(tab, controls)
  await tab.type(run.totp.wrongCode(secret))
  await tab.text(ERRORS, MESSAGES.mfa_verification_failed)
  await tab.codeIs('')
  await tab.focusIs('Digit 1 of 6')
})

test("Okta's device cookie from the first Authn answer reaches Okta on the next Authn call", async () => {
  const tab = await run.open()
  const secret = await toCodeStep(tab, controls)
  await tab.type(run.totp.code(secret))
  await expectSignedIn(tab, ACCOUNTS.tess.email)
  const [primary] = await oktaRequests(controls, 'POST', '/api/v1/authn')
  const [verify] = await oktaRequests(controls, 'POST', /\/verify$/)
  expect(primary?.cookies).toEqual([])
  expect(verify?.cookies).toEqual(['DT'])
  for (const token of await oktaRequests(controls, 'POST', '/oauth2/default/v1/token'))
    expect(token.cookies).toEqual([])
})

test('reload during the redirect after MFA: the page says the session expired, on the email step', async () => {
  const tab = await run.open()
  const secret = await toCodeStep(tab, controls)
  await tab.type(run.totp.code(secret))
  await tab.visible(button(TEXTS.verifying))
  // `Verifying...` shows before the verify request leaves; a reload then is a reload on the code
  // step (the transaction is still MFA_REQUIRED), not during the redirect. Reload only once Okta
  // has the request (answered at once here) and the page is in its 1000 ms wait before /authorize.
  await waitFor(
    'the verify request at Okta',
    () => oktaRequests(controls, 'POST', /\/verify$/),
    (requests) => requests.length === 1,
  )
  await new Promise((resolve) => setTimeout(resolve, 250))
  await tab.page.reload()
  await tab.sees(MESSAGES.session_expired)
  await tab.visible(EMAIL)
})
