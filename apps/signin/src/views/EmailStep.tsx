import { useLayoutEffect, useRef, useState } from 'react'
import { selectCanSubmitEmail } from '@mapping-platform/auth-core'
import type { SignInEvent, SignInState } from '@mapping-platform/auth-core'
import { ErrorAlert } from '../components/ErrorAlert'
import { GoogleButton } from '../components/GoogleButton'
import type { LegalLinks } from '../config'
import { useI18n } from '../i18n/I18nContext'

type EmailState = Extract<SignInState, { step: 'email' }>

export interface EmailStepProps {
  readonly state: EmailState
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
  readonly legal: LegalLinks
}

const ERROR_ID = 'email-error'
const HINT_ID = 'email-hint'

/**
 * The email step: `Email`, `Next` (enabled once the email is valid), Google sign-in, and the legal
 * links. Enter with an invalid email still submits, so the field is marked invalid only then.
 */
export function EmailStep({ state, errorKey, send, legal }: EmailStepProps) {
  const { t } = useI18n()
  const input = useRef<HTMLInputElement>(null)
  // Each refused attempt remounts the hint, so pressing Next or Enter again announces it again.
  const [refusals, setRefusals] = useState(0)
  const submit = (): void => {
    if (!selectCanSubmitEmail(state)) setRefusals((count) => count + 1)
    send({ type: 'emailSubmitted' })
  }
  // A layout effect: it runs in the task that commits the hydration, before any re-render could
  // write the flow's empty email back into the field (a passive effect came too late on a slow
  // phone, and the first keys were lost).
  useLayoutEffect(() => {
    const field = input.current
    if (!field) return
    // Typed (or autofilled) into the prerendered page before the script ran: hydration keeps what
    // is in the field, so the flow takes it over (Next was inert meanwhile: nothing submitted it).
    if (field.value !== '' && state.email === '') send({ type: 'emailChanged', email: field.value })
    field.focus()
    // Once, on mount: later changes come through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  const canSubmit = selectCanSubmitEmail(state)
  const showHint = state.attempted && !canSubmit
  const describedBy =
    [state.error ? ERROR_ID : null, showHint ? HINT_ID : null].filter(Boolean).join(' ') ||
    undefined

  return (
    <>
      <h1 className="step__heading">{t('email.heading')}</h1>
      <p className="step__lede">{t('email.intro')}</p>
      {state.error ? <ErrorAlert key={errorKey} id={ERROR_ID} code={state.error} /> : null}
      <form
        className="form"
        method="post"
        action="/"
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        <div className="field">
          <label className="field__label" htmlFor="email">
            {t('email.label')}
          </label>
          <input
            ref={input}
            // In the prerendered page too, so keys typed before the script runs land in the field.
            autoFocus
            id="email"
            className="input"
            // An address reads left to right in every language (kept so inside right-to-left).
            dir="ltr"
            type="email"
            name="username"
            autoComplete="username"
            inputMode="email"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            value={state.email}
            onChange={(event) => send({ type: 'emailChanged', email: event.currentTarget.value })}
            onKeyDown={(event) => {
              // A disabled Next blocks implicit submission: send the attempt ourselves.
              if (event.key === 'Enter' && !canSubmit) {
                event.preventDefault()
                submit()
              }
            }}
            aria-invalid={showHint ? true : undefined}
            aria-describedby={describedBy}
          />
          {showHint ? (
            <p
              key={refusals}
              id={HINT_ID}
              className="field__hint field__hint--error"
              data-announce="assertive"
            >
              {t('email.invalidHint')}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary" disabled={!canSubmit}>
          {t('email.next')}
        </button>
      </form>
      <p className="divider">
        <span>{t('email.divider')}</span>
      </p>
      <GoogleButton onClick={() => send({ type: 'googleSignInClicked' })} />
      <nav className="legal" aria-label={t('email.legalLabel')}>
        <a href={legal.privacyUrl} rel="noreferrer">
          {t('email.privacy')}
        </a>
        <a href={legal.cookiePolicyUrl} rel="noreferrer">
          {t('email.cookies')}
        </a>
        <a href={legal.termsUrl} rel="noreferrer">
          {t('email.terms')}
        </a>
      </nav>
    </>
  )
}
