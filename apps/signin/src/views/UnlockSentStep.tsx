import { useEffect, useRef } from 'react'
import type { SignInEvent, SignInState } from '@mapping-platform/auth-core'
import { useI18n } from '../i18n/I18nContext'
// This step's English texts load with it, not in the first load.

type UnlockSentState = Extract<SignInState, { step: 'unlockSent' }>

export interface UnlockSentStepProps {
  readonly state: UnlockSentState
  readonly send: (event: SignInEvent) => void
}

/**
 * "Check your email": the same words whether or not the address has an account that can be
 * unlocked (Okta answers alike, so nothing is revealed). The heading takes focus so it is read.
 */
export function UnlockSentStep({ state, send }: UnlockSentStepProps) {
  const { t, dir } = useI18n()
  const heading = useRef<HTMLHeadingElement>(null)
  useEffect(() => heading.current?.focus(), [])
  return (
    <>
      <h1 ref={heading} tabIndex={-1} className="step__heading">
        {t('unlockSent.heading')}
      </h1>
      {state.email ? (
        <p className="step__lede">
          {t('unlockSent.body', { email: isolateLtr(dir, state.email) })}
        </p>
      ) : null}
      <p className="step__lede">{t('unlockSent.next')}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => send({ type: 'startOverClicked' })}
      >
        {t('unlockSent.back')}
      </button>
    </>
  )
}

/**
 * The address inside a right-to-left sentence, isolated left to right (U+2066 … U+2069), so its
 * punctuation stays where it is typed ("123@example.com" would read "example.com@123").
 * @see https://www.w3.org/International/questions/qa-bidi-unicode-controls
 */
function isolateLtr(dir: 'ltr' | 'rtl', text: string): string {
  return dir === 'rtl' ? `\u2066${text}\u2069` : text
}
