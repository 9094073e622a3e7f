import { useRef } from 'react'
import type { ReactNode } from 'react'
import { useI18n } from '../i18n/I18nContext'
import { BrandMark } from './Icons'
import { LiveRegions, useLiveAnnouncements } from './LiveRegions'

/**
 * The page: a quiet background and a centred card with the brand mark and wordmark, at its foot
 * whatever `footer` holds (the language menu on every step), and the page's live regions, which
 * announce what the card shows (see `useLiveAnnouncements`).
 */
export function Layout({
  wide = false,
  footer,
  children,
}: {
  readonly wide?: boolean
  readonly footer?: ReactNode
  readonly children: ReactNode
}) {
  const main = useRef<HTMLElement>(null)
  const announcements = useLiveAnnouncements(main)
  const { t } = useI18n()
  return (
    <div className="page">
      <main ref={main} className={wide ? 'card card--wide' : 'card'}>
        <header className="brand">
          <BrandMark />
          <span className="brand__name">{t('wordmark')}</span>
        </header>
        {children}
        {footer}
      </main>
      <LiveRegions {...announcements} />
    </div>
  )
}
