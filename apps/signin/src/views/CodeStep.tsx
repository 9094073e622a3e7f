import { selectIsCodeComplete } from '@mapping-platform/auth-core'
import type { ReactNode } from 'react'
import type {
  AuthErrorCode,
  CodeEntryState,
  RememberDeviceChoice,
  RetryWait,
  SignInEvent,
} from '@mapping-platform/auth-core'
import { CodeInput } from '../components/CodeInput'
import { ErrorAlert } from '../components/ErrorAlert'
import { RetryOverStatus, useRetryLabel } from '../components/RetryWait'
import { formatLifetime } from '../i18n/formats'
import { Spinner } from '../components/Spinner'
import { useI18n } from '../i18n/I18nContext'
// This step's English texts load with it, not in the first load.

export interface CodeStepProps {
  readonly code: CodeEntryState
  readonly email: string | null
  readonly verifying: boolean
  readonly error: AuthErrorCode | null
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
  /** The remember-device choice, when the policy offers it. */
  readonly rememberDevice?: RememberDeviceChoice | null
  /** A rate-limit wait on verify, when one runs. */
  readonly retry?: RetryWait | null
}

const HEADING_ID = 'code-heading'
const INSTRUCTION_ID = 'code-instruction'
const ERROR_ID = 'code-error'

/**
 * Code entry: six boxes, `Verify` once all six are filled (verification also fires by itself when
 * the last box fills), `Verifying...` while the code is checked and through the redirects after.
 */
export function CodeStep({
  code,
  email,
  verifying,
  error,
  errorKey,
  send,
  rememberDevice = null,
  retry = null,
}: CodeStepProps) {
  const { t, locale } = useI18n()
  const waitLabel = useRetryLabel(retry)
  const complete = selectIsCodeComplete(code)
  return (
    <>
      <h1 id={HEADING_ID} className="step__heading">
        {t('code.heading')}
      </h1>
      <p id={INSTRUCTION_ID} className="step__lede">
        {t('code.instruction')}
      </p>
      {email ? (
        <p className="identity identity--plain">
          <span className="visually-hidden">{t('password.signingInAs')} </span>
          <span className="identity__email" dir="ltr">
            {email}
          </span>
        </p>
      ) : null}
      {error ? <ErrorAlert key={errorKey} id={ERROR_ID} code={error} /> : null}
      <CodeForm
        code={code}
        verifying={verifying}
        error={error}
        complete={complete}
        labelledBy={HEADING_ID}
        describedBy={error ? `${INSTRUCTION_ID} ${ERROR_ID}` : INSTRUCTION_ID}
        send={send}
        waitLabel={waitLabel}
        beforeSubmit={
          rememberDevice ? (
            <label className="checkbox">
              <input
                type="checkbox"
                checked={rememberDevice.chosen}
                disabled={verifying}
                onChange={(event) =>
                  send({ type: 'rememberDeviceChanged', remember: event.currentTarget.checked })
                }
              />
              <span>
                {rememberDevice.lifetimeMinutes > 0
                  ? t('rememberDevice.forLifetime', {
                      // "7 days" stays on one line (never "…for 7" / "days").
                      lifetime: formatLifetime(locale, rememberDevice.lifetimeMinutes).replace(
                        / /g,
                        '\u00a0',
                      ),
                    })
                  : t('rememberDevice.always')}
              </span>
            </label>
          ) : null
        }
      />
    </>
  )
}

/** The boxes and the Verify button; shared by the code step and the QR step. */
export function CodeForm(props: {
  readonly code: CodeEntryState
  readonly verifying: boolean
  readonly error: AuthErrorCode | null
  readonly complete: boolean
  readonly labelledBy: string
  readonly describedBy: string
  readonly send: (event: SignInEvent) => void
  /** "Try again in 0:42" during a rate-limit wait: Verify stays disabled meanwhile. */
  readonly waitLabel?: string | null
  /** Shown between the boxes and Verify (the remember-device checkbox). */
  readonly beforeSubmit?: ReactNode
}) {
  const { send, verifying } = props
  const waitLabel = props.waitLabel ?? null
  const { t } = useI18n()
  return (
    <form
      className="form"
      method="post"
      action="/"
      noValidate
      aria-busy={verifying}
      onSubmit={(event) => {
        event.preventDefault()
        send({ type: 'codeSubmitted' })
      }}
    >
      <CodeInput
        code={props.code}
        // A rate limit refuses the attempt, not the code: the digits are not marked invalid.
        invalid={props.error !== null && props.error !== 'rate_limited'}
        busy={verifying}
        labelledBy={props.labelledBy}
        describedBy={props.describedBy}
        onEdit={(input) => send({ type: 'codeEdited', input })}
        onSubmit={() => send({ type: 'codeSubmitted' })}
      />
      {props.beforeSubmit}
      <button
        type="submit"
        className="button button--primary"
        // Disabled (not only aria-disabled) while verifying, while the code is incomplete and
        // during a rate-limit wait; the form says aria-busy while verifying.
        disabled={verifying || !props.complete || waitLabel !== null}
      >
        {verifying ? <Spinner size="small" /> : null}
        <span>{waitLabel ?? (verifying ? t('code.verifying') : t('code.submit'))}</span>
      </button>
      <RetryOverStatus waiting={waitLabel !== null} />
    </form>
  )
}
