/**
 * Redirecting to Google (`onRedirectingToGoogle`): the consent redirect persisted, then followed,
 * or its failure.
 */
import { describe, expect, it } from 'vitest'
import { NOW, OAUTH_NONCE, OAUTH_STATE, run, storedOAuth } from '../../testSupport/flowHarness'
import { emailStep } from '../../testSupport/flowSteps'

describe('signInFlow: Google', () => {
  it('on googleRedirectPrepared: persists state and nonce, then goes to the consent page (Back returns here)', () => {
    const { last } = run(
      [
        { type: 'googleSignInClicked' },
        {
          type: 'googleRedirectPrepared',
          url: 'https://accounts.google.com/x',
          state: OAUTH_STATE,
          nonce: OAUTH_NONCE,
          now: NOW,
        },
      ],
      { from: emailStep() },
    )
    expect(last).toEqual([
      { type: 'persist', item: 'oauthState', value: storedOAuth('google', NOW) },
      { type: 'navigate', url: 'https://accounts.google.com/x', mode: 'assign' },
    ])
  })

  it('on googleRedirectFailed or storageFailed: the email step with the error, email kept', () => {
    expect(
      run(
        [
          { type: 'googleSignInClicked' },
          { type: 'googleRedirectFailed', error: 'crypto_unavailable' },
        ],
        { from: emailStep() },
      ).state,
    ).toMatchObject({
      step: 'email',
      email: 'gina@example.com',
      error: 'crypto_unavailable',
    })
    expect(
      run([{ type: 'googleSignInClicked' }, { type: 'storageFailed' }], { from: emailStep() })
        .state,
    ).toMatchObject({ error: 'storage_unavailable' })
    const redirecting = run([{ type: 'googleSignInClicked' }], { from: emailStep() }).state
    expect(run([{ type: 'emailSubmitted' }], { from: redirecting }).state).toBe(redirecting)
  })
})
