import { useState } from 'react'
import type { RetryWait } from '@mapping-platform/auth-core'
import { useI18n } from '../i18n/I18nContext'
import { formatCountdown } from '../i18n/formats'

/** The label of a button during a rate-limit wait ("Try again in 0:42"), or null when none runs. */
export function useRetryLabel(retry: RetryWait | null | undefined): string | null {
  const { t, locale } = useI18n()
  if (!retry) return null
  return t('rateLimit.retryIn', { time: formatCountdown(locale, retry.secondsLeft ?? 0) })
}

/**
 * Says "You can try again now." politely, once, when a rate-limit wait ends. (Its start is
 * announced once by the step's error alert; the ticking countdown itself is not announced.)
 */
export function RetryOverStatus({ waiting }: { readonly waiting: boolean }) {
  const { t } = useI18n()
  const [over, setOver] = useState(false)
  const [was, setWas] = useState(waiting)
  // Adjusting state while rendering when a prop changed (no effect, no extra commit).
  if (was !== waiting) {
    setWas(waiting)
    setOver(was && !waiting)
  }
  return (
    <p className="visually-hidden" aria-live="polite">
      {over ? t('rateLimit.over') : ''}
    </p>
  )
}
