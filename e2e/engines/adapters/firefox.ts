/**
 * Firefox: Debian's `firefox-esr`, headless, driven over WebDriver BiDi by puppeteer-core.
 *
 * Set-up, not product: Firefox has no host-resolver flag, so `network.dns.forceResolve` sends
 * every name to 127.0.0.1 (the suite's network is closed anyway; DNS over HTTPS is off). It cannot
 * map ports, so nginx must listen on 443 as deployed. It cannot trust one key as Chromium's SPKI
 * list does without a certificate database tool, so the session accepts insecure certificates
 * (`acceptInsecureCerts`; the certificate itself is checked by the Playwright suite's headers spec).
 * Language and colour scheme are browser preferences, not per tab: one browser process per
 * distinct pair, each session a BiDi user context (own cookies and storage) in it.
 */
import puppeteer, {
  type Browser,
  type BrowserContext,
  type KeyInput,
  type Page,
} from 'puppeteer-core'
import { HTTPS_PORT } from '../../support/env'
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

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr'
const DEFAULT_VIEWPORT = { width: 1280, height: 800 }

async function elementOf(page: Page, target: Target) {
  const index = await page.evaluate(locateInPage, target)
  const element = index < 0 ? undefined : (await page.$$(cssOf(target)))[index]
  if (!element) throw new Error(`no rendered element for ${JSON.stringify(target)}`)
  return element
}

async function press(page: Page, key: Key): Promise<void> {
  if (key === 'Shift+Tab') {
    await page.keyboard.down('Shift')
    await page.keyboard.press('Tab')
    await page.keyboard.up('Shift')
    return
  }
  await page.keyboard.press(key === 'Space' ? ' ' : (key as KeyInput))
}

function firefoxPage(page: Page): EnginePage {
  return {
    goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
    reload: async () => void (await page.reload({ waitUntil: 'load' })),
    url: async () => page.url(),
    setViewport: (viewport) => page.setViewport(viewport),
    evaluate: <R, A>(fn: (arg: A) => R | Promise<R>, arg: A) =>
      (page.evaluate.bind(page) as (f: unknown, a: unknown) => Promise<R>)(fn, arg),
    runScript: async (source) => void (await page.evaluate(source)),
    click: async (target) => (await elementOf(page, target)).click(),
    type: (text) => page.keyboard.type(text),
    press: (key) => press(page, key),
    async paste(text) {
      // Firefox hands a synthetic `paste` event no data: the clipboard is written for real (BiDi's
      // script calls carry a user activation, which writeText needs), then Ctrl+V pastes it.
      await page.evaluate((value) => navigator.clipboard.writeText(value), text)
      await page.keyboard.down('Control')
      await page.keyboard.press('v')
      await page.keyboard.up('Control')
    },
    cookies: async () =>
      (await page.cookies()).map((cookie): BrowserCookie => ({
        name: cookie.name,
        value: cookie.value,
        domain: cookie.domain,
        path: cookie.path,
        expires: cookie.session || cookie.expires < 0 ? undefined : cookie.expires,
        httpOnly: cookie.httpOnly ?? false,
        secure: cookie.secure,
        sameSite: cookie.sameSite === 'Default' ? undefined : cookie.sameSite,
      })),
    screenshot: () => page.screenshot(),
    close: () => page.close(),
  }
}

function launch(options: SessionOptions): Promise<Browser> {
  if (HTTPS_PORT !== 443)
    throw new Error('Firefox cannot map ports: run production mode with nginx on 443 (as root).')
  return puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    acceptInsecureCerts: true,
    extraPrefsFirefox: {
      // *.platform.test (and every other name) is nginx on loopback; no DNS over HTTPS.
      'network.dns.forceResolve': '127.0.0.1',
      'network.trr.mode': 5,
      'network.dns.disableIPv6': true,
      'network.proxy.type': 0,
      // 0: dark, 1: light (what `prefers-color-scheme` answers).
      'layout.css.prefers-color-scheme.content-override': options.colorScheme === 'dark' ? 0 : 1,
      'intl.accept_languages': (options.locales ?? ['en-US', 'en']).join(','),
      // Headless Firefox has no pointing device: `(hover: hover) and (pointer: fine)` is false, so
      // the page took a desktop for a phone (the QR step's same-device link showed). A desktop with
      // a mouse, as headless Chromium reports: fine pointer (2) + hover (4).
      'ui.primaryPointerCapabilities': 6,
      'ui.allPointerCapabilities': 6,
    },
  })
}

export function firefoxDriver(): EngineDriver {
  const browsers = new Map<string, Promise<Browser>>()
  return {
    name: 'firefox',
    async newSession(options: SessionOptions = {}): Promise<BrowserSession> {
      const key = `${options.colorScheme ?? 'light'} ${(options.locales ?? []).join(',')}`
      let browser = browsers.get(key)
      if (!browser) browsers.set(key, (browser = launch(options)))
      const context: BrowserContext = await (await browser).createBrowserContext()
      const viewport = options.viewport ?? DEFAULT_VIEWPORT
      return {
        engine: 'firefox',
        async newPage() {
          const page = await context.newPage()
          await page.setViewport(viewport)
          return firefoxPage(page)
        },
        close: () => context.close(),
      }
    },
    async close() {
      for (const browser of browsers.values()) await (await browser).close()
      browsers.clear()
    },
  }
}
