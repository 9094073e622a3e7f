import { useEffect, useRef } from 'react'
import type { SignInEvent, SignInState } from '@mapping-platform/auth-core'
import { ErrorAlert } from '../components/ErrorAlert'
import { RetryOverStatus, useRetryLabel } from '../components/RetryWait'
import { Spinner } from '../components/Spinner'
import { useI18n } from '../i18n/I18nContext'
// This step's English texts load with it, not in the first load.

type LockedState = Extract<SignInState, { step: 'locked' }>

export interface LockedStepProps {
  readonly state: LockedState
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
}

/**
 * "Your account is locked": **Unlock account** (Okta emails an unlock link) when the org allows
 * self-service unlock, else the advice to contact an administrator; and the way back to sign in.
 */
export function LockedStep({ state, errorKey, send }: LockedStepProps) {
  const { t } = useI18n()
  const heading = useRef<HTMLHeadingElement>(null)
  const unlock = useRef<HTMLButtonElement>(null)
  useEffect(() => (unlock.current ?? heading.current)?.focus(), [])
  const waitLabel = useRetryLabel(state.retry)
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="step__heading">
        {t('locked.heading')}
      </h1>
      <p id="locked-intro" className="step__lede">
        {state.canUnlock ? t('locked.intro') : t('locked.adminIntro')}
      </p>
      {state.email ? (
        <p className="identity identity--plain">
          <span className="identity__email" dir="ltr">
            {state.email}
          </span>
        </p>
      ) : null}
      {state.error ? <ErrorAlert key={errorKey} id="locked-error" code={state.error} /> : null}
      {state.canUnlock ? (
        <div className="form">
          <button
            ref={unlock}
            type="button"
            className="button button--primary"
            aria-describedby="locked-intro"
            disabled={waitLabel !== null}
            aria-disabled={state.sending || undefined}
            aria-busy={state.sending || undefined}
            onClick={() => send({ type: 'unlockClicked' })}
          >
            {state.sending ? <Spinner size="small" /> : null}
            <span>{waitLabel ?? (state.sending ? t('locked.sending') : t('locked.unlock'))}</span>
          </button>
          <RetryOverStatus waiting={waitLabel !== null} />
        </div>
      ) : null}
      <button
        type="button"
        className="button--link step__secondary"
        onClick={() => send({ type: 'startOverClicked' })}
      >
        {t('locked.back')}
      </button>
    </>
  )
}
