import { useEffect, useRef } from 'react'
import type { SignInEvent, SignInState } from '@mapping-platform/auth-core'
import { Spinner } from '../components/Spinner'
import { useI18n } from '../i18n/I18nContext'

type SignedInState = Extract<SignInState, { step: 'signedIn' }>

export interface SignedInStepProps {
  readonly state: SignedInState
  readonly send: (event: SignInEvent) => void
}

/**
 * Already signed in: **Continue** to the platform, or **Sign in with a different account**
 * (which signs out first: what a shared computer needs). Nothing happens by itself.
 */
export function SignedInStep({ state, send }: SignedInStepProps) {
  const { t } = useI18n()
  const proceed = useRef<HTMLButtonElement>(null)
  useEffect(() => proceed.current?.focus(), [])
  const { who } = state.session
  return (
    <>
      <h1 className="step__heading step__heading--who">
        {who ? t('signedIn.headingAs', { who }) : t('signedIn.heading')}
      </h1>
      <p className="step__lede">{t('signedIn.intro')}</p>
      <div className="form" aria-busy={state.signingOut}>
        <button
          ref={proceed}
          type="button"
          className="button button--primary"
          disabled={state.signingOut}
          onClick={() => send({ type: 'continueClicked' })}
        >
          {t('signedIn.continue')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={state.signingOut || undefined}
          onClick={() => send({ type: 'switchAccountClicked' })}
        >
          {state.signingOut ? <Spinner size="small" /> : null}
          <span>{state.signingOut ? t('signedIn.signingOut') : t('signedIn.switchAccount')}</span>
        </button>
      </div>
    </>
  )
}
