import { buildOtpauthUri, selectIsCodeComplete } from '@mapping-platform/auth-core'
import type { SignInEvent, SignInState } from '@mapping-platform/auth-core'
import { ErrorAlert } from '../components/ErrorAlert'
import { SharedSecret } from '../components/SharedSecret'
import { en } from '../i18n/en'
import { useI18n } from '../i18n/I18nContext'
import { CodeForm } from './CodeStep'
// This step's English texts load with it, not in the first load.

type ActivateState = Extract<SignInState, { step: 'enrollActivate' }>

export interface QrEnrollStepProps {
  readonly state: ActivateState
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
}

/** The QR image's size (fixed, so nothing moves when it loads). */
const QR_SIZE = 184

/**
 * QR enrolment: the QR image from the provider's link, an `otpauth://` link for the same device,
 * the shared secret for manual entry, and the code entry beside them (side by side on wide
 * screens, stacked on narrow ones).
 */
export function QrEnrollStep({ state, errorKey, send }: QrEnrollStepProps) {
  const { t } = useI18n()
  const app = t(`factorChoice.providers.${state.provider}.name`)
  const sameDeviceUri = buildOtpauthUri({
    secret: state.sharedSecret,
    // The brand as the authenticator app lists it: the same in every language.
    issuer: en.brandLabel,
    account: state.email,
  })
  return (
    <>
      <h1 className="step__heading">{t('qr.heading')}</h1>
      <p className="step__lede">{t('qr.instruction', { app })}</p>
      {state.error ? <ErrorAlert key={errorKey} id="qr-error" code={state.error} /> : null}
      <div className="enroll">
        <section className="enroll__scan">
          <img
            className="enroll__qr"
            src={state.qrCodeUrl}
            alt={t('qr.alt', { app })}
            width={QR_SIZE}
            height={QR_SIZE}
            referrerPolicy="no-referrer"
            decoding="async"
          />
          {sameDeviceUri ? (
            // For the person reading this on the phone that should scan it; hidden where a fine
            // pointer says this is a desktop (mfa.css), where no app would take the link.
            <a className="button button--secondary enroll__same-device" href={sameDeviceUri}>
              {t('qr.sameDevice')}
            </a>
          ) : null}
          <SharedSecret secret={state.sharedSecret} />
        </section>
        <section className="enroll__verify" aria-labelledby="qr-code-heading">
          <h2 id="qr-code-heading" className="step__subheading">
            {t('code.heading')}
          </h2>
          <p id="qr-code-instruction" className="step__hint">
            {t('code.instruction')}
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
