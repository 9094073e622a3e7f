/**
 * CSP and Trusted Types violations, however they surface: `securitypolicyviolation` events (an
 * init script in every document, reporting through a binding that survives navigations), the
 * console's "Refused to …" errors, and uncaught page errors. Also counts the app documents watched,
 * so "zero violations" cannot pass by watching nothing.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { ORIGINS } from './env'

export interface Violation {
  readonly source: 'event' | 'console' | 'pageerror'
  readonly url: string
  readonly directive?: string
  readonly blockedURI?: string
  readonly sample?: string
  readonly text?: string
}

const POLICY_CONSOLE = /Content Security Policy|Trusted Type|Refused to|TrustedHTML|TrustedScript/i

export class ViolationLog {
  readonly entries: Violation[] = []
  /** App documents loaded during the test. */
  appDocuments = 0

  async watch(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__e2eReportViolation', ({ frame }, event: Violation) => {
      this.entries.push({ ...event, source: 'event', url: frame.url() })
    })
    await context.addInitScript(() => {
      const report = (window as unknown as { __e2eReportViolation?: (v: unknown) => void })
        .__e2eReportViolation
      document.addEventListener(
        'securitypolicyviolation',
        (event) =>
          report?.({
            directive: event.effectiveDirective,
            blockedURI: event.blockedURI,
            sample: event.sample,
          }),
        true,
      )
    })
    const watchPage = (page: Page) => {
      page.on('console', (message) => {
        if (message.type() === 'error' && POLICY_CONSOLE.test(message.text()))
          this.entries.push({ source: 'console', url: page.url(), text: message.text() })
      })
      page.on('pageerror', (error) => {
        if (page.url().startsWith(ORIGINS.app))
          this.entries.push({ source: 'pageerror', url: page.url(), text: String(error) })
      })
      page.on('load', () => {
        if (page.url().startsWith(ORIGINS.app)) this.appDocuments += 1
      })
    }
    context.pages().forEach(watchPage)
    context.on('page', watchPage)
  }

  /** Removes and returns the entries matching `predicate` (a test that provokes one on purpose). */
  take(predicate: (violation: Violation) => boolean): Violation[] {
    const taken = this.entries.filter(predicate)
    for (const violation of taken) this.entries.splice(this.entries.indexOf(violation), 1)
    return taken
  }
}
