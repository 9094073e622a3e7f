/**
 * A real failing sign-in, reported through the real Sentry SDK to a capturing transport: nothing
 * that could sign someone in (or identify them) survives in what would be sent.
 */
import * as Sentry from '@sentry/browser'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterAll, describe, expect, it } from 'vitest'
import {
  FACTOR_ID,
  SECRETS,
  authnSuccess,
  json,
  mfaRequired,
  oktaError,
} from '../testing/oktaBodies'
import { startTestApp } from '../testing/harness'
import type { Responder } from '../testing/harness'
import { RETURN, storedReturn } from '../testing/providerReturn'

const EMAIL = 'tess.totp@example.com'
const WRONG_CODE = '135790'
const { state: STATE, nonce: NONCE, verifier: VERIFIER } = RETURN

const envelopes: string[] = []
const transport: Parameters<typeof Sentry.init>[0] extends infer O
  ? O extends { transport?: infer T }
    ? T
    : never
  : never = (options) =>
  Sentry.createTransport(options, async (request) => {
    envelopes.push(
      typeof request.body === 'string' ? request.body : new TextDecoder().decode(request.body),
    )
    return { statusCode: 200 }
  })

afterAll(async () => {
  await Sentry.close()
})

describe('Sentry reports of a failing sign-in', () => {
  it('carry the error codes and steps, and none of the secrets', async () => {
    const user = userEvent.setup()
    const respond: Responder = (request) => {
      if (request.path === `/api/v1/authn/factors/${FACTOR_ID}/verify`)
        return JSON.parse(request.body).passCode === WRONG_CODE
          ? oktaError('E0000068', 403)
          : authnSuccess()
      if (request.path === '/oauth2/default/v1/token')
        return json(
          { error: 'invalid_grant', error_description: `code ${SECRETS.code} is spent` },
          400,
        )
      return mfaRequired()
    }
    // Sentry loads only when something goes wrong: an uncaught error right after start loads it
    // (through the reporter's own listener), so it sees everything that follows.
    await startTestApp({ respond, sentry: { transport } })
    expect(Sentry.isInitialized()).toBe(false)
    window.dispatchEvent(
      new ErrorEvent('error', { error: new Error(`Unexpected at ${window.location.href}`) }),
    )
    await waitFor(() => expect(Sentry.isInitialized()).toBe(true))

    await user.type(screen.getByLabelText('Email'), `${EMAIL}{Enter}`)
    await user.type(await screen.findByLabelText('Password'), `${SECRETS.password}{Enter}`)
    await screen.findByRole('heading', { name: 'Enter verification code' })
    await user.keyboard(WRONG_CODE)
    await screen.findByRole('alert')
    console.error(`Unexpected: ${SECRETS.password} ${SECRETS.stateToken}`)
    await user.keyboard(SECRETS.passCode)
    await waitFor(() => expect(sessionStorage.getItem('signin.mfaRedirect')).toBe('1'))

    // Back from /authorize on this page (Sentry's history instrumentation still watching): the
    // clearing replaceState records a navigation from the URL that held the code and state.
    window.history.pushState(null, '', `/?unrelated=1#code=${SECRETS.code}&state=${STATE}`)
    await startTestApp({
      url: `/#code=${SECRETS.code}&state=${STATE}`,
      stored: storedReturn('okta'),
      respond,
      sentry: { transport },
    })
    await screen.findByRole('alert')
    Sentry.captureException(
      new Error(`Token request to /token?code=${SECRETS.code}&state=${STATE} failed`),
    )
    await Sentry.flush(2000)

    const sent = envelopes.join('\n')
    expect(sent).toContain('Sign-in failure: mfa_verification_failed')
    expect(sent).toContain('Sign-in failure: unknown_error')
    expect(sent).toContain('"auth_error_code":"mfa_verification_failed"')
    expect(sent).toContain('"step":"code"')
    expect(sent).toContain('Unexpected at https://signin.example.com/')
    for (const secret of [
      SECRETS.password,
      SECRETS.stateToken,
      SECRETS.sessionToken,
      SECRETS.passCode,
      WRONG_CODE,
      SECRETS.code,
      STATE,
      NONCE,
      VERIFIER,
      SECRETS.accessToken,
      SECRETS.refreshToken,
      EMAIL,
      encodeURIComponent(EMAIL),
    ])
      expect(sent, `a report contains ${secret}`).not.toContain(secret)
    expect(sent).not.toMatch(/#code=|[?&]code=|[?&]state=|sessionToken=/)
  })
})
