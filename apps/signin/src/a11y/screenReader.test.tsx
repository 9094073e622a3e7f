/**
 * What a screen-reader user hears, step by step, recorded with Guidepup's virtual screen reader
 * over the whole app (real views, store and effects; a fake provider). Each transcript lists what
 * is spoken: focus moves as "role, name, value, description, state", live announcements as
 * "polite: …" (the page's status region) or "assertive: …" (its alert region).
 *
 * The rules these transcripts hold the page to:
 * - a new step's heading is announced once, and focus lands on the step's first control;
 * - every failure is announced exactly once, a repeat of the same failure included;
 * - the eye button says whether the password is shown; each code box says "Digit n of 6".
 */
import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { virtual } from '@guidepup/virtual-screen-reader'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  FACTOR_ID,
  SECRETS,
  authnSuccess,
  enrollActivate,
  json,
  mfaEnroll,
  mfaRequired,
  oktaError,
} from '../testing/oktaBodies'
import { startTestApp } from '../testing/harness'
import type { Responder, TestApp } from '../testing/harness'

const EMAIL = 'pat.password@example.com'
const VERIFY_PATH = '/api/v1/authn/factors/ostf2xjtDKWFPZIKYDZV/verify'
const ACTIVATE_PATH = `/api/v1/authn/factors/${FACTOR_ID}/lifecycle/activate`
const WRONG_PASSWORD = 'Email or password are incorrect, please try again.'
const INVALID_EMAIL_HINT = 'Enter an email address like name@example.com.'

const realSetTimeout = globalThis.setTimeout

/** What was spoken since the last call (after the page has settled), and a fresh log. */
async function heard(): Promise<string[]> {
  await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 20)))
  const log = await virtual.spokenPhraseLog()
  await virtual.clearSpokenPhraseLog()
  return log
}

/** The live announcements among `phrases` (what is said without the person moving). */
function announcements(phrases: readonly string[]): string[] {
  return phrases.filter((phrase) => /^(polite|assertive): /.test(phrase))
}

let app: TestApp

async function start(respond: Responder, url = '/'): Promise<ReturnType<typeof userEvent.setup>> {
  const user = userEvent.setup()
  app = await startTestApp({ url, respond, ...(url === '/' ? {} : { historyEmail: EMAIL }) })
  await virtual.start({ container: document.body })
  await heard()
  return user
}

/** Waits until `count` requests went to `path`. */
async function requestsMade(path: string, count: number): Promise<void> {
  await waitFor(() => expect(app.requestsTo(path)).toHaveLength(count))
}

beforeEach(async () => {
  await virtual.stop()
})
afterEach(async () => {
  await virtual.stop()
})

describe('what a screen reader says: the email step', () => {
  it('on Tab: the email field, then Google and the legal links (Next is disabled until valid)', async () => {
    const user = await start(() => oktaError('E0000004', 401))
    expect(document.activeElement).toBe(screen.getByLabelText('Email'))
    await user.tab()
    await user.tab()
    await user.tab()
    await user.tab()
    expect(await heard()).toEqual([
      'button, Sign in with Google',
      'link, Privacy policy',
      'link, Cookie policy',
      'link, Terms of service',
    ])
  })

  it('on an invalid email: the hint is announced once per attempt, again on a repeat', async () => {
    const user = await start(() => oktaError('E0000004', 401))
    await user.type(screen.getByLabelText('Email'), 'pat{Enter}')
    expect(await heard()).toEqual([`assertive: ${INVALID_EMAIL_HINT}`])
    await user.keyboard('{Enter}')
    expect(await heard()).toEqual([`assertive: ${INVALID_EMAIL_HINT}`])
    await user.tab()
    await user.tab({ shift: true })
    expect(await heard()).toEqual([
      'button, Sign in with Google',
      `textbox, Email, pat, ${INVALID_EMAIL_HINT}, invalid`,
    ])
  })
})

describe('what a screen reader says: the password step', () => {
  it('on the step: the heading once, focus on Password; Tab reaches the eye button and Forgot password, Shift+Tab Change email', async () => {
    const user = await start(() => oktaError('E0000004', 401))
    await user.type(screen.getByLabelText('Email'), `${EMAIL}{Enter}`)
    await screen.findByLabelText('Password')
    const onStep = await heard()
    expect(announcements(onStep)).toEqual(['polite: Enter your password'])
    expect(onStep.at(0)).toBe('Password')
    await user.tab()
    await user.tab()
    expect(await heard()).toEqual([
      'button, Show password, 1 control, not pressed',
      'button, Forgot password',
    ])
    screen.getByLabelText('Password').focus()
    await heard()
    await user.tab({ shift: true })
    expect(await heard()).toEqual(['button, Change email'])
  })

  it('on the eye button: says whether the password is shown', async () => {
    const user = await start(() => oktaError('E0000004', 401), '/#sign-in')
    const eye = screen.getByRole('button', { name: 'Show password' })
    await user.click(eye)
    expect(await heard()).toEqual(['button, Show password, 1 control, pressed'])
    await user.click(eye)
    // A state change of the focused button: read again when focus comes back to it.
    await user.tab({ shift: true })
    await user.tab()
    expect((await heard()).at(-1)).toBe('button, Show password, 1 control, not pressed')
  })

  it('on a too-short password: the hint is announced once per attempt', async () => {
    const user = await start(() => oktaError('E0000004', 401), '/#sign-in')
    await user.type(screen.getByLabelText('Password'), 'abc{Enter}')
    expect(announcements(await heard())).toEqual([
      'assertive: Your password has at least 4 characters.',
    ])
    await user.keyboard('{Enter}')
    expect(announcements(await heard())).toEqual([
      'assertive: Your password has at least 4 characters.',
    ])
  })

  it('on a wrong password, twice: each failure announced once; focus on Email, which describes it', async () => {
    const user = await start(() => oktaError('E0000004', 401), '/#sign-in')
    for (const round of [1, 2]) {
      await user.type(screen.getByLabelText('Password'), 'wrong-password{Enter}')
      await screen.findByLabelText('Email')
      const spoken = await heard()
      expect(announcements(spoken), `round ${round}`).toEqual([
        'polite: Sign in',
        `assertive: ${WRONG_PASSWORD}`,
      ])
      expect(spoken).toContain(`textbox, Email, ${EMAIL}, ${WRONG_PASSWORD}`)
      await user.keyboard('{Enter}')
      await screen.findByLabelText('Password')
      expect(announcements(await heard())).toEqual(['polite: Enter your password'])
    }
  })

  it('on a password accepted: the progress text, once', async () => {
    const user = await start(() => authnSuccess(), '/#sign-in')
    await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
    await screen.findByRole('heading', { name: 'Signing you in…' })
    expect(announcements(await heard())).toEqual(['polite: Signing you in…'])
  })
})

describe('what a screen reader says: a rate limit', () => {
  it('on E0000047: the failure once when the wait starts, nothing while it counts, once when it is over', async () => {
    const reset = String(Math.ceil(Date.now() / 1000) + 2)
    const user = await start(
      () => oktaError('E0000047', 429, { 'X-Rate-Limit-Reset': reset }),
      '/#sign-in',
    )
    await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
    await screen.findByRole('button', { name: /^Try again in 0:0[1-3]$/ })
    expect(announcements(await heard())).toEqual([
      'assertive: Too many attempts. Please wait until the timer runs out, then try again.',
    ])
    await screen.findByRole('button', { name: 'Sign in' }, { timeout: 4000 })
    expect(announcements(await heard())).toEqual(['polite: You can try again now.'])
  })
})

describe('what a screen reader says: the code step', () => {
  async function atCodeStep(verify: Responder) {
    const user = await start(
      (request) => (request.path === VERIFY_PATH ? verify(request) : mfaRequired()),
      '/#sign-in',
    )
    await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
    await screen.findByRole('heading', { name: 'Enter verification code' })
    return user
  }

  it('on the step: the heading once, focus on "Digit 1 of 6"; typing moves box by box', async () => {
    const user = await atCodeStep(() => oktaError('E0000068', 403))
    const onStep = await heard()
    expect(announcements(onStep)).toEqual(['polite: Enter verification code'])
    expect(onStep).toContain('textbox, Digit 1 of 6')
    await user.keyboard('12345')
    expect(await heard()).toEqual([
      'textbox, Digit 2 of 6',
      'textbox, Digit 3 of 6',
      'textbox, Digit 4 of 6',
      'textbox, Digit 5 of 6',
      'textbox, Digit 6 of 6',
    ])
  })

  it('on a wrong code, twice: each failure announced once; back on "Digit 1 of 6", marked invalid', async () => {
    const user = await atCodeStep(() => oktaError('E0000068', 403))
    await heard()
    for (const round of [1, 2]) {
      await user.keyboard('123456')
      await requestsMade(VERIFY_PATH, round)
      const spoken = await heard()
      expect(announcements(spoken), `round ${round}`).toEqual([
        'assertive: MFA verification failed. Please try again.',
      ])
      expect(spoken.at(-2)).toBe('textbox, Digit 1 of 6, invalid')
    }
  })

  it('on a whole code pasted: verifies, then says it is signing in, once', async () => {
    const user = await atCodeStep(() => authnSuccess())
    await heard()
    await user.paste('123456')
    await screen.findByRole('heading', { name: 'Enter verification code' })
    const spoken = await heard()
    expect(announcements(spoken).filter((phrase) => phrase.startsWith('assertive'))).toEqual([])
  })
})

describe('what a screen reader says: setting up an authenticator', () => {
  async function atFactorChoice(respond: Responder) {
    const user = await start(respond, '/#sign-in')
    await user.type(screen.getByLabelText('Password'), `${SECRETS.password}{Enter}`)
    await screen.findByRole('heading', { name: 'Set up multi-factor authentication' })
    return user
  }

  it('on the choice: the heading once, focus on the first app; an enrolment failure announced once each time', async () => {
    const user = await atFactorChoice((request) =>
      request.path === '/api/v1/authn/factors' ? oktaError('E0000001', 400) : mfaEnroll(),
    )
    const onStep = await heard()
    expect(announcements(onStep)).toEqual(['polite: Set up multi-factor authentication'])
    expect(onStep.at(-2) ?? onStep.at(-1)).toMatch(/^button, Okta Verify/)
    for (const round of [1, 2]) {
      await user.click(screen.getByRole('button', { name: /Okta Verify/ }))
      await requestsMade('/api/v1/authn/factors', round)
      expect(announcements(await heard()), `round ${round}`).toEqual([
        'assertive: Failed to enroll factor',
      ])
    }
  })

  it('on the QR step: the heading once, focus on "Digit 1 of 6"; a wrong code announced once', async () => {
    const user = await atFactorChoice((request) =>
      request.path === '/api/v1/authn/factors'
        ? enrollActivate('OKTA')
        : request.path === ACTIVATE_PATH
          ? json(
              {
                errorCode: 'E0000068',
                errorSummary: 'Provider text that must never be shown',
                errorCauses: [],
              },
              403,
            )
          : mfaEnroll(),
    )
    await heard()
    await user.click(screen.getByRole('button', { name: /Okta Verify/ }))
    await screen.findByRole('heading', { name: 'Scan the QR code' })
    const onStep = await heard()
    expect(announcements(onStep)).toEqual(['polite: Scan the QR code'])
    expect(onStep.at(-2) ?? onStep.at(-1)).toBe('textbox, Digit 1 of 6')
    await user.keyboard('123456')
    await requestsMade(ACTIVATE_PATH, 1)
    expect(announcements(await heard())).toEqual(['assertive: Invalid verification code'])
  })
})
