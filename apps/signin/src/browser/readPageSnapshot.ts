import { COOKIE_NAMES, readPageSession } from '@mapping-platform/auth-core'
import type { PageSnapshot, StoredItem } from '@mapping-platform/auth-core'
import type { CookieJar } from './cookies'
import type { LocationAdapter } from './locationAdapter'
import type { TransactionStorage } from './transactionStorage'

const ITEMS: readonly StoredItem[] = [
  'pkceVerifier',
  'stateToken',
  'mfaRedirect',
  'oauthState',
  'returnTo',
]

/** What the flow needs to know about the page at start-up, read once. */
export function readPageSnapshot(sources: {
  readonly location: LocationAdapter
  readonly storage: TransactionStorage
  readonly cookies: CookieJar
  /** The whole `Cookie` header as the page sees it (`document.cookie`), for the session check. */
  readonly cookieHeader: () => string
  readonly now: () => number
}): PageSnapshot {
  const { location, storage, cookies } = sources
  const stored = Object.fromEntries(ITEMS.map((item) => [item, storage.read(item)])) as Record<
    StoredItem,
    string | null
  >
  return {
    hash: location.hash(),
    search: location.search(),
    host: location.host(),
    path: location.pathname(),
    historyEmail: location.historyEmail(),
    stored,
    postLoginRedirect: cookies.get(COOKIE_NAMES.postLoginRedirect) ?? null,
    postLoginPath: cookies.get(COOKIE_NAMES.postLoginPath) ?? null,
    now: sources.now(),
    session: readPageSession(sources.cookieHeader(), sources.now()),
  }
}
