/**
 * What the scenarios use: an `EnginePage` plus waiting checks built on `evaluate`, so a check
 * means the same in every engine. Every wait polls until it holds or `timeoutMs` passes, then
 * throws with what it last saw.
 */
import type { EnginePage, Key, Target } from './driver'
import { cssOf, disabledInPage, locateInPage } from './locate'

export const WAIT_MS = 7_000

/** Polls `probe` until `accept` holds; throws with the last value seen. */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = WAIT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let last: T | undefined
  let failure: unknown
  for (;;) {
    try {
      last = await probe()
      failure = undefined
      if (accept(last)) return last
    } catch (error) {
      // A navigation may destroy the context mid-probe: try again.
      failure = error
    }
    if (Date.now() > deadline)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${
          failure === undefined ? JSON.stringify(last) : String(failure)
        }`,
      )
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The accessible-ish description of the focused element: tag, name, value. */
export interface Focused {
  readonly tag: string
  readonly name: string
  readonly value: string | null
}

/** A CSS target by accessible name (a string equals, a RegExp matches). */
export function named(css: string, name: string | RegExp): Target {
  return {
    css,
    name: typeof name === 'string' ? name : { pattern: name.source, flags: name.flags },
  }
}

export const button = (name: string | RegExp): Target => named('button', name)
export const field = (name: string | RegExp): Target => named('input', name)

export class Tab {
  constructor(readonly page: EnginePage) {}

  goto(url: string): Promise<void> {
    return this.page.goto(url)
  }

  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.page.evaluate(fn, arg)
  }

  /** The page's URL once `accept` holds for it. */
  waitForUrl(accept: (url: URL) => boolean, timeoutMs = WAIT_MS): Promise<string> {
    return waitFor(
      'the URL',
      () => this.page.url(),
      (url) => accept(new URL(url)),
      timeoutMs,
    )
  }

  /** Waits until `target` is rendered. */
  async visible(target: Target, timeoutMs = WAIT_MS): Promise<void> {
    await waitFor(
      `${JSON.stringify(target)} to be rendered`,
      () => this.page.evaluate(locateInPage, target),
      (index) => index >= 0,
      timeoutMs,
    )
  }

  /** Waits until nothing matches `target` among rendered elements. */
  async hidden(target: Target, timeoutMs = WAIT_MS): Promise<void> {
    await waitFor(
      `${JSON.stringify(target)} to be gone`,
      () => this.page.evaluate(locateInPage, target),
      (index) => index < 0,
      timeoutMs,
    )
  }

  /**
   * Waits until `target` is rendered and enabled, as a person waits for a control they can use
   * (and as Playwright's click does), then clicks it for real. A click on a disabled button does
   * nothing in any engine: on a loaded machine the prerendered email step's Next, disabled until
   * the page has read the typed email, took WebKit's click while Chromium's Playwright waited.
   */
  async click(target: Target, timeoutMs = WAIT_MS): Promise<void> {
    await waitFor(
      `${JSON.stringify(target)} to be rendered and enabled`,
      async () => {
        const index = await this.page.evaluate(locateInPage, target)
        return index < 0
          ? 'not rendered'
          : await this.page.evaluate(disabledInPage, { css: cssOf(target), index })
      },
      (state) => state === 'enabled',
      timeoutMs,
    )
    await this.page.click(target)
  }

  /** Clicks `target` (an empty field) and types `text` into it. */
  async fill(target: Target, text: string): Promise<void> {
    await this.click(target)
    await this.page.type(text)
  }

  type(text: string): Promise<void> {
    return this.page.type(text)
  }

  press(key: Key): Promise<void> {
    return this.page.press(key)
  }

  paste(text: string): Promise<void> {
    return this.page.paste(text)
  }

  /** The rendered text of `css`'s first rendered match ('' if none). */
  textOf(css: string): Promise<string> {
    return this.page.evaluate((selector) => {
      const element = Array.from(document.querySelectorAll<HTMLElement>(selector)).find(
        (candidate) => candidate.getClientRects().length > 0,
      )
      return (element?.innerText ?? '').replace(/\s+/g, ' ').trim()
    }, css)
  }

  /** Waits until the first rendered match of `css` reads `text` (a RegExp: matches). */
  async text(css: string, text: string | RegExp, timeoutMs = WAIT_MS): Promise<string> {
    return waitFor(
      `${css} to read ${String(text)}`,
      () => this.textOf(css),
      (seen) => (typeof text === 'string' ? seen === text : text.test(seen)),
      timeoutMs,
    )
  }

  /** Waits until some rendered text in `main` contains `text`. */
  async sees(text: string, timeoutMs = WAIT_MS): Promise<void> {
    await waitFor(
      `the page to show "${text}"`,
      () => this.page.evaluate(() => document.body.innerText.replace(/\s+/g, ' '), null),
      (body) => body.includes(text),
      timeoutMs,
    )
  }

  /** What has focus now. */
  focused(): Promise<Focused> {
    return this.page.evaluate(() => {
      const element = document.activeElement as HTMLInputElement | null
      if (!element || element === document.body) return { tag: 'body', name: '', value: null }
      const name =
        element.getAttribute('aria-label') ??
        element.labels?.[0]?.textContent ??
        element.textContent ??
        ''
      return {
        tag: element.tagName.toLowerCase(),
        name: name.replace(/\s+/g, ' ').trim(),
        value: 'value' in element ? String(element.value) : null,
      }
    }, null)
  }

  /** Waits until the focused element's name is `name` (a RegExp: matches). */
  async focusIs(name: string | RegExp, timeoutMs = WAIT_MS): Promise<Focused> {
    return waitFor(
      `focus on ${String(name)}`,
      () => this.focused(),
      (focused) => (typeof name === 'string' ? focused.name === name : name.test(focused.name)),
      timeoutMs,
    )
  }

  /** The six code boxes' digits, joined. */
  codeValue(): Promise<string> {
    return this.page.evaluate(
      () =>
        Array.from(document.querySelectorAll<HTMLInputElement>('input[aria-label^="Digit "]'))
          .map((box) => box.value)
          .join(''),
      null,
    )
  }

  /** Waits until the code boxes hold `digits`. */
  async codeIs(digits: string, timeoutMs = WAIT_MS): Promise<void> {
    await waitFor(
      `the boxes to hold "${digits}"`,
      () => this.codeValue(),
      (v) => v === digits,
      timeoutMs,
    )
  }
}
