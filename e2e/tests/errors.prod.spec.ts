/**
 * Spec section 8 through the real UI: the identity provider's codes, the
 * catch-all, rate limit, lock-out, an expired state token, the provider down and too slow.
 * Every failure returns to a usable step with one message, never a blank page.
 */
import { expect, test } from '../support/fixtures'
import { alterOktaAnswer } from '../support/providerRoutes'
import { containsSecret } from '../support/secrets'
import { ACCOUNTS, expectSignedInOnSubsite, MESSAGES, toCodeStep } from '../support/signInPage'

test.describe('identity provider errors (spec section 8)', () => {
  test('E0000004, wrong password: "Email or password are incorrect, please try again." — and Sentry gets the code, not the password', async ({
    app,
    controls,
    secrets,
  }) => {
    const wrong = 'Not-the-password-9'
    await app.signInWithPassword({ email: ACCOUNTS.pat.email, password: wrong })
    await app.expectEmailStepError('Email or password are incorrect, please try again.')
    expect(MESSAGES.invalid_credentials).toBe('Email or password are incorrect, please try again.')
    await expect(app.email).toHaveValue(ACCOUNTS.pat.email)

    // The failure is reported (code and step only).
    await expect
      .poll(
        async () =>
          (await controls.envelopes()).some((e) => e.body.includes('invalid_credentials')),
        {
          timeout: 10_000,
        },
      )
      .toBe(true)
    for (const envelope of await controls.envelopes())
      for (const secret of secrets.all())
        expect(containsSecret(envelope.body, secret.value), `${secret.kind} in Sentry`).toBe(false)
  })

  test('E0000004 for an unknown user too: the same message (no enumeration)', async ({ app }) => {
    await app.signInWithPassword({ email: 'nobody@example.com', password: 'Whatever-1' })
    await app.expectEmailStepError(MESSAGES.invalid_credentials)
  })

  test('access_denied at /authorize: "The email entered has no access to this application."', async ({
    app,
    net,
  }) => {
    await app.signInWithPassword(ACCOUNTS.dana)
    await app.expectEmailStepError('The email entered has no access to this application.')
    expect(MESSAGES.access_denied).toBe('The email entered has no access to this application.')
    expect(net.count('POST', '/oauth2/default/v1/token')).toBe(0)
  })

  test('E0000011, state token expired between steps: "Your session has expired. Please try again."', async ({
    app,
    controls,
    totp,
  }) => {
    const tessSecret = await toCodeStep(app, controls)
    await controls.expireStateTokens()
    await app.typeCode(totp.code(tessSecret))
    await app.expectEmailStepError('Your session has expired. Please try again.')
    expect(MESSAGES.session_expired).toBe('Your session has expired. Please try again.')
  })

  test('E0000006 on verify: "Invalid verification code. Please try again." (answer simulated: the dev platform sends it only for push, which the app never verifies)', async ({
    page,
    app,
    controls,
    totp,
  }) => {
    const tess = await controls.account(ACCOUNTS.tess.email)
    // Okta answers 403 E0000006 when a factor may not be verified by this transaction.
    await page.route(
      (url) => url.pathname.endsWith('/verify'),
      (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 403,
              headers: {
                'Access-Control-Allow-Origin': new URL(page.url()).origin,
                'Access-Control-Allow-Credentials': 'true',
              },
              json: {
                errorCode: 'E0000006',
                errorSummary: 'You do not have permission to perform the requested action',
                errorLink: 'E0000006',
                errorId: 'oaeE2EsimulatedE0000006',
                errorCauses: [],
              },
            })
          : route.continue(),
    )
    await app.signInWithPassword(ACCOUNTS.tess)
    await app.expectCodeStep()
    await app.typeCode(totp.code(tess.totpSecret!))
    await expect(app.error(MESSAGES.invalid_verification_code)).toHaveText(
      'Invalid verification code. Please try again.',
    )
    expect(await app.codeValue()).toBe('')
  })

  for (const mode of ['status500', 'malformed', 'html200', 'network-drop'] as const) {
    test(`anything else (${mode}): ${mode === 'network-drop' ? 'the connection message' : '"Oops, something went wrong, please try again later."'}`, async ({
      app,
      controls,
    }) => {
      // Chromium retries a request whose reused connection was dropped: drop every attempt.
      await controls.fault('authn', mode, { times: mode === 'network-drop' ? 5 : 1 })
      await app.signInWithPassword(ACCOUNTS.pat)
      if (mode === 'network-drop') {
        // A dropped connection is not the provider's answer: the person stays and can retry.
        await expect(app.error(MESSAGES.network_error)).toBeVisible()
        await expect(app.password).toBeVisible()
        return
      }
      await app.expectEmailStepError('Oops, something went wrong, please try again later.')
      expect(MESSAGES.unknown_error).toBe('Oops, something went wrong, please try again later.')
    })
  }

  test('the token endpoint failing after /authorize: the catch-all, and no cookies', async ({
    app,
    controls,
    context,
  }) => {
    await controls.fault('token', 'status500')
    await app.signInWithPassword(ACCOUNTS.pat)
    await app.expectEmailStepError(MESSAGES.unknown_error)
    expect((await context.cookies()).filter((c) => c.name.endsWith('_token'))).toEqual([])
  })

  test('a token response without an access token: logged out through the provider, back with unknown_error', async ({
    page,
    app,
    net,
    context,
  }) => {
    await alterOktaAnswer(page, /\/v1\/token$/, (body) => {
      delete body.access_token
      return body
    })
    await app.signInWithPassword(ACCOUNTS.pat)
    await app.expectEmailStepError(MESSAGES.unknown_error)
    expect(net.navigations().some((n) => n.url.includes('/v1/logout?id_token_hint='))).toBe(true)
    expect((await context.cookies()).filter((c) => c.name.endsWith('_token'))).toEqual([])
    expect(page.url()).not.toContain('error=')
  })
})

test.describe('limits and outages', () => {
  // Rate limits, locked accounts and expired passwords have steps of their own: accounts.prod.spec.ts.

  test('network down (the dev platform stopped): the connection message, then signing in works once it is back', async ({
    page,
    app,
    platform,
  }) => {
    await app.goto()
    await app.enterEmail(ACCOUNTS.pat.email)
    await app.typePassword(ACCOUNTS.pat.password)
    await platform.stop()
    try {
      await app.signIn.click()
      await expect(app.error(MESSAGES.network_error)).toBeVisible()
      await expect(app.password).toBeVisible()
      await expect(app.signIn).toBeEnabled()
    } finally {
      await platform.start()
    }
    await app.signIn.click()
    await expectSignedInOnSubsite(page, ACCOUNTS.pat.email)
  })

  test('a slow provider: the request times out with a message, and the person can try again', async ({
    app,
    net,
  }) => {
    const started = Date.now()
    await app.signInWithPassword(ACCOUNTS.sam)
    await expect(app.error(MESSAGES.timeout)).toBeVisible({ timeout: 10_000 })
    const waited = Date.now() - started
    expect(waited).toBeGreaterThan(3500)
    expect(waited).toBeLessThan(9000)
    await expect(app.password).toBeVisible()
    await expect(app.signIn).toBeEnabled()
    expect(net.count('POST', '/api/v1/authn')).toBe(1)
  })
})
