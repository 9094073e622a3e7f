import { selectIsCodeComplete } from '@mapping-platform/auth-core'
import type { AuthErrorCode, CodeEntryState, SignInEvent } from '@mapping-platform/auth-core'
import { CodeInput } from '../components/CodeInput'
import { ErrorAlert } from '../components/ErrorAlert'
import { Spinner } from '../components/Spinner'
import { useI18n } from '../i18n/I18nContext'

export interface CodeStepProps {
  readonly code: CodeEntryState
  readonly email: string | null
  readonly verifying: boolean
  readonly error: AuthErrorCode | null
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
}

const HEADING_ID = 'code-heading'
const INSTRUCTION_ID = 'code-instruction'
const ERROR_ID = 'code-error'

/**
 * Code entry: six boxes, `Verify` once all six are filled (verification also fires by itself when
 * the last box fills), `Verifying...` while the code is checked and through the redirects after.
 */
export function CodeStep({ code, email, verifying, error, errorKey, send }: CodeStepProps) {
  const { t } = useI18n()
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
}) {
  const { send, verifying } = props
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
        invalid={props.error !== null}
        busy={verifying}
        labelledBy={props.labelledBy}
        describedBy={props.describedBy}
        onEdit={(input) => send({ type: 'codeEdited', input })}
        onSubmit={() => send({ type: 'codeSubmitted' })}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={!props.complete && !verifying}
        aria-disabled={verifying || undefined}
      >
        {verifying ? <Spinner size="small" /> : null}
        <span>{verifying ? t('code.verifying') : t('code.submit')}</span>
      </button>
    </form>
  )
}
