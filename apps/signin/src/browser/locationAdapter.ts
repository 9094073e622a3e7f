/**
 * The address bar and the session history: the step hash (with the email in `history.state`),
 * clearing the return parameters, leaving the page, and listening for Back/Forward.
 */

export interface LocationAdapter {
  readonly hash: () => string
  readonly search: () => string
  readonly host: () => string
  /** The path the page is at (`location.pathname`): read once at load, before any reset to `/`. */
  readonly pathname: () => string
  /** The email kept in the current entry's `history.state`, if any. */
  readonly historyEmail: () => string | null
  /**
   * Shows `hash` on the root path `/` (empty: no fragment), whatever path the page was opened at,
   * keeping the query, and remembers `email` in the entry; no hashchange fires.
   */
  readonly setStep: (hash: string, email: string | null, mode: 'push' | 'replace') => void
  /**
   * Sets the address to the root path `/`, without query or fragment, in the same history entry
   * (the code never stays in history).
   */
  readonly clearUrl: () => void
  readonly navigate: (url: string, mode: 'assign' | 'replace') => void
  readonly reload: () => void
  /** Back/Forward between entries of this page. Returns the unsubscribe function. */
  readonly onHistoryChange: (
    listener: (hash: string, historyEmail: string | null) => void,
  ) => () => void
  /** The page came back from the back/forward cache (its state is stale). */
  readonly onRestoredFromCache: (listener: () => void) => () => void
}

/** The one page lives at the root path (spec section 2): every address the flow sets is on it. */
const ROOT_PATH = '/'

function emailOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null
  return typeof state.email === 'string' ? state.email : null
}

/** The {@link LocationAdapter} of `win` (this window by default). */
export function createLocationAdapter(win: Window = window): LocationAdapter {
  return {
    hash: () => win.location.hash,
    search: () => win.location.search,
    host: () => win.location.host,
    pathname: () => win.location.pathname,
    historyEmail: () => emailOf(win.history.state),
    setStep(hash, email, mode) {
      // The query stays: it may choose the language (`?lang=`); a return's code never gets here,
      // `clearUrl` has removed it first.
      const url = `${ROOT_PATH}${win.location.search}${hash}`
      if (mode === 'push') win.history.pushState({ email }, '', url)
      else win.history.replaceState({ email }, '', url)
    },
    clearUrl: () => win.history.replaceState(null, '', ROOT_PATH),
    navigate(url, mode) {
      if (mode === 'assign') win.location.assign(url)
      else win.location.replace(url)
    },
    reload: () => win.location.reload(),
    onHistoryChange(listener) {
      const onPopState = (): void => listener(win.location.hash, emailOf(win.history.state))
      win.addEventListener('popstate', onPopState)
      return () => win.removeEventListener('popstate', onPopState)
    },
    onRestoredFromCache(listener) {
      const onPageShow = (event: PageTransitionEvent): void => {
        if (event.persisted) listener()
      }
      win.addEventListener('pageshow', onPageShow)
      return () => win.removeEventListener('pageshow', onPageShow)
    },
  }
}
