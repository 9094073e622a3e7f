import { useEffect, useRef } from 'react'
import type { SignInEvent, SignInState } from '@mapping-platform/auth-core'
import { BreakableAddress } from '../components/BreakableAddress'
import { Spinner } from '../components/Spinner'
import { useI18n } from '../i18n/I18nContext'
import { ProgressView } from './ProgressView'
// This step's English texts load with it, not in the first load.

type SignedInState = Extract<SignInState, { step: 'signedIn' }>

export interface SignedInStepProps {
  readonly state: SignedInState
  readonly send: (event: SignInEvent) => void
}

/**
 * Already signed in: **Continue** to the platform, or **Sign in with a different account**
 * (which signs out first: what a shared computer needs). Nothing happens by itself.
 */
export function SignedInStep({ state, send }: SignedInStepProps) {
  const { t } = useI18n()
  // Nothing is asked before the session is verified.
  if (state.checking === 'session') return <ProgressView text={t('progress.loading')} />
  return <SignedInQuestion state={state} send={send} />
}

/** The question itself, once the session is verified. */
function SignedInQuestion({ state, send }: SignedInStepProps) {
  const { t } = useI18n()
  const proceed = useRef<HTMLButtonElement>(null)
  useEffect(() => proceed.current?.focus(), [])
  const { who } = state.session
  // Continue is checking that the cookies still hold this session, or the session is ending.
  const busy = state.signingOut || state.checking !== null
  return (
    <>
      <h1 className="step__heading">{who ? <SignedInAs who={who} /> : t('signedIn.heading')}</h1>
      <p className="step__lede">{t('signedIn.intro')}</p>
      <div className="form" aria-busy={busy}>
        <button
          ref={proceed}
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => send({ type: 'continueClicked' })}
        >
          {t('signedIn.continue')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-disabled={busy || undefined}
          onClick={() => send({ type: 'switchAccountClicked' })}
        >
          {state.signingOut ? <Spinner size="small" /> : null}
          <span>{state.signingOut ? t('signedIn.signingOut') : t('signedIn.switchAccount')}</span>
        </button>
      </div>
    </>
  )
}

/** A character no translation contains: where `{who}` sits in the translated sentence. */
const WHO_MARK = '\uE000'

/**
 * "You’re signed in as {who}" with the address as its own unit: it moves to the next line whole
 * when the sentence does not fit, and breaks only before `@` and `.` when it is wider than the
 * line. The sentence comes from the catalogue as it is; only the view wraps `{who}`.
 */
function SignedInAs({ who }: { readonly who: string }) {
  const { t } = useI18n()
  const parts = t('signedIn.headingAs', { who: WHO_MARK }).split(WHO_MARK)
  if (parts.length !== 2) return t('signedIn.headingAs', { who })
  return (
    <>
      {parts[0]}
      <BreakableAddress address={who} className="step__who" />
      {parts[1]}
    </>
  )
}
