/**
 * The page-driver interface the cross-engine scenarios (`engines/scenarios/*`) are written
 * against, once, for every engine: Chromium (Playwright), Firefox (puppeteer-core over WebDriver
 * BiDi) and WebKit (webdriverio with WebKitWebDriver). An adapter implements only these
 * primitives, each as a real user action in its engine; waiting, text and focus checks are built
 * on `evaluate` in `engines/harness.ts`, so they behave the same everywhere.
 *
 * Every adapter serves production mode: `*.platform.test` resolves to 127.0.0.1 (nginx on
 * `HTTPS_PORT`/`HTTP_PORT`) and the run's test certificate is accepted.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit'

/** How a fresh session's browser presents itself. */
export interface SessionOptions {
  /** The browser's preferred languages, first first (Accept-Language, `navigator.languages`). */
  readonly locales?: readonly string[]
  /** `prefers-color-scheme` of every page (default `light`). */
  readonly colorScheme?: 'light' | 'dark'
  /** The viewport of every page, in CSS pixels (default 1280 × 800). */
  readonly viewport?: Viewport
}

export interface Viewport {
  readonly width: number
  readonly height: number
}

/** One browser engine, started lazily; `close` ends every process it started. */
export interface EngineDriver {
  readonly name: EngineName
  /** A fresh browsing session: its own cookie jar and storage, no page yet. */
  newSession(options?: SessionOptions): Promise<BrowserSession>
  close(): Promise<void>
}

/** An isolated cookie jar and the pages (tabs) opened in it. */
export interface BrowserSession {
  readonly engine: EngineName
  /** A new tab on about:blank, sharing this session's cookies. */
  newPage(): Promise<EnginePage>
  /** Closes every page and forgets the session's cookies and storage. */
  close(): Promise<void>
}

/** A cookie as the browser holds it. */
export interface BrowserCookie {
  readonly name: string
  readonly value: string
  /** With a leading dot for a domain cookie (`.platform.test`), the bare host for a host-only. */
  readonly domain: string
  readonly path: string
  /** Seconds since the epoch; `undefined` for a session cookie. */
  readonly expires: number | undefined
  readonly httpOnly: boolean
  readonly secure: boolean
  readonly sameSite: 'Strict' | 'Lax' | 'None' | undefined
}

/**
 * An element to act on: a CSS selector (the first match that is rendered), or the first rendered
 * match of `css` whose accessible name (`aria-label`, its `<label>`, or its trimmed text) equals
 * `name` (or matches it, when `name` is a pattern given as `{ pattern, flags }`).
 * Resolved in the page by `locate` (engines/locate.ts), identically in every engine.
 */
export type Target =
  | string
  | {
      readonly css: string
      readonly name: string | { readonly pattern: string; readonly flags?: string }
    }

/** The keys the scenarios press (WebDriver / Playwright names; `+` combines with a modifier). */
export type Key =
  | 'Backspace'
  | 'Delete'
  | 'ArrowLeft'
  | 'ArrowRight'
  | 'ArrowUp'
  | 'ArrowDown'
  | 'Home'
  | 'End'
  | 'Tab'
  | 'Shift+Tab'
  | 'Enter'
  | 'Space'
  | 'Escape'

/** One tab. Every method acts as a person (or the browser itself) would, never by setting state. */
export interface EnginePage {
  /** Navigates and resolves once the document's `load` fired. */
  goto(url: string): Promise<void>
  /** Reloads and resolves once the new document's `load` fired. */
  reload(): Promise<void>
  /** The top-level document's current URL. */
  url(): Promise<string>
  setViewport(viewport: Viewport): Promise<void>
  /**
   * Runs `fn(arg)` in the page's main world through the driver's privileged channel (not subject
   * to the page's CSP) and resolves with its (awaited) result. `fn` must be self-contained; `arg` and the result
   * cross as JSON.
   */
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>
  /** Runs a classic script's source (e.g. axe-core's bundle) in the page's main world. */
  runScript(source: string): Promise<void>
  /**
   * A real pointer click in the middle of `target` (scrolled into view first). Throws if no
   * rendered element matches; callers wait for it first.
   */
  click(target: Target): Promise<void>
  /** Types `text` key by key into the focused element (keydown, beforeinput, input, keyup). */
  type(text: string): Promise<void>
  /** Presses (and releases) `key` on the focused element. */
  press(key: Key): Promise<void>
  /**
   * A real paste of `text` into the focused element: the system clipboard holds `text`, then the
   * platform's paste shortcut is pressed, so the page's `paste` event carries the data as in use.
   */
  paste(text: string): Promise<void>
  /** The cookies the browser would send to this page's current URL, HttpOnly ones included. */
  cookies(): Promise<BrowserCookie[]>
  /** A PNG of the viewport. */
  screenshot(): Promise<Uint8Array>
  close(): Promise<void>
}
