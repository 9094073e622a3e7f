import type { ReactNode } from 'react'
import { messages } from '../messages'
import { BrandMark } from './Icons'

/** The page: a quiet background and a centred card with the brand mark and wordmark. */
export function Layout({
  wide = false,
  children,
}: {
  readonly wide?: boolean
  readonly children: ReactNode
}) {
  return (
    <div className="page">
      <main className={wide ? 'card card--wide' : 'card'}>
        <header className="brand">
          <BrandMark />
          <span className="brand__name">{messages.wordmark}</span>
        </header>
        {children}
      </main>
    </div>
  )
}
