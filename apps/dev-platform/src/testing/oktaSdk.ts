/**
 * Okta's own SDK (`@okta/okta-auth-js`) as a client of the dev platform: an `OktaAuth` whose every
 * request goes through a {@link BrowserPage} at the app's origin, and a page clock that agrees
 * with the platform's (the SDK checks `iat`/`exp` against `Date.now()`, the platform lives in 2030).
 */
import { OktaAuth, type OktaAuthOptions } from '@okta/okta-auth-js'
import { afterAll, beforeAll, beforeEach, vi } from 'vitest'
import { OKTA_CLIENT_ID } from '../config'
import { openBrowserPage, type BrowserPage } from './browserPage'
import type { TestPlatform } from './testPlatform'

/** The scopes the sign-in app asks for, as the SDK takes them. */
export const SDK_SCOPES = [
  'openid',
  'offline_access',
  'api_usage:get',
  'coverage:get',
  'detection:find',
  'detection:get',
  'frame:get',
  'image:get',
  'subscription:add',
  'subscription:update',
  'subscription:find',
]

/** The SDK's name for the stored stateToken (its `oktaStateToken` cookie in a browser). */
export const STATE_TOKEN_KEY = 'oktaStateToken'

/** An SDK client on a page at `page.origin` (the app's origin unless told otherwise). */
export function oktaSdk(
  tp: TestPlatform,
  page: BrowserPage = openBrowserPage(tp.app, tp.clock.now),
  options: Partial<OktaAuthOptions> = {},
): { sdk: OktaAuth; page: BrowserPage } {
  const storage = pageStorage()
  const sdk = new OktaAuth({
    issuer: `${tp.okta}/oauth2/default`,
    clientId: OKTA_CLIENT_ID,
    redirectUri: tp.redirectUri,
    postLogoutRedirectUri: tp.redirectUri,
    scopes: SDK_SCOPES,
    responseMode: 'query',
    // The SDK's type names the return as `Promise<HttpResponse>` with more optional fields.
    httpRequestClient: page.httpRequestClient as OktaAuthOptions['httpRequestClient'],
    // The page's own storage (its localStorage) for tokens and OAuth transactions, rather than
    // the process-wide cache the SDK warns about in Node.
    storageManager: Object.fromEntries(
      ['token', 'transaction', 'shared-transaction', 'original-uri'].map((section) => [
        section,
        { storageProvider: storage },
      ]),
    ),
    ...options,
  })
  return { sdk, page }
}

/**
 * Registers hooks that keep `Date` at the platform's time (only `Date` is faked: timers and
 * I/O run normally), and forget any stateToken the SDK stored in an earlier test (in Node it keeps
 * it in one process-wide cache, as a browser keeps a cookie across page loads). Returns `advance`,
 * which moves both clocks.
 */
export function usePageClock(tp: TestPlatform): { advance(ms: number): void } {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
  })
  beforeEach(() => {
    vi.setSystemTime(tp.clock.now())
    oktaSdk(tp).sdk.options.storageUtil?.storage.delete(STATE_TOKEN_KEY)
  })
  afterAll(() => {
    vi.useRealTimers()
  })
  return {
    advance(ms) {
      tp.clock.advance(ms)
      vi.setSystemTime(tp.clock.now())
    },
  }
}

/** A `localStorage`-like store for one page. */
function pageStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}
