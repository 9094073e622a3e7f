import { useEffect } from 'react'
import type { KeyboardEvent, Ref } from 'react'
import { useI18n } from '../i18n/I18nContext'
import { EyeIcon } from './Icons'
import { useUiAdapters } from './UiAdapters'

/** How long a revealed password stays visible (Okta's widget does the same). */
export const REVEAL_MS = 30_000

export interface PasswordFieldProps {
  readonly id: string
  readonly value: string
  readonly onValueChange: (value: string) => void
  readonly revealed: boolean
  readonly onRevealedChange: (revealed: boolean) => void
  readonly invalid: boolean
  readonly describedBy: string | undefined
  readonly onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void
  readonly inputRef?: Ref<HTMLInputElement>
  /** The visible label; "Password" when absent. */
  readonly label?: string
  /** `current-password` (default) or `new-password`, so password managers offer the right thing. */
  readonly autoComplete?: 'current-password' | 'new-password'
  /** The field's name; `password` when absent. */
  readonly name?: string
}

/**
 * The password input with an eye button. The button's name stays "Show password"; its pressed
 * state says whether the password is shown. A revealed password hides again after 30 seconds.
 * Never trimmed, never limited below 64 characters, paste allowed.
 */
export function PasswordField({
  id,
  value,
  onValueChange,
  revealed,
  onRevealedChange,
  invalid,
  describedBy,
  onKeyDown,
  inputRef,
  label,
  autoComplete = 'current-password',
  name = 'password',
}: PasswordFieldProps) {
  const { timers } = useUiAdapters()
  const { t } = useI18n()
  useEffect(() => {
    if (!revealed) return undefined
    return timers.start(() => onRevealedChange(false), REVEAL_MS)
  }, [revealed, onRevealedChange, timers])

  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label ?? t('password.label')}
      </label>
      <div className="password">
        <input
          ref={inputRef}
          id={id}
          className="input password__input"
          type={revealed ? 'text' : 'password'}
          name={name}
          autoComplete={autoComplete}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="password__reveal"
          aria-label={t('password.showPassword')}
          aria-pressed={revealed}
          aria-controls={id}
          onClick={() => onRevealedChange(!revealed)}
        >
          <EyeIcon crossed={revealed} />
        </button>
      </div>
    </div>
  )
}
