import { Suspense, useEffect, useState } from 'react'
import type { ReactNode } from 'react'
import {
  initialCodeEntry,
  selectEmail,
  selectShowsCodeVerifying,
} from '@mapping-platform/auth-core'
import type { CodeEntryState, SignInEvent, SignInState } from '@mapping-platform/auth-core'
import type { LocationAdapter } from '../browser/locationAdapter'
import { LanguageMenu } from '../components/LanguageMenu'
import { Layout } from '../components/Layout'
import type { LegalLinks } from '../config'
import type { FlowStore } from '../flow/createFlowStore'
import { useSignInFlow } from '../flow/useSignInFlow'
import { useI18n } from '../i18n/I18nContext'
import type { Translator } from '../i18n/translator'
import { EmailStep } from './EmailStep'
import type { LazyViews } from './lazyViews'
import { PasswordStep } from './PasswordStep'
import { ProgressView } from './ProgressView'
import { StepBoundary } from './StepBoundary'

export interface AppProps {
  readonly store: FlowStore
  readonly legal: LegalLinks
  readonly location: Pick<LocationAdapter, 'onHistoryChange' | 'onRestoredFromCache' | 'reload'>
  /** The lazily loaded step views (`createLazyViews`), made once for the page's locale store. */
  readonly views: LazyViews
}

/**
 * The page: renders the step auth-core's state is in, and turns Back/Forward into `hashChanged`.
 * A page restored from the back/forward cache (Back from the provider or a sub-site) is reloaded
 * so it reads its state afresh.
 */
export function App({ store, legal, location, views }: AppProps) {
  const { state, errorKey, send } = useSignInFlow(store)
  const lastCode = useLastCode(state)
  const { t } = useI18n()

  useEffect(
    () =>
      location.onHistoryChange((hash, historyEmail) =>
        send({ type: 'hashChanged', hash, historyEmail }),
      ),
    [location, send],
  )
  useEffect(() => location.onRestoredFromCache(() => location.reload()), [location])

  return (
    <Layout wide={state.step === 'enrollActivate'} footer={<LanguageMenu />}>
      <StepBoundary onRetry={() => location.reload()}>
        <Suspense fallback={<ProgressView text={t('progress.loading')} />}>
          {renderStep(state, { errorKey, send, legal, lastCode, t, views })}
        </Suspense>
      </StepBoundary>
    </Layout>
  )
}

interface StepContext {
  readonly errorKey: number
  readonly send: (event: SignInEvent) => void
  readonly legal: LegalLinks
  readonly lastCode: CodeEntryState
  readonly t: Translator['t']
  readonly views: LazyViews
}

function renderStep(state: SignInState, context: StepContext): ReactNode {
  const { errorKey, send, t, views } = context
  // After a code is accepted (and on a reload during the MFA redirect) the code step stays on
  // screen, verifying, until the browser leaves.
  if (state.step !== 'code' && selectShowsCodeVerifying(state))
    return (
      <views.CodeStep
        code={context.lastCode}
        email={selectEmail(state)}
        verifying
        error={null}
        errorKey={errorKey}
        send={send}
      />
    )
  switch (state.step) {
    case 'email':
      return <EmailStep state={state} errorKey={errorKey} send={send} legal={context.legal} />
    case 'password':
      return <PasswordStep state={state} errorKey={errorKey} send={send} />
    case 'code':
      return (
        <views.CodeStep
          code={state.code}
          email={state.email}
          verifying={state.verifying}
          error={state.error}
          errorKey={errorKey}
          send={send}
          rememberDevice={state.rememberDevice ?? null}
          retry={state.retry ?? null}
        />
      )
    case 'passwordExpired':
      return <views.PasswordExpiredStep state={state} errorKey={errorKey} send={send} />
    case 'locked':
      return <views.LockedStep state={state} errorKey={errorKey} send={send} />
    case 'unlockSent':
      return <views.UnlockSentStep state={state} send={send} />
    case 'signedIn':
      return <views.SignedInStep state={state} send={send} />
    case 'factorChoice':
      return <views.FactorChoiceStep state={state} errorKey={errorKey} send={send} />
    case 'enrollActivate':
      return <views.QrEnrollStep state={state} errorKey={errorKey} send={send} />
    case 'resuming':
      return <ProgressView text={t('progress.restoring')} />
    case 'redirectingToGoogle':
      return <ProgressView text={t('progress.redirectingToGoogle')} />
    case 'googleReturn':
      return <ProgressView text={t('progress.signingInWithGoogle')} />
    case 'done':
      return (
        <ProgressView
          text={
            state.via === 'google' ? t('progress.signingInWithGoogle') : t('progress.signingIn')
          }
        />
      )
    case 'authorizing':
    case 'callback':
      return <ProgressView text={t('progress.signingIn')} />
    case 'booting':
      return <ProgressView text={t('progress.loading')} />
  }
}

/** The digits last seen on a code step, kept on screen while the accepted code is redirecting. */
function useLastCode(state: SignInState): CodeEntryState {
  const current = state.step === 'code' || state.step === 'enrollActivate' ? state.code : null
  const [last, setLast] = useState<CodeEntryState>(initialCodeEntry)
  if (current !== null && current !== last) setLast(current)
  return current ?? last
}
