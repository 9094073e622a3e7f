/**
 * What the browser sent, in order: every request (method, URL, whether it was a top-level
 * navigation) and every URL the main frame committed (with its fragment, which requests lack).
 */
import type { BrowserContext, Page } from '@playwright/test'

export interface SeenRequest {
  readonly method: string
  readonly url: string
  /** A top-level navigation (including each hop of a redirect chain). */
  readonly navigation: boolean
  readonly at: number
}

export interface Committed {
  readonly url: string
  readonly at: number
}

/**
 * When the browser sent or received it (its own clock, epoch ms), not when the event reached this
 * process: on a loaded machine an answer's event came over 100 ms late while the next request's
 * did not, and the page's 1000 ms wait measured 908 ms. The time of the event when the browser
 * gives none.
 */
function browserTime(at: number): number {
  return at > 0 ? at : Date.now()
}

export class NetworkLog {
  readonly requests: SeenRequest[] = []
  readonly committed: Committed[] = []
  /** Resolves when a response whose URL matches arrives; used to time the 1000 ms wait. */
  readonly responses: { url: string; status: number; at: number }[] = []

  watch(context: BrowserContext): void {
    context.on('request', (request) => {
      const frame = request.frame()
      this.requests.push({
        method: request.method(),
        url: request.url(),
        navigation: request.isNavigationRequest() && frame.parentFrame() === null,
        at: browserTime(request.timing().startTime),
      })
    })
    context.on('response', (response) => {
      const { startTime, responseStart } = response.request().timing()
      this.responses.push({
        url: response.url(),
        status: response.status(),
        at: browserTime(responseStart < 0 ? -1 : startTime + responseStart),
      })
    })
    const watchPage = (page: Page) =>
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) this.committed.push({ url: frame.url(), at: Date.now() })
      })
    context.pages().forEach(watchPage)
    context.on('page', watchPage)
  }

  /** Requests with this method whose URL path ends with `pathSuffix` (query ignored). */
  count(method: string, pathSuffix: string | RegExp): number {
    return this.matching(method, pathSuffix).length
  }

  matching(method: string, pathSuffix: string | RegExp): SeenRequest[] {
    return this.requests.filter((request) => {
      if (request.method !== method) return false
      const path = new URL(request.url).pathname
      return typeof pathSuffix === 'string' ? path.endsWith(pathSuffix) : pathSuffix.test(path)
    })
  }

  /** Top-level navigation requests, in order. */
  navigations(): SeenRequest[] {
    return this.requests.filter((request) => request.navigation)
  }
}
