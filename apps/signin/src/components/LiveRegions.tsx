import { useEffect, useState } from 'react'
import type { RefObject } from 'react'

/** One announcement; a new `id` makes an identical text a new announcement. */
interface Announcement {
  readonly id: number
  readonly text: string
}

/** Marks a visible element whose appearance is announced: errors and hints (`assertive`). */
export const ANNOUNCE_ATTRIBUTE = 'data-announce'

/**
 * What the page announces, taken from what it shows inside `root`: the level-one heading, politely,
 * whenever it changes after the first paint (a new step, a progress text), and every element marked
 * with {@link ANNOUNCE_ATTRIBUTE} assertively, each time it is (re)mounted (a repeated identical
 * error is remounted by its `key`, so it is announced again).
 *
 * Live regions are announced reliably only when they exist before their content changes, so the
 * regions are the page's own (see {@link LiveRegions}), present from the first paint, and the
 * visible errors are plain elements linked to their fields with `aria-describedby`: each failure is
 * announced exactly once, whatever the step renders.
 */
export function useLiveAnnouncements(root: RefObject<HTMLElement | null>): {
  readonly polite: Announcement | null
  readonly assertive: Announcement | null
} {
  const [polite, setPolite] = useState<Announcement | null>(null)
  const [assertive, setAssertive] = useState<Announcement | null>(null)
  useEffect(() => {
    const element = root.current
    if (!element) return undefined
    let count = 0
    let heading = headingText(element)
    // The element last announced: when it leaves the page, so does its text (browse mode would
    // otherwise still find a stale error at the foot of the page).
    let source: Element | null = null
    const announce = (marked: Element): void => {
      const text = marked.textContent?.trim() ?? ''
      if (text === '') return
      source = marked
      setAssertive({ id: (count += 1), text })
    }
    // An error already on the page when it starts (a failed return from a provider) counts too.
    announcedWithin(element).forEach(announce)
    const observer = new MutationObserver((records) => {
      const now = headingText(element)
      if (now !== null && now !== heading) setPolite({ id: (count += 1), text: now })
      if (now !== null) heading = now
      for (const record of records)
        for (const node of record.addedNodes) announcedWithin(node).forEach(announce)
      if (source !== null && !source.isConnected) {
        source = null
        setAssertive(null)
      }
    })
    observer.observe(element, { childList: true, subtree: true, characterData: true })
    return () => observer.disconnect()
  }, [root])
  return { polite, assertive }
}

function headingText(root: HTMLElement): string | null {
  const text = root.querySelector('h1')?.textContent?.trim()
  return text ? text : null
}

function announcedWithin(node: Node): Element[] {
  if (!(node instanceof Element)) return []
  const selector = `[${ANNOUNCE_ATTRIBUTE}]`
  return [...(node.matches(selector) ? [node] : []), ...node.querySelectorAll(selector)]
}

/**
 * The page's two live regions, visually hidden and present from the first paint: a status for
 * step changes and progress, an alert for errors. Each announcement replaces the previous one.
 */
export function LiveRegions({ polite, assertive }: ReturnType<typeof useLiveAnnouncements>) {
  return (
    <>
      <div className="visually-hidden" role="status" aria-atomic="false">
        {polite ? <p key={polite.id}>{polite.text}</p> : null}
      </div>
      <div className="visually-hidden" role="alert" aria-atomic="false">
        {assertive ? <p key={assertive.id}>{assertive.text}</p> : null}
      </div>
    </>
  )
}
