import { useEffect, useRef, useState } from 'react'
import { meetsPasswordRule, passwordRules } from '@mapping-platform/auth-core'
import type { PasswordRule, SignInEvent, SignInState } from '@mapping-platform/auth-core'
import { ErrorAlert } from '../components/ErrorAlert'
import { CheckIcon } from '../components/LaterStepIcons'
import { PasswordField } from '../components/PasswordField'
import { RetryOverStatus, useRetryLabel } from '../components/RetryWait'
import { Spinner } from '../components/Spinner'
import { useI18n } from '../i18n/I18nContext'
import type { Translator } from '../i18n/translator'
import { plural } from '../i18n/plural'
// This step's English texts load with it, not in the first load.

type PasswordExpiredState = Extract<SignInState, { step: 'passwordExpired' }>

export interface PasswordExpiredStepProps {
  readonly state: PasswordExpiredState
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
}

const ERROR_ID = 'new-password-error'
const RULES_ID = 'new-password-rules'

/** The checklist text of a rule, counted rules in the language's plural form. */
export function ruleText(translator: Translator, rule: PasswordRule): string {
  switch (rule.id) {
    case 'excludeUsername':
    case 'excludeFirstName':
    case 'excludeLastName':
      return translator.t(`passwordExpired.rules.${rule.id}`)
    default:
      return plural(translator, `passwordExpired.rules.${rule.id}`, rule.count)
  }
}

/**
 * "Your password has expired": current password, new password and its confirmation, with the
 * org's rules as a live checklist tied to the new password by `aria-describedby`. A rule that
 * becomes met is announced politely (only that change, not every key). The three passwords live
 * only here and leave in one event; the hidden username lets password managers save the new one.
 */
export function PasswordExpiredStep({ state, errorKey, send }: PasswordExpiredStepProps) {
  const i18n = useI18n()
  const { t } = i18n
  const [oldPassword, setOldPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [revealed, setRevealed] = useState({ old: false, new: false, confirm: false })
  const first = useRef<HTMLInputElement>(null)
  useEffect(() => first.current?.focus(), [])

  const rules = state.complexity ? passwordRules(state.complexity) : []
  const met = rules.map((rule) => meetsPasswordRule(rule, newPassword, state.user))
  const announcement = useMetAnnouncement(i18n, rules, met)
  const waitLabel = useRetryLabel(state.retry)
  const describedBy = (...ids: (string | false)[]) => ids.filter(Boolean).join(' ') || undefined
  const errorId = state.error ? ERROR_ID : false
  const username = state.user?.login ?? state.email ?? ''

  return (
    <>
      <h1 className="step__heading">{t('passwordExpired.heading')}</h1>
      <p className="step__lede">{t('passwordExpired.intro')}</p>
      {state.email ? (
        <p className="identity identity--plain">
          <span className="visually-hidden">{t('password.signingInAs')} </span>
          <span className="identity__email" dir="ltr">
            {state.email}
          </span>
        </p>
      ) : null}
      {state.error ? <ErrorAlert key={errorKey} id={ERROR_ID} code={state.error} /> : null}
      <form
        className="form"
        method="post"
        action="/"
        noValidate
        aria-busy={state.changing}
        onSubmit={(event) => {
          event.preventDefault()
          setRevealed({ old: false, new: false, confirm: false })
          send({ type: 'newPasswordSubmitted', oldPassword, newPassword, confirmation })
        }}
      >
        {/* For password managers: the account the new password belongs to. */}
        <input
          className="visually-hidden"
          type="text"
          name="username"
          autoComplete="username"
          value={username}
          readOnly
          aria-hidden="true"
          tabIndex={-1}
        />
        <PasswordField
          id="current-password"
          name="current-password"
          label={t('passwordExpired.currentLabel')}
          inputRef={first}
          value={oldPassword}
          onValueChange={setOldPassword}
          revealed={revealed.old}
          onRevealedChange={(old) => setRevealed((r) => ({ ...r, old }))}
          invalid={state.error === 'current_password_incorrect'}
          describedBy={describedBy(state.error === 'current_password_incorrect' && errorId)}
        />
        <PasswordField
          id="new-password"
          name="new-password"
          autoComplete="new-password"
          label={t('passwordExpired.newLabel')}
          value={newPassword}
          onValueChange={setNewPassword}
          revealed={revealed.new}
          onRevealedChange={(value) => setRevealed((r) => ({ ...r, new: value }))}
          invalid={state.error !== null && state.error.startsWith('new_password_')}
          describedBy={describedBy(rules.length > 0 && RULES_ID, errorId)}
        />
        {rules.length > 0 ? (
          <div className="rules">
            <p id={`${RULES_ID}-heading`} className="rules__heading">
              {t('passwordExpired.rulesHeading')}
            </p>
            <ul id={RULES_ID} className="rules__list" aria-labelledby={`${RULES_ID}-heading`}>
              {rules.map((rule, index) => (
                <li key={rule.id} className={met[index] ? 'rule rule--met' : 'rule'}>
                  <span className="rule__mark" aria-hidden="true">
                    {met[index] ? <CheckIcon /> : null}
                  </span>
                  <span>
                    {ruleText(i18n, rule)}
                    <span className="visually-hidden">
                      {' '}
                      ({met[index] ? t('passwordExpired.ruleMet') : t('passwordExpired.ruleNotMet')}
                      )
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        <PasswordField
          id="confirm-password"
          name="confirm-password"
          autoComplete="new-password"
          label={t('passwordExpired.confirmLabel')}
          value={confirmation}
          onValueChange={setConfirmation}
          revealed={revealed.confirm}
          onRevealedChange={(confirm) => setRevealed((r) => ({ ...r, confirm }))}
          invalid={state.error === 'new_password_mismatch'}
          describedBy={describedBy(state.error === 'new_password_mismatch' && errorId)}
        />
        <button
          type="submit"
          className="button button--primary"
          disabled={waitLabel !== null}
          aria-disabled={state.changing || undefined}
        >
          {state.changing ? <Spinner size="small" /> : null}
          <span>
            {waitLabel ??
              (state.changing ? t('passwordExpired.submitting') : t('passwordExpired.submit'))}
          </span>
        </button>
        <RetryOverStatus waiting={waitLabel !== null} />
      </form>
      <button
        type="button"
        className="button--link step__secondary"
        onClick={() => send({ type: 'startOverClicked' })}
      >
        {t('passwordExpired.cancel')}
      </button>
    </>
  )
}

/**
 * The polite announcement for the checklist: the rule that just became met ("Done: …"), or
 * "meets every rule" when the last one did; nothing while typing changes no rule.
 */
function useMetAnnouncement(
  translator: Translator,
  rules: readonly PasswordRule[],
  met: readonly boolean[],
): string {
  const [text, setText] = useState('')
  const [before, setBefore] = useState<readonly boolean[]>(met)
  // Adjusting state while rendering when the set of met rules changed (not on every key).
  if (met.some((value, index) => value !== before[index])) {
    setBefore(met)
    const newly = met.findIndex((value, index) => value && !before[index])
    const rule = rules[newly]
    if (newly >= 0 && met.every(Boolean)) setText(translator.t('passwordExpired.allRulesMet'))
    else if (rule)
      setText(
        translator.t('passwordExpired.ruleMetAnnouncement', { rule: ruleText(translator, rule) }),
      )
  }
  return text
}
