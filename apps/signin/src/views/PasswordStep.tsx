import { useEffect, useRef, useState } from 'react'
import { isValidPassword } from '@mapping-platform/auth-core'
import type { SignInEvent, SignInState } from '@mapping-platform/auth-core'
import { ErrorAlert } from '../components/ErrorAlert'
import { PasswordField } from '../components/PasswordField'
import { RetryOverStatus, useRetryLabel } from '../components/RetryWait'
import { useI18n } from '../i18n/I18nContext'

type PasswordState = Extract<SignInState, { step: 'password' }>

export interface PasswordStepProps {
  readonly state: PasswordState
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
}

const ERROR_ID = 'password-error'
const HINT_ID = 'password-hint'

/**
 * The password step: the email with a way to change it, a hidden username for password managers,
 * the password with its eye button, `Sign in` (enabled at 4 characters) and `Forgot password`.
 * The password lives only in this component and leaves in one event.
 */
export function PasswordStep({ state, errorKey, send }: PasswordStepProps) {
  const { t } = useI18n()
  const [password, setPassword] = useState('')
  const [revealed, setRevealed] = useState(false)
  // Each refused attempt remounts the hint, so pressing Sign in again announces it again.
  const [refusals, setRefusals] = useState(0)
  const input = useRef<HTMLInputElement>(null)
  useEffect(() => input.current?.focus(), [])

  const waitLabel = useRetryLabel(state.retry)
  const valid = isValidPassword(password)
  const canSubmit = valid && waitLabel === null
  const showHint = state.attempted && !valid
  const describedBy =
    [state.error ? ERROR_ID : null, showHint ? HINT_ID : null].filter(Boolean).join(' ') ||
    undefined
  const submit = (): void => {
    if (!valid) setRefusals((count) => count + 1)
    setRevealed(false)
    send({ type: 'passwordSubmitted', password })
  }

  return (
    <>
      <h1 className="step__heading">{t('password.heading')}</h1>
      <div className="identity">
        <p className="identity__text">
          <span className="visually-hidden">{t('password.signingInAs')} </span>
          <span className="identity__email" dir="ltr">
            {state.email}
          </span>
        </p>
        <button
          type="button"
          className="button--link identity__change"
          aria-label={t('password.changeLabel')}
          onClick={() => send({ type: 'changeEmailClicked' })}
        >
          {t('password.change')}
        </button>
      </div>
      {state.error ? <ErrorAlert key={errorKey} id={ERROR_ID} code={state.error} /> : null}
      <form
        className="form"
        method="post"
        action="/"
        noValidate
        aria-busy={state.submitting}
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
      >
        {/* For password managers: the account this password belongs to (not type=hidden, which they ignore). */}
        <input
          className="visually-hidden"
          type="text"
          name="username"
          autoComplete="username"
          value={state.email}
          readOnly
          aria-hidden="true"
          tabIndex={-1}
        />
        <PasswordField
          id="password"
          inputRef={input}
          value={password}
          onValueChange={setPassword}
          revealed={revealed}
          onRevealedChange={setRevealed}
          invalid={showHint}
          describedBy={describedBy}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !canSubmit) {
              event.preventDefault()
              submit()
            }
          }}
        />
        {showHint ? (
          <p
            key={refusals}
            id={HINT_ID}
            className="field__hint field__hint--error"
            data-announce="assertive"
          >
            {t('password.tooShortHint')}
          </p>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={!canSubmit}
          aria-disabled={state.submitting || undefined}
        >
          {waitLabel ?? (state.submitting ? t('password.submitting') : t('password.submit'))}
        </button>
        <RetryOverStatus waiting={waitLabel !== null} />
      </form>
      <button
        type="button"
        className="button--link step__secondary"
        onClick={() => send({ type: 'forgotPasswordClicked' })}
      >
        {t('password.forgot')}
      </button>
    </>
  )
}
