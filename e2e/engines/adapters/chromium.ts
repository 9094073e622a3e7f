/**
 * Chromium: Debian's `/usr/bin/chromium` through Playwright (as the Playwright suites), with
 * production mode's host mapping and exactly the test certificate's key trusted. One browser
 * process; a session is a browser context.
 */
import { readFileSync } from 'node:fs'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_PATH, PLAYWRIGHT_CHROMIUM_ARGS, prodChromiumArgs } from '../../support/env'
import { RUN_FILES } from '../../support/runFiles'
import type {
  BrowserCookie,
  BrowserSession,
  EngineDriver,
  EnginePage,
  Key,
  SessionOptions,
  Target,
} from '../driver'
import { cssOf, locateInPage } from '../locate'

const DEFAULT_VIEWPORT = { width: 1280, height: 800 }

async function elementOf(page: Page, target: Target) {
  const index = await page.evaluate(locateInPage, target)
  if (index < 0) throw new Error(`no rendered element for ${JSON.stringify(target)}`)
  return page.locator(cssOf(target)).nth(index)
}

function chromiumPage(page: Page, context: BrowserContext): EnginePage {
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    url: async () => page.url(),
    setViewport: (viewport) => page.setViewportSize(viewport),
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) =>
      (page.evaluate.bind(page) as (f: unknown, a: unknown) => Promise<R>)(fn, arg),
    runScript: async (source) => void (await page.evaluate(source)),
    click: async (target) => (await elementOf(page, target)).click({ timeout: 5000 }),
    type: (text) => page.keyboard.type(text),
    press: (key: Key) => page.keyboard.press(key === 'Space' ? ' ' : key),
    async paste(text) {
      // Chromium lets a page with the clipboard permissions write the clipboard without a gesture.
      await page.evaluate((value) => navigator.clipboard.writeText(value), text)
      await page.keyboard.press('ControlOrMeta+V')
    },
    cookies: async () =>
      (await context.cookies(page.url())).map((cookie): BrowserCookie => ({
        name: cookie.name,
        value: cookie.value,
        domain: cookie.domain,
        path: cookie.path,
        expires: cookie.expires === -1 ? undefined : cookie.expires,
        httpOnly: cookie.httpOnly,
        secure: cookie.secure,
        sameSite: cookie.sameSite,
      })),
    screenshot: async () => page.screenshot(),
    close: () => page.close(),
  }
}

export function chromiumDriver(): EngineDriver {
  let browser: Promise<Browser> | null = null
  const start = () =>
    (browser ??= chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        ...PLAYWRIGHT_CHROMIUM_ARGS,
        ...prodChromiumArgs(readFileSync(RUN_FILES.spki, 'utf8').trim()),
      ],
    }))
  return {
    name: 'chromium',
    async newSession(options: SessionOptions = {}): Promise<BrowserSession> {
      const context = await (
        await start()
      ).newContext({
        locale: options.locales?.[0],
        colorScheme: options.colorScheme ?? 'light',
        viewport: options.viewport ?? DEFAULT_VIEWPORT,
      })
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      return {
        engine: 'chromium',
        newPage: async () => chromiumPage(await context.newPage(), context),
        close: () => context.close(),
      }
    },
    async close() {
      if (browser) await (await browser).close()
      browser = null
    },
  }
}
