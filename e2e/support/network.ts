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
        at: Date.now(),
      })
    })
    context.on('response', (response) =>
      this.responses.push({ url: response.url(), status: response.status(), at: Date.now() }),
    )
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
