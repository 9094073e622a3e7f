/**
 * What real accounts run into, through the dev platform in production mode:
 * an expired password changed in place, a locked account unlocked by the emailed link, a
 * remembered device, a rate limit counted down, and a plain visit while already signed in.
 */
import { expect, test } from '../support/fixtures'
import { AUTH_SERVER_ID, OKTA_CLIENT_ID, ORIGINS } from '../support/env'
import { ACCOUNTS, expectSignedInOnSubsite, MESSAGES, TEXTS } from '../support/signInPage'

test('expired password: changed here, then signed in; the new password works next time', async ({
  page,
  app,
}) => {
  await app.signInWithPassword(ACCOUNTS.pia)
  await expect(app.heading).toHaveText('Your password has expired')
  await expect(page.getByLabel('Current password', { exact: true })).toBeFocused()
  await page.getByLabel('Current password', { exact: true }).fill(ACCOUNTS.pia.password)
  await page.getByLabel('New password', { exact: true }).fill('Fresh-start-22')
  await expect(page.locator('.rule--met')).toHaveCount(7)
  await page.getByLabel('Confirm new password', { exact: true }).fill('Fresh-start-22')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expectSignedInOnSubsite(page, ACCOUNTS.pia.email)
})

test('expired password: a wrong current password is said in our words and can be retried', async ({
  page,
  app,
}) => {
  await app.signInWithPassword(ACCOUNTS.pia)
  await page.getByLabel('Current password', { exact: true }).fill('Not-the-password-1')
  await page.getByLabel('New password', { exact: true }).fill('Fresh-start-22')
  await page.getByLabel('Confirm new password', { exact: true }).fill('Fresh-start-22')
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(app.error(MESSAGES.current_password_incorrect)).toBeVisible()
  await expect(app.heading).toHaveText('Your password has expired')
})

test('locked account: Unlock account, the emailed link unlocks it, then signing in works', async ({
  page,
  app,
}) => {
  await app.signInWithPassword(ACCOUNTS.lou)
  await expect(app.heading).toHaveText('Your account is locked')
  await page.getByRole('button', { name: 'Unlock account' }).click()
  await expect(app.heading).toHaveText('Check your email')
  await expect(app.heading).toBeFocused()
  await page.goto(`${ORIGINS.okta}/__test`)
  await page.getByRole('link', { name: `Unlock ${ACCOUNTS.lou.email}` }).click()
  await expect(page.getByRole('heading', { name: 'Your account is unlocked' })).toBeVisible()
  await app.signInWithPassword(ACCOUNTS.lou)
  await expectSignedInOnSubsite(page, ACCOUNTS.lou.email)
})

test('locked account without self-service unlock: contact an administrator, no unlock offered', async ({
  page,
  app,
}) => {
  await app.signInWithPassword(ACCOUNTS.ali)
  await expect(app.heading).toHaveText('Your account is locked')
  await expect(page.getByText(/contact your administrator/)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Unlock account' })).toHaveCount(0)
})

test('remember this device: the same browser skips the code for 7 days, another browser does not', async ({
  page,
  app,
  controls,
  totp,
  browser,
}) => {
  const remy = await controls.account(ACCOUNTS.remy.email)
  await app.signInWithPassword(ACCOUNTS.remy)
  await app.expectCodeStep()
  const remember = page.getByRole('checkbox', {
    name: 'Don’t ask for a code on this device for 7 days',
  })
  await expect(remember).not.toBeChecked()
  await remember.check()
  await app.typeCode(totp.code(remy.totpSecret!))
  await expectSignedInOnSubsite(page, ACCOUNTS.remy.email)

  // The same browser: after signing out here, no code is asked.
  await app.goto()
  await page.getByRole('button', { name: 'Sign in with a different account' }).click()
  await expect(app.email).toBeVisible()
  await app.enterEmail(ACCOUNTS.remy.email)
  await app.typePassword(ACCOUNTS.remy.password)
  await app.signIn.click()
  await expectSignedInOnSubsite(page, ACCOUNTS.remy.email)

  // Another browser (no device cookie): the code is asked.
  const other = await browser.newContext({ ignoreHTTPSErrors: true })
  const otherPage = await other.newPage()
  await otherPage.goto(`${ORIGINS.app}/`)
  await otherPage.getByLabel('Email', { exact: true }).fill(ACCOUNTS.remy.email)
  await otherPage.getByRole('button', { name: 'Next', exact: true }).click()
  await otherPage.getByLabel('Password', { exact: true }).fill(ACCOUNTS.remy.password)
  await otherPage.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('Enter verification code')
  await other.close()
})

test('rate limit: Sign in counts down Okta’s reset, sends nothing meanwhile, then works again', async ({
  page,
  app,
  controls,
}) => {
  await page.clock.install()
  await app.signInWithPassword(ACCOUNTS.ray)
  const wait = page.getByRole('button', { name: /^Try again in [01]:\d\d$/ })
  await expect(wait).toBeDisabled()
  await expect(app.error(MESSAGES.rate_limited)).toBeVisible()
  await expect(app.password).toBeVisible()
  const before = (await controls.requests()).filter((r) => r.path === '/api/v1/authn').length
  await page.keyboard.press('Enter')
  await page.clock.fastForward(62_000)
  await expect(app.signIn).toBeEnabled()
  await expect(page.getByText('You can try again now.')).toBeAttached()
  const after = (await controls.requests()).filter((r) => r.path === '/api/v1/authn').length
  expect(after).toBe(before)
})

test('rate limit on the code step: Okta’s 429 on verify is counted down, no verify is sent meanwhile, then the code signs in', async ({
  page,
  app,
  controls,
  totp,
}) => {
  // One verify per 4 s window: the wrong code opens the window, the right one is refused.
  await controls.rateLimit('verify', { limit: 1, windowSeconds: 4 })
  const tess = await controls.account(ACCOUNTS.tess.email)
  await app.signInWithPassword(ACCOUNTS.tess)
  await app.expectCodeStep()
  await app.typeCode(totp.wrongCode(tess.totpSecret!))
  await expect(app.error(MESSAGES.mfa_verification_failed)).toBeVisible()
  await app.typeCode(totp.code(tess.totpSecret!))

  const wait = page.getByRole('button', { name: /^Try again in 0:0[1-5]$/ })
  await expect(wait).toBeDisabled()
  await expect(app.error(MESSAGES.rate_limited)).toBeVisible()
  const verifies = async () =>
    (await controls.requests()).filter((r) => r.method === 'POST' && r.path.endsWith('/verify'))
  const before = await verifies()
  expect(before).toHaveLength(2)
  // Enter in the boxes and a press on the disabled button send nothing while it counts.
  await page.keyboard.press('Enter')
  await wait.click({ force: true })
  await expect(page.getByText('You can try again now.')).toBeAttached({ timeout: 8000 })
  await expect(app.verify).toBeEnabled()
  await expect(app.verify).toHaveText(TEXTS.verify)
  expect(await verifies()).toHaveLength(2)

  // The code refused with 429 was not used up: Verify now signs in.
  await app.verify.click()
  await expectSignedInOnSubsite(page, ACCOUNTS.tess.email)
  expect(await verifies()).toHaveLength(3)
})

test('already signed in: asks, never redirects by itself; Continue goes on, a different account signs out first', async ({
  page,
  app,
  context,
  controls,
}) => {
  await app.signInWithPassword(ACCOUNTS.pat)
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  await app.goto()
  await expect(app.heading).toHaveText(/^You’re (signed in as .+|already signed in)$/)
  await expect(page.getByRole('button', { name: 'Continue' })).toBeFocused()
  await page.getByRole('button', { name: 'Continue' }).click()
  await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  await app.goto()
  const held = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]))
  const revokes = async () =>
    (await controls.requests()).filter(
      (r) => r.method === 'POST' && r.path === `/oauth2/${AUTH_SERVER_ID}/v1/revoke`,
    )
  expect(await revokes()).toHaveLength(0)
  const sent: Promise<{ form: Record<string, string>; status: number | undefined }>[] = []
  page.on('request', (request) => {
    if (request.url() !== `${ORIGINS.okta}/oauth2/${AUTH_SERVER_ID}/v1/revoke`) return
    const form = Object.fromEntries(new URLSearchParams(request.postData() ?? ''))
    sent.push(request.response().then((response) => ({ form, status: response?.status() })))
  })
  await page.getByRole('button', { name: 'Sign in with a different account' }).click()
  await expect(app.email).toBeVisible()
  const tokens = (await context.cookies()).filter((c) => c.name.endsWith('_token'))
  expect(tokens).toEqual([])
  // Both tokens are revoked, as the sub-sites' signOut revokes them, and the platform got both.
  expect(await revokes()).toHaveLength(2)
  const revocations = await Promise.all(sent)
  expect(revocations).toHaveLength(2)
  expect(revocations).toContainEqual({
    form: {
      token: held.refresh_token,
      token_type_hint: 'refresh_token',
      client_id: OKTA_CLIENT_ID,
    },
    status: 200,
  })
  expect(revocations).toContainEqual({
    form: { token: held.access_token, token_type_hint: 'access_token', client_id: OKTA_CLIENT_ID },
    status: 200,
  })
})

test('already signed in on a 320 px phone: a long address stays whole, breaks only before "@" or ".", nothing scrolls sideways', async ({
  page,
  app,
  controls,
}) => {
  const long = 'maximilian.alexander.featherstonehaugh@mapsdepartment.example.com'
  // The page names only a person whose token the authorization server signed: a real account
  // with a long address signs in (a forged token with it would give the email step).
  await controls.addUser(long, 'Long-address-1')
  await app.signInWithPassword({ email: long, password: 'Long-address-1' })
  await expectSignedInOnSubsite(page, long)

  await page.setViewportSize({ width: 320, height: 640 })
  await app.goto()
  await expect(page.getByRole('heading', { name: `You’re signed in as ${long}` })).toBeVisible()
  const layout = await page.evaluate(() => {
    const heading = document.querySelector('h1') as HTMLElement
    const who = heading.querySelector('[dir="ltr"]') as HTMLElement
    // The address's lines, character by character, as laid out.
    const lines: { top: number; text: string }[] = []
    const walker = document.createTreeWalker(who, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (let index = 0; index < (node.textContent ?? '').length; index += 1) {
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        const top = Math.round(range.getBoundingClientRect().top)
        const last = lines.at(-1)
        if (last && Math.abs(last.top - top) < 4) last.text += node.textContent?.[index] ?? ''
        else lines.push({ top, text: node.textContent?.[index] ?? '' })
      }
    }
    const box = who.getBoundingClientRect()
    const headingBox = heading.getBoundingClientRect()
    return {
      sideways: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      lines: lines.map((line) => line.text),
      left: box.left - headingBox.left,
      right: window.innerWidth - box.right,
      headingRight: window.innerWidth - headingBox.right,
    }
  })
  expect(layout.sideways).toBe(0)
  expect(layout.lines.join('')).toBe(long)
  // On its own line(s), starting at the heading's start edge, inside the page.
  expect(layout.left).toBeLessThan(1)
  expect(layout.right).toBeGreaterThanOrEqual(0)
  expect(layout.headingRight).toBeGreaterThanOrEqual(0)
  expect(layout.lines.length).toBeGreaterThan(1)
  for (const line of layout.lines.slice(1)) expect(line).toMatch(/^[@.]/)
})
