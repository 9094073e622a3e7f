import { useEffect, useRef } from 'react'
import type { SignInEvent, SignInState } from '@mapping-platform/auth-core'
import { ErrorAlert } from '../components/ErrorAlert'
import { ChevronIcon, PhoneIcon } from '../components/LaterStepIcons'
import { Spinner } from '../components/Spinner'
import { useI18n } from '../i18n/I18nContext'
// This step's English texts load with it, not in the first load.

type ChoiceState = Extract<SignInState, { step: 'factorChoice' }>

export interface FactorChoiceStepProps {
  readonly state: ChoiceState
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
}

/**
 * Factor choice: one large button per authenticator app the provider offers to set up. The one
 * being enrolled shows progress; the others are inert meanwhile.
 */
export function FactorChoiceStep({ state, errorKey, send }: FactorChoiceStepProps) {
  const { t } = useI18n()
  const first = useRef<HTMLButtonElement>(null)
  useEffect(() => first.current?.focus(), [])
  return (
    <>
      <h1 className="step__heading">{t('factorChoice.heading')}</h1>
      <p id="factor-instruction" className="step__lede">
        {t('factorChoice.instruction')}
      </p>
      {state.error ? <ErrorAlert key={errorKey} id="factor-error" code={state.error} /> : null}
      <ul className="factors" aria-labelledby="factor-instruction">
        {state.factors.map((provider, index) => {
          const name = t(`factorChoice.providers.${provider}.name`)
          const description = t(`factorChoice.providers.${provider}.description`)
          const enrolling = state.enrolling === provider
          const nameId = `factor-${provider.toLowerCase()}-name`
          const descriptionId = `factor-${provider.toLowerCase()}-description`
          return (
            <li key={provider}>
              <button
                ref={index === 0 ? first : undefined}
                type="button"
                className="factor"
                // The name is exactly the app's name; the description is only described.
                aria-labelledby={nameId}
                aria-describedby={descriptionId}
                aria-busy={enrolling || undefined}
                aria-disabled={enrolling || undefined}
                disabled={state.enrolling !== null && !enrolling}
                onClick={() => send({ type: 'factorChosen', provider })}
              >
                <span className="factor__icon">
                  <PhoneIcon />
                </span>
                <span className="factor__text">
                  <span id={nameId} className="factor__name">
                    {name}
                  </span>
                  <span id={descriptionId} className="factor__description">
                    {enrolling ? t('factorChoice.settingUp') : description}
                  </span>
                </span>
                {enrolling ? <Spinner size="small" /> : <ChevronIcon />}
              </button>
            </li>
          )
        })}
      </ul>
    </>
  )
}
