/**
 * Browser services the views need for presentation only (the password's auto-hide timer, copying
 * the setup key), provided through context so tests replace them.
 */
import { createContext, useContext } from 'react'
import { createClipboard } from '../browser/clipboard'
import type { Clipboard } from '../browser/clipboard'
import { createTimers } from '../browser/timers'
import type { Timers } from '../browser/timers'

export interface UiAdapters {
  readonly timers: Timers
  readonly clipboard: Clipboard
}

export const UiAdaptersContext = createContext<UiAdapters | null>(null)

let defaults: UiAdapters | null = null

/** The adapters from the nearest provider, or the browser's. */
export function useUiAdapters(): UiAdapters {
  const provided = useContext(UiAdaptersContext)
  if (provided) return provided
  defaults ??= { timers: createTimers(), clipboard: createClipboard() }
  return defaults
}
