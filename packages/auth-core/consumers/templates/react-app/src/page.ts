/**
 * A browser page for Node (happy-dom) at `url`, made the global `window`, `document` and
 * `navigator` BEFORE react-dom/client loads (it looks for them once, when imported).
 * `location.assign` is recorded instead of leaving the page; `fetch` answers 503 and is recorded.
 */
export interface Page {
  readonly navigations: string[]
  readonly requests: string[]
  /** Runs `work` (a render inside `act`), then reads the text of `#root`. */
  render(work: () => Promise<void>): Promise<string>
  /** Closes the page: its timers (the session watching its cookies) stop, and Node can exit. */
  close(): void
}

// happy-dom 21's declarations need @types/node 25 (this app has the platform's 20), so it is
// imported untyped and used as the DOM's own `Window`, which it implements.
const HAPPY_DOM: string = 'happy-dom'

export async function openPage(url: string, cookies: readonly string[] = []): Promise<Page> {
  const { Window: HappyWindow } = (await import(HAPPY_DOM)) as {
    Window: new (options: { url: string }) => Window
  }
  const page = new HappyWindow({ url })
  const navigations: string[] = []
  const requests: string[] = []
  page.location.assign = (target: string | URL) => void navigations.push(String(target))
  for (const cookie of cookies) page.document.cookie = cookie
  const answer = async (input: string | URL | Request) => {
    requests.push(input instanceof Request ? input.url : String(input))
    return new Response('', { status: 503 })
  }
  for (const [name, value] of Object.entries({
    window: page,
    document: page.document,
    navigator: page.navigator,
    fetch: answer,
    IS_REACT_ACT_ENVIRONMENT: true,
  }))
    Object.defineProperty(globalThis, name, { value, configurable: true, writable: true })
  page.document.body.innerHTML = '<div id="root"></div>'
  return {
    navigations,
    requests,
    async render(work) {
      await work()
      return page.document.getElementById('root')?.textContent ?? ''
    },
    close: () => page.close(),
  }
}
