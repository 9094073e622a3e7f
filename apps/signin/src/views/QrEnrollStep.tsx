import { selectIsCodeComplete } from 'auth-core'
import type { SignInEvent, SignInState } from 'auth-core'
import { ErrorAlert } from '../components/ErrorAlert'
import { SharedSecret } from '../components/SharedSecret'
import { messages } from '../messages'
import { CodeForm } from './CodeStep'

type ActivateState = Extract<SignInState, { step: 'enrollActivate' }>

export interface QrEnrollStepProps {
  readonly state: ActivateState
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
}

/** The QR image's size (fixed, so nothing moves when it loads). */
const QR_SIZE = 184

/**
 * QR enrolment: the QR image from the provider's link, the shared secret for manual entry, and
 * the code entry beside them (side by side on wide screens, stacked on narrow ones).
 */
export function QrEnrollStep({ state, errorKey, send }: QrEnrollStepProps) {
  const app = messages.factorChoice.providers[state.provider].name
  return (
    <>
      <h1 className="step__heading">{messages.qr.heading}</h1>
      <p className="step__lede">{messages.qr.instruction(app)}</p>
      {state.error ? <ErrorAlert key={errorKey} id="qr-error" code={state.error} /> : null}
      <div className="enroll">
        <section className="enroll__scan">
          <img
            className="enroll__qr"
            src={state.qrCodeUrl}
            alt={messages.qr.alt(app)}
            width={QR_SIZE}
            height={QR_SIZE}
            referrerPolicy="no-referrer"
            decoding="async"
          />
          <SharedSecret secret={state.sharedSecret} />
        </section>
        <section className="enroll__verify" aria-labelledby="qr-code-heading">
          <h2 id="qr-code-heading" className="step__subheading">
            {messages.code.heading}
          </h2>
          <p id="qr-code-instruction" className="step__hint">
            {messages.code.instruction}
          </p>
          <CodeForm
            code={state.code}
            verifying={state.activating}
            error={state.error}
            complete={selectIsCodeComplete(state.code)}
            labelledBy="qr-code-heading"
            describedBy={state.error ? 'qr-code-instruction qr-error' : 'qr-code-instruction'}
            send={send}
          />
        </section>
      </div>
    </>
  )
}
