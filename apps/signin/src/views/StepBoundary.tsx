import { Component } from 'react'
import type { ReactNode } from 'react'
import { ErrorAlert } from '../components/ErrorAlert'
import { useI18n } from '../i18n/I18nContext'

interface StepBoundaryProps {
  readonly children: ReactNode
  /** What "Try again" does: reload the page, which resumes the step from what it stored. */
  readonly onRetry: () => void
}

/**
 * Catches a step view that cannot render, in practice a lazily loaded view whose chunk could not
 * be fetched (offline, a deploy that replaced the files): instead of an empty card, the network
 * message and a way forward.
 */
export class StepBoundary extends Component<StepBoundaryProps, { readonly failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override render(): ReactNode {
    return this.state.failed ? <StepLoadFailed onRetry={this.props.onRetry} /> : this.props.children
  }
}

const ERROR_ID = 'step-load-error'

/**
 * The page's heading ("Sign in", as the email step has it: the card stands for a step that could
 * not be shown), the network message and "Try again" (`onRetry`). Also prerendered, in each page's
 * language, for the views' own chunk failing to load (`prerender.tsx`, `showViewsFailed`).
 */
export function StepLoadFailed({ onRetry }: { readonly onRetry: () => void }) {
  const { t } = useI18n()
  return (
    <>
      <h1 className="step__heading">{t('email.heading')}</h1>
      <ErrorAlert id={ERROR_ID} code="network_error" />
      <button
        // Focus moves here: the control that had it belonged to the step that could not be shown.
        autoFocus
        type="button"
        className="button button--primary"
        aria-describedby={ERROR_ID}
        onClick={onRetry}
      >
        {t('stepLoadFailed.retry')}
      </button>
    </>
  )
}
