import { useRef } from 'react'
import type { ReactNode } from 'react'
import { messages } from '../messages'
import { BrandMark } from './Icons'
import { LiveRegions, useLiveAnnouncements } from './LiveRegions'

/**
 * The page: a quiet background and a centred card with the brand mark and wordmark, and the page's
 * live regions, which announce what the card shows (see `useLiveAnnouncements`).
 */
export function Layout({
  wide = false,
  children,
}: {
  readonly wide?: boolean
  readonly children: ReactNode
}) {
  const main = useRef<HTMLElement>(null)
  const announcements = useLiveAnnouncements(main)
  return (
    <div className="page">
      <main ref={main} className={wide ? 'card card--wide' : 'card'}>
        <header className="brand">
          <BrandMark />
          <span className="brand__name">{messages.wordmark}</span>
        </header>
        {children}
      </main>
      <LiveRegions {...announcements} />
    </div>
  )
}
